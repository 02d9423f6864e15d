// The tag multi-select (SPEC.md section 2): a menu of checkable tags plus 'Clear All Tags';
// choosing an already-selected tag removes it. The menu stays open so several can be picked.
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../shared/schemas/tag';
import { cn } from '../../lib/cn';

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
  const sorted = [...(tags.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const item =
    'flex min-h-9 cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-900 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        id="discover-tags"
        className="flex min-h-10 w-full items-center justify-between rounded-md border border-gray-400 bg-white px-3 py-2 text-left text-sm text-gray-900"
        aria-label={t('filters.tagsButton', { count: selected.length })}
      >
        <span className="truncate">
          {selected.length ? t('filters.tagsSelected', { count: selected.length }) : t('filters.tagsPlaceholder')}
        </span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-40 max-h-72 min-w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={cn(item, 'font-medium')} onSelect={() => onClear()} disabled={!selected.length}>
            {t('filters.clearTags')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          {tags.isPending && <p className="px-2 py-1.5 text-sm text-gray-700">{t('filters.tagsLoading')}</p>}
          {tags.isError && <p className="px-2 py-1.5 text-sm text-red-700">{t('filters.tagsFailed')}</p>}
          {tags.isSuccess && sorted.length === 0 && <p className="px-2 py-1.5 text-sm text-gray-700">{t('filters.noTags')}</p>}
          {sorted.map((tag) => {
            const checked = selected.includes(tag.id);
            return (
              <DropdownMenu.CheckboxItem
                key={tag.id}
                className={item}
                checked={checked}
                onSelect={(e) => {
                  e.preventDefault();
                  onToggle(tag.id);
                }}
              >
                <span className="inline-flex h-4 w-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="h-4 w-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {tag.name}
              </DropdownMenu.CheckboxItem>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
