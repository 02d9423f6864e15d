// @vitest-environment jsdom
// A place's attributes shown (decision 0803): the card's known positives and "+n more", the printed
// list's line, the page's every known fact in the reader's language, nothing known as one line, the
// review desk's words.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enBadges from '../../locales/en/attribute-badges.json';
import enAttributes from '../../locales/en/attributes.json';
import esBadges from '../../locales/es/attribute-badges.json';
import esAttributes from '../../locales/es/attributes.json';
import { attributeValueWords } from './attribute-words';
import { PlaceAttributesBadges, PlaceAttributesLine } from './place-attributes-badges';
import { PlaceAttributesSection } from './place-attributes-section';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['attributes', 'attribute-badges'],
    resources: {
      en: { attributes: enAttributes, 'attribute-badges': enBadges },
      es: { attributes: esAttributes, 'attribute-badges': esBadges },
    },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const withI18n = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('card badges', () => {
  it('shows known positive facts only, four and "+n more"', () => {
    withI18n(
      <PlaceAttributesBadges
        attributes={{
          snap: true,
          wic: false,
          credit: true,
          wheelchair: 'limited',
          restroom: true,
          free: true,
          busStop: true,
        }}
      />,
    );
    expect(items('Payments and access')).toEqual(['SNAP', 'Free', 'Limited wheelchair access', 'Restroom', '+2 more']);
  });

  it('shows a fifth badge rather than "+1 more", and nothing at all when nothing positive is known', () => {
    withI18n(
      <PlaceAttributesBadges attributes={{ snap: true, wic: true, doubleUp: true, sfmnp: true, parking: true }} />,
    );
    expect(items('Payments and access')).toEqual(['SNAP', 'WIC', 'Double Up', 'Senior coupons', 'Parking']);
    cleanup();
    const { container } = withI18n(<PlaceAttributesBadges attributes={{ snap: false, wheelchair: 'no' }} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('printed line', () => {
  it('says every known positive fact, with no "+n more" on paper, and nothing when none is known', async () => {
    const attributes = {
      snap: true,
      wic: true,
      doubleUp: true,
      sfmnp: true,
      free: true,
      credit: false,
      wheelchair: 'limited' as const,
    };
    const { container, rerender } = withI18n(<PlaceAttributesLine attributes={attributes} />);
    expect(container.textContent).toBe(
      'Payments and access: SNAP · WIC · Double Up · Senior coupons · Free · Limited wheelchair access',
    );
    await i18n.changeLanguage('es');
    rerender(
      <I18nextProvider i18n={i18n}>
        <PlaceAttributesLine attributes={{ busStop: true }} />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe(`${esBadges.label}: ${esBadges.busStop}`);
    rerender(
      <I18nextProvider i18n={i18n}>
        <PlaceAttributesLine attributes={{ credit: false, wheelchair: 'no' }} />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('page section', () => {
  it('says every known fact, yes and no, by group, with languages by name', () => {
    withI18n(
      <PlaceAttributesSection
        attributes={{
          snap: true,
          credit: false,
          wheelchair: 'no',
          free: false,
          eligibility: 'restricted',
          eligibilityNote: 'Members of the co-op',
          languages: ['es', 'vi'],
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Payments and access' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Accepts SNAP/EBT',
      'Does not accept credit cards',
      'Wheelchair: not accessible',
      'There is a fee',
      'For members, residents or those who qualify: Members of the co-op',
      'Languages: Spanish, Vietnamese',
    ]);
    expect(within(section).queryByText(/WIC/)).toBeNull();
  });

  it('in Spanish', async () => {
    await i18n.changeLanguage('es');
    withI18n(<PlaceAttributesSection attributes={{ wic: true, languages: ['vi'] }} />);
    const section = screen.getByRole('region', { name: 'Pagos y acceso' });
    expect(within(section).getByText('Acepta WIC')).toBeTruthy();
    expect(within(section).getByText('Idiomas: vietnamita')).toBeTruthy();
  });

  it('with nothing known: one line, and an invitation that opens the edit form', () => {
    const onEdit = vi.fn();
    withI18n(<PlaceAttributesSection attributes={{}} onEdit={onEdit} />);
    expect(screen.getByText('Nobody has said yet how to pay here or how accessible it is.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add what you know' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });
});

describe('review desk words', () => {
  it('names values in words; null is "Not known"', () => {
    const t = i18n.getFixedT('en', 'attributes');
    expect(attributeValueWords('snap', true, t, 'en')).toBe('Yes');
    expect(attributeValueWords('snap', null, t, 'en')).toBe('Not known');
    expect(attributeValueWords('free', false, t, 'en')).toBe('There is a fee');
    expect(attributeValueWords('wheelchair', 'limited', t, 'en')).toBe('Limited');
    expect(attributeValueWords('languages', ['es'], t, 'en')).toBe('Spanish');
  });
});
