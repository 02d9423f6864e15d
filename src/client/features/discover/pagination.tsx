import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../lib/router';
import { MAX_PAGE_BUTTONS } from '../../../shared/constants';
import { cn } from '../../lib/cn';
import { PARAM } from './filters';

/** The page numbers to show: at most MAX_PAGE_BUTTONS, a window around the current page. */
function pageWindow(current: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pageCount <= max) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(1, current - Math.floor(max / 2));
  start = Math.min(start, pageCount - max + 1);
  return Array.from({ length: max }, (_, i) => start + i);
}

/**
 * Real links (`?…&page=n`), so paging works before and without JavaScript and a page can be opened
 * in a new tab (decision 0900); a plain click stays in the app through onPage. The ends are
 * disabled links (no href, aria-disabled).
 */
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
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const base =
    'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border px-2 text-sm font-medium aria-disabled:cursor-not-allowed aria-disabled:opacity-50';
  const plain = 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100';
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete(PARAM.page);
    else params.set(PARAM.page, String(n));
    const qs = params.toString();
    return `${pathname}${qs ? `?${qs}` : ''}`;
  };
  const go = (n: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // new tab or window
    e.preventDefault();
    onPage(n);
  };
  const end = (n: number, enabled: boolean, label: string, icon: ReactNode) =>
    enabled ? (
      <a href={hrefOf(n)} onClick={go(n)} className={cn(base, plain)} aria-label={label}>
        {icon}
      </a>
    ) : (
      // biome-ignore lint/a11y/useValidAnchor: a disabled link keeps its place and name, and has no href
      <a role="link" aria-disabled="true" className={cn(base, plain)} aria-label={label}>
        {icon}
      </a>
    );
  return (
    <nav aria-label={t('pagination.label')} className="mt-6 flex justify-center print:hidden">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {end(page - 1, page > 1, t('pagination.previous'), <ChevronLeft aria-hidden="true" className="h-4 w-4" />)}
        </li>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            <a
              href={hrefOf(n)}
              onClick={go(n)}
              className={cn(base, n === page ? 'border-brand-700 bg-brand-700 text-white' : plain)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: n })}
            >
              {n}
            </a>
          </li>
        ))}
        <li>
          {end(
            page + 1,
            page < pageCount,
            t('pagination.next'),
            <ChevronRight aria-hidden="true" className="h-4 w-4" />,
          )}
        </li>
      </ul>
    </nav>
  );
}
