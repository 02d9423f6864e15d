// @vitest-environment jsdom
// "Is this still correct?": Yes posts to /api/locations/{id}/confirm and thanks the
// visitor; "No, report a problem" opens the app's Report dialog (lib/report-location.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerReportOpener } from '../../lib/report-location';
import enLocation from '../../locales/en/location.json';
import { StillCorrect } from './still-correct';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['location'],
    resources: { en: { location: enLocation } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <StillCorrect locationId={7} />
      </QueryClientProvider>
    </I18nextProvider>,
  );

describe('StillCorrect', () => {
  it('Yes posts the confirmation and shows the thanks', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ confirmations: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    view();
    expect(screen.getByRole('group', { name: 'Is this still correct?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thank you! Your confirmation helps others.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/locations/7/confirm');
    expect(init.method).toBe('POST');
  });

  it('No opens the Report dialog', () => {
    const open = vi.fn();
    const unregister = registerReportOpener(open);
    view();
    fireEvent.click(screen.getByRole('button', { name: 'No, report a problem' }));
    expect(open).toHaveBeenCalledTimes(1);
    unregister();
  });
});
