// The tag picker of the location form: the chosen tags as removable chips in their category's
// colour, a searchable list of every tag to toggle (an inline disclosure rather than a popover, so
// it scrolls and keeps focus inside whichever dialog holds the form), and 'Manage Tags'.
import { ChevronDown, Search, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/form-controls';
import { tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { TagListStatus } from './tag-list-status';
import { TagManagementDialog } from './tag-management-dialog';
import { sortTags, useTags } from './use-tags';

export interface TagPickerProps {
  value: number[];
  onChange(ids: number[]): void;
  idPrefix?: string;
}

export function TagPicker({ value, onChange, idPrefix = 'tags' }: TagPickerProps) {
  const { t } = useTranslation('tags');
  const { data, isPending, isError } = useTags({ fresh: true });
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [manageOpen, setManageOpen] = useState(false);
  // The dialog's delete callback can run after several changes: always act on the latest value.
  const latest = useRef(value);
  latest.current = value;

  const tags = useMemo(() => sortTags(data ?? []), [data]);
  const byId = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);
  const selected = value.map((id) => byId.get(id)).filter((tag) => tag !== undefined);
  const needle = filter.trim().toLowerCase();
  const visible = needle ? tags.filter((tag) => tag.name.toLowerCase().includes(needle)) : tags;
  const chosen = new Set(value);

  const toggle = (id: number) => {
    const cur = latest.current;
    onChange(cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]);
  };

  const listId = `${idPrefix}-list`;
  const searchId = `${idPrefix}-search`;
  const legendId = `${idPrefix}-legend`;

  return (
    <fieldset className="min-w-0" aria-labelledby={legendId}>
      <legend id={legendId} className="mb-1 text-sm font-medium text-gray-900">
        {t('picker.label')}
      </legend>

      {selected.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={t('picker.selected')}>
          {selected.map((tag) => (
            <li
              key={tag.id}
              className={cn(
                'inline-flex items-center gap-0.5 rounded-full border py-0.5 pl-2.5 pr-0.5 text-sm',
                tagBadgeClass(tag.category),
              )}
            >
              <span>{tag.name}</span>
              <button
                type="button"
                onClick={() => toggle(tag.id)}
                aria-label={t('picker.remove', { name: tag.name })}
                className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-black/10"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-2 text-sm text-gray-700">{t('picker.none')}</p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={`${idPrefix}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          {t('picker.choose')}
          <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setManageOpen(true)}>
          {t('picker.manage')}
        </Button>
      </div>

      {open && (
        <div id={`${idPrefix}-panel`} className="mt-2 rounded-md border border-gray-300 p-2">
          <Label htmlFor={searchId} className="sr-only">
            {t('picker.search')}
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-600"
            />
            <Input
              id={searchId}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t('picker.searchPlaceholder')}
              aria-controls={listId}
              className="pl-8"
              autoComplete="off"
            />
          </div>
          <TagListStatus
            isPending={isPending}
            isError={isError}
            count={visible.length}
            emptyText={t('picker.noMatch')}
            emptyRole="status"
          >
            <ul id={listId} className="mt-2 max-h-48 overflow-y-auto" aria-label={t('picker.all')}>
              {visible.map((tag) => {
                const boxId = `${idPrefix}-tag-${tag.id}`;
                return (
                  <li key={tag.id}>
                    <label
                      htmlFor={boxId}
                      className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-gray-900 hover:bg-gray-100"
                    >
                      <input
                        id={boxId}
                        type="checkbox"
                        checked={chosen.has(tag.id)}
                        onChange={() => toggle(tag.id)}
                        className="h-4 w-4 accent-brand-700"
                      />
                      <span className="flex-1">
                        {tag.name}
                        {tag.pending && <span className="ml-2 text-xs text-amber-900">({t('pending')})</span>}
                      </span>
                      {tag.category && (
                        <span className={cn('rounded-full border px-2 text-xs', tagBadgeClass(tag.category))}>
                          {t(`categories.${tag.category}`, { defaultValue: tag.category })}
                        </span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          </TagListStatus>
        </div>
      )}

      <TagManagementDialog
        open={manageOpen}
        onOpenChange={setManageOpen}
        onTagDeleted={(id) => {
          if (latest.current.includes(id)) onChange(latest.current.filter((x) => x !== id));
        }}
      />
    </fieldset>
  );
}
