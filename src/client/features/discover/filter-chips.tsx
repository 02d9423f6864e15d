// The chips of the set filters under the panel (docs/product.md section 2): one per filter (one
// per tag and per facet), each a button that removes it.
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFacetChips } from './facet-filters';
import { useOpenWhenLabel } from './open-when-picker';
import { useTags } from './tag-multi-select';
import type { DiscoverState } from './use-discover-state';

export function FilterChips({ state }: { state: DiscoverState }) {
  const { t } = useTranslation('discover');
  const { filters, setFilters } = state;
  const tags = useTags();
  const openWhenLabel = useOpenWhenLabel();
  const facetChips = useFacetChips(state);
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
  if (filters.near) {
    chips.push({
      key: 'near',
      label: t('chips.near'),
      remove: () => setFilters({ near: false }),
    });
  }
  if (filters.openNow) {
    chips.push({ key: 'openNow', label: t('chips.openNow'), remove: () => setFilters({ openNow: false }) });
  }
  if (filters.inSeason) {
    chips.push({ key: 'inSeason', label: t('chips.inSeason'), remove: () => setFilters({ inSeason: false }) });
  }
  if (filters.days.length) {
    chips.push({ key: 'openWhen', label: openWhenLabel(filters), remove: () => setFilters({ days: [] }) });
  }
  chips.push(...facetChips);
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
