// @vitest-environment jsdom
// The card's hours (decision 0800): no "now" in the server's HTML unless it names its instant
// (0900), status once mounted, nothing when stale or unstructured, 'Checked …' in both languages.
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enDiscover from '../locales/en/discover.json';
import enHours from '../locales/en/hours.json';
import esDiscover from '../locales/es/discover.json';
import esHours from '../locales/es/hours.json';
import { CheckedLine, HoursStatusLine, RenderedAtContext, startClockAt } from './hours-line';

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

  it("renders the server's instant on the server and while hydrating, then the browser's clock", async () => {
    // The server rendered at 11:59:30 in Kansas City, the place closing at 12:00; the browser's clock
    // reads 12:00:30 when it hydrates, so that answer is stale by then.
    const renderedAt = new Date('2026-03-14T16:59:30Z');
    const location = { openNow: true, nextChange: '2026-03-14T17:00:00Z' };
    const tree = wrap(
      <RenderedAtContext.Provider value={renderedAt}>
        <HoursStatusLine location={location} />
      </RenderedAtContext.Provider>,
    );
    const html = renderToString(tree);
    expect(html).toContain('Open now · closes 12:00');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    vi.setSystemTime(new Date('2026-03-14T17:00:30Z'));
    const errors: unknown[] = [];
    startClockAt(renderedAt);
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: (e) => errors.push(e) }));
    // Hydrated as the server rendered it: no mismatch, nothing re-rendered yet.
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('Open now · closes 12:00');
    // The browser's clock follows in a task of its own: the stale answer shows nothing.
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(container.textContent).toBe('');
    act(() => root.unmount());
    container.remove();
    vi.setSystemTime(NOW);
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
