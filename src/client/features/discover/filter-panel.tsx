// The search and filter panel (docs/product.md section 2, issue 4 item 1). Typing in the search box
// updates the filter after 300 ms (replacing the history entry); the address is looked up when
// the search is submitted or the field is left, never on every keystroke (decision 0201).
import { Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_CATEGORIES, type FilterCategory } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/form-controls';
import { useLocation } from '../../lib/router';
import { type Filters, PARAM, RADIUS_CHOICES } from './filters';
import { TagMultiSelect, useTags } from './tag-multi-select';
import type { DiscoverState } from './use-discover-state';

export const SEARCH_DEBOUNCE_MS = 300;

/** A local draft of a URL value: follows the URL (Back/Forward, chips, Reset) unless the change is
 * the one we just wrote ourselves. */
function useDraft(urlValue: string) {
  const [draft, setDraft] = useState(urlValue);
  const lastWritten = useRef(urlValue);
  useEffect(() => {
    if (urlValue !== lastWritten.current) {
      lastWritten.current = urlValue;
      setDraft(urlValue);
    }
  }, [urlValue]);
  return { draft, setDraft, lastWritten };
}

/** A filter's label above its control (whose id is the label's htmlFor). */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
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

export function FilterPanel({ state, onSearch }: { state: DiscoverState; onSearch(): void }) {
  const { t } = useTranslation('discover');
  const { filters, setFilters } = state;
  const { pathname } = useLocation();
  const search = useDraft(filters.search);
  const address = useDraft(filters.address);

  // Debounced typing: the filter follows the box 300 ms after the last keystroke.
  useEffect(() => {
    if (search.draft === search.lastWritten.current) return;
    const timer = setTimeout(() => {
      search.lastWritten.current = search.draft;
      setFilters({ search: search.draft }, 'replace');
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search.draft, search.lastWritten, setFilters]);

  const commitAddress = (mode: 'push' | 'replace') => {
    if (address.draft === address.lastWritten.current) return false;
    address.lastWritten.current = address.draft;
    setFilters({ address: address.draft }, mode);
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

  return (
    <section
      aria-labelledby="discover-filters-title"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="discover-filters-title" className="sr-only">
        {t('filters.title')}
      </h2>
      {/* Without JavaScript the form is a plain GET of this same page with the URL's own keys
          (filters.ts PARAM), which the server renders (decision 0900). */}
      {/* biome-ignore lint/a11y/useSemanticElements: role=search on the form is the widely supported search landmark */}
      <form role="search" method="get" action={pathname} onSubmit={submit} className="grid gap-4">
        {filters.tagIds.length > 0 && <input type="hidden" name={PARAM.tagIds} value={filters.tagIds.join(',')} />}
        {state.view === 'map' && <input type="hidden" name={PARAM.view} value="map" />}
        <FilterField id="discover-search" label={t('filters.searchLabel')}>
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
            <Button type="submit" className="shrink-0">
              <Search aria-hidden="true" className="h-4 w-4" />
              {t('filters.searchButton')}
            </Button>
          </div>
        </FilterField>
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
            <TagMultiSelect selected={filters.tagIds} onToggle={toggleTag} onClear={() => setFilters({ tagIds: [] })} />
          </div>
        </div>
        <div className="grid grid-cols-[1fr_7.5rem] gap-3 sm:grid-cols-[1fr_10rem] sm:gap-4">
          <FilterField id="discover-address" label={t('filters.addressLabel')}>
            <Input
              id="discover-address"
              name={PARAM.address}
              value={address.draft}
              maxLength={500}
              autoComplete="street-address"
              placeholder={t('filters.addressPlaceholder')}
              onChange={(e) => address.setDraft(e.target.value)}
              onBlur={() => commitAddress('push')}
            />
          </FilterField>
          <FilterSelect
            filter="radius"
            label={t('filters.radiusLabel')}
            value={filters.radius}
            options={radiusChoices}
            optionLabel={(r) => t('filters.radiusOption', { count: r })}
            onChange={(value) => setFilters({ radius: Number(value) })}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <HoursToggles filters={filters} setFilters={setFilters} />
          <Button type="button" variant="secondary" onClick={reset} className="ml-auto">
            {t('filters.reset')}
          </Button>
        </div>
      </form>
      <FilterChips state={state} />
    </section>
  );
}

/** "Open now" and "In season" (decision 0801): checkboxes, so the form works without JavaScript
 * too (open=1, season=1, filters.ts PARAM). */
function HoursToggles({ filters, setFilters }: Pick<DiscoverState, 'filters' | 'setFilters'>) {
  const { t } = useTranslation('discover');
  // The box follows a click at once: the URL's value arrives only when the navigation commits,
  // which waits for the new results (the list suspends), so it would otherwise flick back.
  const openNow = useDraft(filters.openNow ? '1' : '');
  const inSeason = useDraft(filters.inSeason ? '1' : '');
  const drafts = { openNow, inSeason };
  const boxes = [
    { key: 'openNow', id: 'discover-open-now', label: t('filters.openNow') },
    { key: 'inSeason', id: 'discover-in-season', label: t('filters.inSeason'), hint: t('filters.inSeasonHint') },
  ] as const;
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-x-4 gap-y-1">
      <legend className="sr-only">{t('filters.hoursLabel')}</legend>
      {boxes.map((box) => (
        <div key={box.key} className="flex min-h-10 items-center gap-2">
          <input
            id={box.id}
            type="checkbox"
            name={PARAM[box.key]}
            value="1"
            checked={drafts[box.key].draft === '1'}
            onChange={(e) => {
              const draft = drafts[box.key];
              draft.setDraft(e.target.checked ? '1' : '');
              draft.lastWritten.current = e.target.checked ? '1' : '';
              setFilters({ [box.key]: e.target.checked });
            }}
            aria-describedby={'hint' in box ? `${box.id}-hint` : undefined}
            className="h-4 w-4 accent-brand-700"
          />
          <label htmlFor={box.id} className="text-sm font-medium text-gray-900">
            {box.label}
          </label>
          {'hint' in box && (
            <span id={`${box.id}-hint`} className="text-xs text-gray-700">
              {box.hint}
            </span>
          )}
        </div>
      ))}
    </fieldset>
  );
}

function FilterChips({ state }: { state: DiscoverState }) {
  const { t } = useTranslation('discover');
  const { filters, setFilters } = state;
  const tags = useTags();
  const chips: { key: string; label: string; remove(): void }[] = [];
  if (filters.search.trim()) {
    chips.push({
      key: 'search',
      label: t('chips.search', { value: filters.search.trim() }),
      remove: () => setFilters({ search: '' }),
    });
  }
  if (filters.category !== 'all') {
    chips.push({
      key: 'category',
      label: t(`categories.${filters.category}`),
      remove: () => setFilters({ category: 'all' }),
    });
  }
  for (const id of filters.tagIds) {
    const name = tags.data?.find((tag) => tag.id === id)?.name ?? t('chips.unknownTag', { id });
    chips.push({
      key: `tag-${id}`,
      label: t('chips.tag', { value: name }),
      remove: () => setFilters({ tagIds: filters.tagIds.filter((x) => x !== id) }),
    });
  }
  if (filters.address.trim()) {
    chips.push({
      key: 'address',
      label: t('chips.address', { value: filters.address.trim(), count: filters.radius }),
      remove: () => setFilters({ address: '' }),
    });
  }
  if (filters.openNow) {
    chips.push({ key: 'openNow', label: t('chips.openNow'), remove: () => setFilters({ openNow: false }) });
  }
  if (filters.inSeason) {
    chips.push({ key: 'inSeason', label: t('chips.inSeason'), remove: () => setFilters({ inSeason: false }) });
  }
  if (!chips.length) return null;
  return (
    <ul aria-label={t('chips.label')} className="mt-4 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={chip.remove}
            aria-label={t('chips.remove', { label: chip.label })}
            className="inline-flex min-h-8 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 px-3 py-1 text-sm text-brand-900 hover:bg-brand-100"
          >
            <span>{chip.label}</span>
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
