// @vitest-environment jsdom
// The filter panel's facets (decision 0803): Payments and Access checkboxes in list order, sent as
// pay=/access= without script, one chip each that removes it, counted; English and Spanish labels.
import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enDiscover from '../../locales/en/discover.json';
import esDiscover from '../../locales/es/discover.json';
import { FacetFilters, facetCount, useFacetChips } from './facet-filters';
import { DEFAULT_FILTERS, type Filters } from './filters';

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

function renderFacets(filters: Partial<Filters>) {
  const setFilters = vi.fn();
  render(<FacetFilters filters={{ ...DEFAULT_FILTERS, ...filters }} setFilters={setFilters} />, { wrapper: wrap });
  return setFilters;
}

describe('FacetFilters', () => {
  it('shows both groups with every facet, checked as the URL says', () => {
    renderFacets({ pay: ['wic'] });
    const payments = screen.getByRole('group', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('checkbox')
        .map((b) => b.getAttribute('value')),
    ).toEqual(['snap', 'wic', 'sfmnp', 'double-up', 'credit']);
    expect((within(payments).getByLabelText('WIC') as HTMLInputElement).checked).toBe(true);
    expect((within(payments).getByLabelText('SNAP/EBT') as HTMLInputElement).name).toBe('pay');
    const access = screen.getByRole('group', { name: 'Access' });
    expect(within(access).getAllByRole('checkbox')).toHaveLength(8);
    expect((within(access).getByLabelText('Bus stop nearby') as HTMLInputElement).name).toBe('access');
  });

  it('adds and removes a facet, keeping the list order', () => {
    const setFilters = renderFacets({ pay: ['credit'] });
    fireEvent.click(screen.getByLabelText('SNAP/EBT'));
    expect(setFilters).toHaveBeenLastCalledWith({ pay: ['snap', 'credit'] });
    expect((screen.getByLabelText('SNAP/EBT') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Credit cards'));
    expect(setFilters).toHaveBeenLastCalledWith({ pay: ['snap'] });
    fireEvent.click(screen.getByLabelText('Open to everyone'));
    expect(setFilters).toHaveBeenLastCalledWith({ access: ['everyone'] });
  });

  it('says every facet in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderFacets({});
    expect(screen.getByRole('group', { name: 'Pagos' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Acceso' })).toBeTruthy();
    expect(screen.getByLabelText('Accesible en silla de ruedas')).toBeTruthy();
    expect(screen.getByLabelText('Cupones del mercado para personas mayores (SFMNP)')).toBeTruthy();
  });
});

describe('the facet chips', () => {
  it('one per facet, each removing only itself, and counted', () => {
    const setFilters = vi.fn();
    const filters = { ...DEFAULT_FILTERS, pay: ['snap', 'wic'], access: ['wheelchair'] } as Filters;
    const { result } = renderHook(() => useFacetChips({ filters, setFilters }), { wrapper: wrap });
    expect(result.current.map((c) => c.label)).toEqual(['SNAP/EBT', 'WIC', 'Wheelchair accessible']);
    result.current[0]!.remove();
    expect(setFilters).toHaveBeenLastCalledWith({ pay: ['wic'] });
    result.current[2]!.remove();
    expect(setFilters).toHaveBeenLastCalledWith({ access: [] });
    expect(facetCount(filters)).toBe(3);
  });
});
