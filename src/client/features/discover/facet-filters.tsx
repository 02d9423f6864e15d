// The filter panel's facets (decision 0803): "Payments" and "Access" checkboxes, each a fact that
// must hold (pay=snap,wic&access=wheelchair). Checkboxes so the form works without JavaScript: each
// checked box is sent as its own pay=…, which filters.ts reads as the list.
import { useTranslation } from 'react-i18next';
import { ACCESS_FILTERS, type AccessFilter, PAY_FILTERS, type PayFilter } from '../../../shared/place-facets';
import { type Filters, PARAM } from './filters';
import type { DiscoverState } from './use-discover-state';
import { useDraft } from './use-draft';

type FacetKey = 'pay' | 'access';
const GROUPS = [
  { key: 'pay', facets: PAY_FILTERS },
  { key: 'access', facets: ACCESS_FILTERS },
] as const satisfies ReadonlyArray<{ key: FacetKey; facets: readonly string[] }>;

/** How many facets are set: one chip each, counted by the phone's Filters button. */
export function facetCount(filters: Pick<Filters, FacetKey>): number {
  return filters.pay.length + filters.access.length;
}

/** The chips of the set facets: their labels and how each is removed. */
export function useFacetChips({
  filters,
  setFilters,
}: Pick<DiscoverState, 'filters' | 'setFilters'>): Array<{ key: string; label: string; remove(): void }> {
  const { t } = useTranslation('discover');
  return GROUPS.flatMap(({ key }) =>
    (filters[key] as string[]).map((facet) => ({
      key: `${key}-${facet}`,
      label: t(`facets.${key}.${facet}`),
      remove: () => setFilters({ [key]: (filters[key] as string[]).filter((f) => f !== facet) }),
    })),
  );
}

export function FacetFilters({ filters, setFilters }: Pick<DiscoverState, 'filters' | 'setFilters'>) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4" data-facets="">
      {GROUPS.map((group) => (
        <FacetGroup
          key={group.key}
          name={group.key}
          facets={group.facets}
          chosen={filters[group.key]}
          onChange={(next) => setFilters({ [group.key]: next } as Partial<Filters>)}
        />
      ))}
    </div>
  );
}

function FacetGroup({
  name,
  facets,
  chosen,
  onChange,
}: {
  name: FacetKey;
  facets: readonly (PayFilter | AccessFilter)[];
  chosen: readonly string[];
  onChange(next: string[]): void;
}) {
  const { t } = useTranslation('discover');
  // The boxes follow a click at once: the URL's value arrives only when the navigation commits,
  // which waits for the new results (the list suspends), so they would otherwise flick back.
  const draft = useDraft(chosen.join(','));
  const on = new Set(draft.draft.split(',').filter(Boolean));
  const toggle = (facet: string, checked: boolean) => {
    // In the list's own order, as the URL and the API write them.
    const next = facets.filter((f) => (f === facet ? checked : on.has(f)));
    draft.setDraft(next.join(','));
    draft.lastWritten.current = next.join(',');
    onChange(next);
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-gray-900">{t(`facets.${name}Label`)}</legend>
      <div className="flex flex-wrap gap-x-4">
        {facets.map((facet) => {
          const id = `discover-${name}-${facet}`;
          return (
            <div key={facet} className="flex min-h-8 items-center gap-2">
              <input
                id={id}
                type="checkbox"
                name={PARAM[name]}
                value={facet}
                checked={on.has(facet)}
                onChange={(e) => toggle(facet, e.target.checked)}
                className="h-4 w-4 accent-brand-700"
              />
              <label htmlFor={id} className="text-sm text-gray-900">
                {t(`facets.${name}.${facet}`)}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
