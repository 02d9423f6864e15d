// The tag multi-select (docs/product.md section 2): a disclosure button opening a list of tag checkboxes
// plus 'Clear All Tags'; choosing an already-selected tag removes it. Built from native controls
// (no popper library) to keep the Discover page's first load small.
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../shared/schemas/tag';

export function useTags() {
  return useQuery<Tag[]>({ queryKey: ['/api/tags'] });
}

export function TagMultiSelect({
  selected,
  onToggle,
  onClear,
}: {
  selected: number[];
  onToggle(id: number): void;
  onClear(): void;
}) {
  const { t } = useTranslation('discover');
  const tags = useTags();
  const [open, setOpen] = useState(false);
  // The URL update renders in a transition; show the new choice at once.
  const [optimistic, setOptimistic] = useState<{ base: number[]; ids: number[] } | null>(null);
  const shown = optimistic && optimistic.base === selected ? optimistic.ids : selected;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const sorted = [...(tags.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  // Close when a click or the focus goes elsewhere.
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        id="discover-tags"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby="discover-tags-label discover-tags-value"
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-10 w-full items-center justify-between rounded-md border border-gray-400 bg-white px-3 py-2 text-left text-sm text-gray-900"
      >
        <span id="discover-tags-value" className="truncate">
          {selected.length ? t('filters.tagsSelected', { count: selected.length }) : t('filters.tagsPlaceholder')}
        </span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 right-0 z-40 mt-1 max-h-72 overflow-y-auto rounded-md border border-gray-200 bg-white p-1 shadow-lg"
      >
        <button
          type="button"
          onClick={onClear}
          disabled={!selected.length}
          className="flex min-h-9 w-full items-center rounded px-2 py-1.5 text-left text-sm font-medium text-gray-900 hover:bg-brand-50 disabled:text-gray-500"
        >
          {t('filters.clearTags')}
        </button>
        <div className="my-1 h-px bg-gray-200" />
        {tags.isPending && <p className="px-2 py-1.5 text-sm text-gray-700">{t('filters.tagsLoading')}</p>}
        {tags.isError && <p className="px-2 py-1.5 text-sm text-red-700">{t('filters.tagsFailed')}</p>}
        {tags.isSuccess && sorted.length === 0 && (
          <p className="px-2 py-1.5 text-sm text-gray-700">{t('filters.noTags')}</p>
        )}
        {sorted.length > 0 && (
          <fieldset>
            <legend className="sr-only">{t('filters.tagsLabel')}</legend>
            {sorted.map((tag) => (
              <label
                key={tag.id}
                className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-900 hover:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={shown.includes(tag.id)}
                  onChange={() => {
                    setOptimistic({
                      base: selected,
                      ids: shown.includes(tag.id) ? shown.filter((x) => x !== tag.id) : [...shown, tag.id],
                    });
                    onToggle(tag.id);
                  }}
                />
                {tag.name}
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </div>
  );
}
