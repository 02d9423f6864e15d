// @vitest-environment jsdom
// Provenance and the facts' age on card and page (decision 0804): source, year, licence, a
// visitor's place, "may have changed" once stale, in both languages; the server renders the same.
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enDiscover from '../locales/en/discover.json';
import esDiscover from '../locales/es/discover.json';
import { RenderedAtContext } from './hours-line';
import { FreshnessLines } from './provenance-lines';

const i18n = i18next.createInstance();
const NOW = new Date('2026-11-26T15:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['discover'],
    resources: { en: { discover: enDiscover }, es: { discover: esDiscover } },
    interpolation: { escapeValue: false },
  });
});
afterAll(() => vi.useRealTimers());
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const wrap = (node: React.ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
const usda = {
  name: 'USDA Farmers Market Directory',
  ref: 'github:akschenker/Project1-farmersMarkets@4570b37:farmers_markets.csv#row418 (FMID 1008466)',
  license: 'Public domain (U.S. Government work, 17 U.S.C. 105)',
  publishedAt: '2013-06-25T00:00:00.000Z',
};
const market = { source: usda, createdAt: '2026-11-01T00:00:00.000Z', lastVerifiedAt: null };

describe('FreshnessLines', () => {
  it('names a source that is not a web address as text, with its year, licence and reference on the page', () => {
    render(wrap(<FreshnessLines location={market} detailed />));
    expect(screen.getByTestId('source-line').querySelector('a')).toBeNull();
    expect(screen.getByTestId('source-line').firstElementChild!.textContent).toBe(
      'Source: USDA Farmers Market Directory, listing of 2013',
    );
    expect(screen.getByTestId('source-license').textContent).toBe(`License: ${usda.license} · Reference: ${usda.ref}`);
    expect(screen.getByTestId('facts-age').textContent).toBe('Listed in 2013 — may have changed');
    expect(screen.getByTestId('checked-line').textContent).toBe('Not checked yet');
  });

  it('links a source whose reference is a web address; the card keeps the licence as its title', () => {
    const page = { ...usda, name: 'KC Parks', ref: 'https://kcparks.org/places/loose-park/', publishedAt: null };
    render(wrap(<FreshnessLines location={{ ...market, source: page }} />));
    const link = screen.getByRole('link', { name: /KC Parks/ });
    expect(link.getAttribute('href')).toBe('https://kcparks.org/places/loose-park/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByTestId('source-license')).toBeNull();
    expect(screen.getByTestId('source-line').firstElementChild!.getAttribute('title')).toBe(usda.license);
    // No date and never checked: its age is unknown, and not new.
    expect(screen.getByTestId('facts-age').textContent).toBe('Date of the source unknown — may have changed');
  });

  it('does not link a reference that only looks like one', () => {
    const odd = { ...usda, ref: 'javascript:alert(1)' };
    render(wrap(<FreshnessLines location={{ ...market, source: odd }} />));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says a visitor added the place, and says nothing of its age while it is recent; a check renews an old listing', () => {
    const { rerender } = render(
      wrap(<FreshnessLines location={{ source: null, createdAt: '2026-11-20T10:00:00.000Z', lastVerifiedAt: null }} />),
    );
    expect(screen.getByTestId('source-line').textContent).toBe('Added by a visitor on Nov 20, 2026');
    expect(screen.queryByTestId('facts-age')).toBeNull();
    rerender(wrap(<FreshnessLines location={{ ...market, lastVerifiedAt: '2026-03-02T10:00:00.000Z' }} />));
    expect(screen.queryByTestId('facts-age')).toBeNull();
  });

  it('speaks Spanish, and the server renders the age at its instant', async () => {
    const html = renderToString(
      wrap(
        <RenderedAtContext.Provider value={NOW}>
          <FreshnessLines location={market} />
        </RenderedAtContext.Provider>,
      ),
    );
    expect(html).toContain('Listed in 2013 — may have changed');
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    render(wrap(<FreshnessLines location={market} />));
    expect(screen.getByTestId('facts-age').textContent).toBe('Publicado en 2013: puede haber cambiado');
    expect(screen.getByTestId('source-line').textContent).toBe('Fuente: USDA Farmers Market Directory, ficha de 2013');
  });
});
