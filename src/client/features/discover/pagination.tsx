import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_BUTTONS } from '../../../shared/constants';
import { cn } from '../../lib/cn';

/** The page numbers to show: at most MAX_PAGE_BUTTONS, a window around the current page. */
export function pageWindow(current: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pageCount <= max) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(1, current - Math.floor(max / 2));
  start = Math.min(start, pageCount - max + 1);
  return Array.from({ length: max }, (_, i) => start + i);
}

export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('discover');
  if (pageCount <= 1) return null;
  const base =
    'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border px-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={t('pagination.label')} className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={cn(base, 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('pagination.previous')}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </button>
        </li>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={cn(
                base,
                n === page
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100',
              )}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: n })}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={cn(base, 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100')}
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
            aria-label={t('pagination.next')}
          >
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
