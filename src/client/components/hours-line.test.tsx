// @vitest-environment jsdom
// The card's hours (decision 0800): nothing "now"-dependent in the server's HTML (decision 0900),
// the status from openNow and nextChange once mounted, nothing without structured hours or when the
// answer is stale, and 'Checked Mar 2026' / 'Not checked yet' in both languages.
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enDiscover from '../locales/en/discover.json';
import enHours from '../locales/en/hours.json';
import esDiscover from '../locales/es/discover.json';
import esHours from '../locales/es/hours.json';
import { CheckedLine, HoursStatusLine } from './hours-line';

const i18n = i18next.createInstance();
// Saturday 14 March 2026, 10:00 in Kansas City (CDT, UTC-5).
const NOW = new Date('2026-03-14T15:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['discover', 'hours'],
    resources: { en: { discover: enDiscover, hours: enHours }, es: { discover: esDiscover, hours: esHours } },
    interpolation: { escapeValue: false },
  });
});
afterAll(() => vi.useRealTimers());
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const wrap = (node: React.ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;

describe('HoursStatusLine', () => {
  it('renders nothing on the server, so hydration matches', () => {
    const html = renderToString(wrap(<HoursStatusLine location={{ openNow: true, nextChange: null }} />));
    expect(html).toBe('');
  });

  it('shows open, opens and out of season once mounted', async () => {
    const { rerender } = render(
      wrap(<HoursStatusLine location={{ openNow: true, nextChange: '2026-03-14T17:00:00Z' }} />),
    );
    await act(async () => {});
    expect(screen.getByTestId('hours-status').textContent).toBe('Open now · closes 12:00');
    rerender(wrap(<HoursStatusLine location={{ openNow: false, nextChange: '2026-03-21T12:00:00Z' }} />));
    expect(screen.getByTestId('hours-status').textContent).toBe('Opens Sat 7:00');
    rerender(wrap(<HoursStatusLine location={{ openNow: false, nextChange: '2026-04-04T12:00:00Z' }} />));
    expect(screen.getByTestId('hours-status').textContent).toBe('Out of season until April');
  });

  it('shows nothing without structured hours or when the answer is stale', async () => {
    const { rerender } = render(wrap(<HoursStatusLine location={{ openNow: null, nextChange: null }} />));
    await act(async () => {});
    expect(screen.queryByTestId('hours-status')).toBeNull();
    rerender(wrap(<HoursStatusLine location={{ openNow: true, nextChange: '2026-03-14T14:00:00Z' }} />));
    expect(screen.queryByTestId('hours-status')).toBeNull();
  });
});

describe('CheckedLine', () => {
  it('gives the month checked, or not checked yet, in the interface language', async () => {
    const { rerender } = render(wrap(<CheckedLine lastVerifiedAt="2026-03-02T10:00:00Z" />));
    expect(screen.getByTestId('checked-line').textContent).toBe('Checked Mar 2026');
    rerender(wrap(<CheckedLine lastVerifiedAt={null} />));
    expect(screen.getByTestId('checked-line').textContent).toBe('Not checked yet');
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    rerender(wrap(<CheckedLine lastVerifiedAt="2026-03-02T10:00:00Z" />));
    expect(screen.getByTestId('checked-line').textContent).toBe('Comprobado en mar 2026');
  });
});
