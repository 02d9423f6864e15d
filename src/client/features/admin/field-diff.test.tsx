// @vitest-environment jsdom
// The review desk reads attribute changes fact by fact and in words (decision 0803): a change of
// the whole set (an undo's preview) is split into one line per fact; unknown is "Not known".
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../locales/en/admin.json';
import enAttributes from '../../locales/en/attributes.json';
import { FieldDiff } from './field-diff';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['admin', 'attributes'],
    resources: { en: { admin: enAdmin, attributes: enAttributes } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

describe('FieldDiff', () => {
  it('shows attribute changes in words, one line per fact', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FieldDiff
          changes={[
            { field: 'name', before: 'Old', after: 'New' },
            { field: 'attributes.snap', before: true, after: null },
            { field: 'attributes', before: { wheelchair: 'yes', languages: ['es'] }, after: { wheelchair: 'limited' } },
          ]}
        />
      </I18nextProvider>,
    );
    const lines = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Name: Old → New',
      'SNAP/EBT: Yes → Not known',
      'Languages spoken: Spanish → Not known',
      'Wheelchair access: Yes → Limited',
    ]);
  });
});
