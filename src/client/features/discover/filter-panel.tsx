// The search and filter panel (docs/product.md section 2). Typing in the search box
// updates the filter after 300 ms (replacing the history entry); the address is looked up when
// the search is submitted or the field is left, never on every keystroke (decision 0201).
import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_CATEGORIES, type FilterCategory } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/form-controls';
import { useLocation } from '../../lib/router';
import { type Filters, NEAR_ME, PARAM, RADIUS_CHOICES } from './filters';
import { HoursToggles } from './hours-toggles';
import { useNearMe } from './near-me-control';
import { AddressField } from './address-field';
import { FiltersToggle } from './filters-toggle';
import { FacetFilters, facetCount } from './facet-filters';
import { FilterChips } from './filter-chips';
import { OpenWhenPicker } from './open-when-picker';
import { useDraft } from './use-draft';
import { TagMultiSelect } from './tag-multi-select';
import type { DiscoverState } from './use-discover-state';

const SEARCH_DEBOUNCE_MS = 300;

/** A filter's label above its control (whose id is the label's htmlFor). */
function FilterField({
  id,
  label,
  labelClassName,
  children,
}: {
  id: string;
  label: string;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children}
    </div>
  );
}

/** A filter chosen from a list, named by its URL key (filters.ts PARAM) like every control of the form. */
function FilterSelect<T extends string | number>({
  filter,
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  filter: 'category' | 'radius';
  label: string;
  value: T;
  options: readonly T[];
  optionLabel(option: T): string;
  onChange(value: string): void;
}) {
  const id = `discover-${filter}`;
  return (
    <FilterField id={id} label={label}>
      <NativeSelect id={id} name={PARAM[filter]} value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/** How many filters of the panel are set (the search box is outside it): what the phone's Filters
 * button says. One per chip but the search's. */
function setFilterCount(filters: Filters): number {
  return (
    (filters.category !== 'all' ? 1 : 0) +
    filters.tagIds.length +
    (filters.address.trim() || filters.near ? 1 : 0) +
    (filters.openNow ? 1 : 0) +
    (filters.inSeason ? 1 : 0) +
    (filters.days.length ? 1 : 0) +
    facetCount(filters)
  );
}

const FILTER_PANEL_ID = 'discover-filter-panel';

/** Debounced typing: the filter follows the search box 300 ms after the last keystroke. */
function useDebouncedSearch(search: ReturnType<typeof useDraft>, setFilters: DiscoverState['setFilters']) {
  useEffect(() => {
    if (search.draft === search.lastWritten.current) return;
    const timer = setTimeout(() => {
      search.lastWritten.current = search.draft;
      setFilters({ search: search.draft }, 'replace');
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search.draft, search.lastWritten, setFilters]);
}

/** Escape inside the open panel closes it, unless a list open inside it (the tags) is what closes. */
function useEscapeClosesPanel(open: boolean, panelRef: RefObject<HTMLDivElement | null>, closePanel: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => {
      const panel = panelRef.current;
      if (e.key !== 'Escape' || !panel?.contains(e.target as Node)) return;
      if (panel.querySelector('[aria-expanded="true"]')) return;
      closePanel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, panelRef, closePanel]);
}

export function FilterPanel({ state, onSearch }: { state: DiscoverState; onSearch(): void }) {
  const { t } = useTranslation('discover');
  const { filters, setFilters } = state;
  const { pathname } = useLocation();
  const search = useDraft(filters.search);
  const address = useDraft(filters.address);
  // On a phone the filters but the search box live behind the Filters button (decision 0906); on
  // wider screens the panel is always open and the button is not shown (styles.css).
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  // A position that could not be had shows its message beside the address box: open the panel.
  const openPanel = useCallback(() => setOpen(true), []);
  const nearMe = useNearMe(state, openPanel);

  useDebouncedSearch(search, setFilters);

  const commitAddress = (mode: 'push' | 'replace') => {
    if (address.draft === address.lastWritten.current) return false;
    address.lastWritten.current = address.draft;
    // An address replaces the visitor's own position (decision 0905).
    setFilters({ address: address.draft, near: false }, mode);
    return true;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const patch: Partial<Filters> = {};
    if (search.draft !== search.lastWritten.current) {
      search.lastWritten.current = search.draft;
      patch.search = search.draft;
    }
    if (address.draft !== address.lastWritten.current) {
      address.lastWritten.current = address.draft;
      patch.address = address.draft;
      if (address.draft.trim()) patch.near = false;
    }
    if (Object.keys(patch).length) setFilters(patch, 'push');
    onSearch();
  };

  const toggleTag = (id: number) => {
    const has = filters.tagIds.includes(id);
    setFilters({ tagIds: has ? filters.tagIds.filter((x) => x !== id) : [...filters.tagIds, id] });
  };

  // The choices, and the URL's own radius when it is none of them.
  const radiusChoices = [...new Set([...RADIUS_CHOICES, filters.radius])].sort((a, b) => a - b);

  const reset = () => {
    search.lastWritten.current = '';
    address.lastWritten.current = '';
    search.setDraft('');
    address.setDraft('');
    state.reset();
    onSearch();
  };

  const locateMe = async () => {
    if (await nearMe.locateFromButton()) {
      address.lastWritten.current = '';
      address.setDraft('');
    } else {
      addressRef.current?.focus();
    }
  };

  const closePanel = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  const panelRef = useRef<HTMLDivElement>(null);
  useEscapeClosesPanel(open, panelRef, closePanel);

  return (
    <section
      aria-labelledby="discover-filters-title"
      className="md:rounded-lg md:border md:border-gray-200 md:bg-white md:p-4 md:shadow-sm"
    >
      <h2 id="discover-filters-title" className="sr-only">
        {t('filters.title')}
      </h2>
      {/* Without JavaScript the form is a plain GET of this same page with the URL's own keys
          (filters.ts PARAM), which the server renders (decision 0900). */}
      {/* biome-ignore lint/a11y/useSemanticElements: role=search on the form is the widely supported search landmark */}
      <form role="search" method="get" action={pathname} onSubmit={submit} className="grid gap-3 md:gap-4">
        {filters.tagIds.length > 0 && <input type="hidden" name={PARAM.tagIds} value={filters.tagIds.join(',')} />}
        {state.view === 'map' && <input type="hidden" name={PARAM.view} value="map" />}
        {filters.near && <input type="hidden" name={PARAM.near} value={NEAR_ME} />}
        {/* On a phone the search box's label is read, not shown: the box, its placeholder and the
            search button say what it is, and the line goes to the results (decision 0906). */}
        <FilterField id="discover-search" label={t('filters.searchLabel')} labelClassName="max-md:sr-only">
          <div className="flex gap-2">
            <Input
              id="discover-search"
              name={PARAM.search}
              type="search"
              value={search.draft}
              maxLength={200}
              placeholder={t('filters.searchPlaceholder')}
              onChange={(e) => search.setDraft(e.target.value)}
            />
            {/* On a phone the Search button shows its icon only: its text stays its name. */}
            <Button type="submit" className="shrink-0 max-md:px-3">
              <Search aria-hidden="true" className="h-4 w-4" />
              <span className="max-md:sr-only">{t('filters.searchButton')}</span>
            </Button>
            <FiltersToggle
              buttonRef={toggleRef}
              open={open}
              panelId={FILTER_PANEL_ID}
              setCount={setFilterCount(filters)}
              onToggle={() => setOpen((o) => !o)}
            />
          </div>
        </FilterField>
        <div
          id={FILTER_PANEL_ID}
          data-filter-panel=""
          data-open={open ? '' : undefined}
          ref={panelRef}
          className="grid gap-4 max-md:rounded-lg max-md:border max-md:border-gray-200 max-md:bg-white max-md:p-3"
        >
          <div className="grid grid-cols-2 gap-3 md:gap-4">
            <FilterSelect
              filter="category"
              label={t('filters.categoryLabel')}
              value={filters.category}
              options={FILTER_CATEGORIES}
              optionLabel={(c) => t(`categories.${c}`)}
              onChange={(value) => setFilters({ category: value as FilterCategory })}
            />
            <div>
              <span id="discover-tags-label" className="mb-1 block text-sm font-medium text-gray-900">
                {t('filters.tagsLabel')}
              </span>
              <TagMultiSelect
                selected={filters.tagIds}
                onToggle={toggleTag}
                onClear={() => setFilters({ tagIds: [] })}
              />
            </div>
          </div>
          <div className="grid grid-cols-[1fr_7.5rem] gap-3 sm:grid-cols-[1fr_10rem] sm:gap-4">
            <AddressField
              inputRef={addressRef}
              draft={address.draft}
              setDraft={address.setDraft}
              onCommit={() => commitAddress('push')}
              locating={nearMe.locating}
              failure={nearMe.failure}
              onUseLocation={() => void locateMe()}
            />
            <FilterSelect
              filter="radius"
              label={t('filters.radiusLabel')}
              value={filters.radius}
              options={radiusChoices}
              optionLabel={(r) => t('filters.radiusOption', { count: r })}
              onChange={(value) => setFilters({ radius: Number(value) })}
            />
          </div>
          <FacetFilters filters={filters} setFilters={setFilters} />
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="grid gap-3">
              <HoursToggles filters={filters} setFilters={setFilters} />
              <OpenWhenPicker filters={filters} setFilters={setFilters} />
            </div>
            <div className="ml-auto flex gap-2 self-end">
              <Button type="button" variant="secondary" onClick={reset}>
                {t('filters.reset')}
              </Button>
              <Button type="button" className="md:hidden" onClick={closePanel}>
                {t('filters.done')}
              </Button>
            </div>
          </div>
        </div>
      </form>
      <FilterChips state={state} />
    </section>
  );
}
