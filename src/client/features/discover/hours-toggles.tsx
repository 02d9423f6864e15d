// "Open now" and "In season" in the filter panel (decision 0801).
import { useTranslation } from 'react-i18next';
import { PARAM } from './filters';
import type { DiscoverState } from './use-discover-state';
import { useDraft } from './use-draft';

/** "Open now" and "In season" (decision 0801): checkboxes, so the form works without JavaScript
 * too (open=1, season=1, filters.ts PARAM). */
export function HoursToggles({ filters, setFilters }: Pick<DiscoverState, 'filters' | 'setFilters'>) {
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
