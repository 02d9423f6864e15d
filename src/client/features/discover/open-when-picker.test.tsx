// @vitest-environment jsdom
// "Open when I can go" (decision 0802): day buttons with aria-pressed, the two times (usable once a
// day is chosen, always forwards), the presets, and the chip's words in English and Spanish.
import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enDiscover from '../../locales/en/discover.json';
import esDiscover from '../../locales/es/discover.json';
import { DEFAULT_FILTERS, type Filters } from './filters';
import { OpenWhenPicker, useOpenWhenLabel } from './open-when-picker';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['discover'],
    resources: { en: { discover: enDiscover }, es: { discover: esDiscover } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const wrap = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

function renderPicker(filters: Partial<Filters>) {
  const setFilters = vi.fn();
  render(<OpenWhenPicker filters={{ ...DEFAULT_FILTERS, ...filters }} setFilters={setFilters} />, { wrapper: wrap });
  return setFilters;
}

describe('OpenWhenPicker', () => {
  it('presses a day, Monday-first, and the times wait for a day', () => {
    const setFilters = renderPicker({ days: ['sun'] });
    const saturday = screen.getByRole('button', { name: 'Saturday' });
    expect(saturday.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Sunday' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(saturday);
    expect(setFilters).toHaveBeenLastCalledWith({ days: ['sat', 'sun'] });
    expect(saturday.getAttribute('aria-pressed')).toBe('true');
    cleanup();
    renderPicker({});
    expect((screen.getByLabelText('From') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Choose a day first')).toBeTruthy();
  });

  it('keeps the window running forwards, in HH:MM as the URL spells it', () => {
    const setFilters = renderPicker({ days: ['sat'], from: 8 * 60, to: 12 * 60 });
    const from = screen.getByLabelText('From') as HTMLSelectElement;
    expect(from.value).toBe('08:00');
    expect(from.name).toBe('from');
    fireEvent.change(from, { target: { value: '13:00' } });
    expect(setFilters).toHaveBeenLastCalledWith({ from: 780, to: 840 });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '24:00' } });
    expect(setFilters).toHaveBeenLastCalledWith({ to: 1440, from: 780 });
  });

  it('sets a preset, and a pressed preset turns the filter off', () => {
    const setFilters = renderPicker({});
    fireEvent.click(screen.getByRole('button', { name: 'Weekday evenings (Mon–Fri 17–21)' }));
    expect(setFilters).toHaveBeenLastCalledWith({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 1020, to: 1260 });
    cleanup();
    const again = renderPicker({ days: ['sat', 'sun'], from: 480, to: 720 });
    const mornings = screen.getByRole('button', { name: 'Weekend mornings (Sat–Sun 8–12)' });
    expect(mornings.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(mornings);
    expect(again).toHaveBeenLastCalledWith({ days: [] });
  });
});

describe('the chip', () => {
  it('says the days and the window, or the days alone for the whole day, in both languages', async () => {
    const { result } = renderHook(() => useOpenWhenLabel(), { wrapper: wrap });
    expect(result.current({ days: ['sat'], from: 480, to: 720 })).toBe('Open: Sat 8:00–12:00');
    expect(result.current({ days: ['sat', 'sun'], from: 0, to: 1440 })).toBe('Open: Sat, Sun');
    await i18n.changeLanguage('es');
    const es = renderHook(() => useOpenWhenLabel(), { wrapper: wrap });
    expect(es.result.current({ days: ['mon', 'fri'], from: 1020, to: 1260 })).toBe('Abierto: lun, vie 17:00–21:00');
  });
});
