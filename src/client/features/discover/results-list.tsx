// The results area (docs/product.md section 2): sort label, 'X - Y of N Results', cards, pagination,
// and the loading, error and empty states. One page is fetched at a time.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, PAGE_SIZE_NARROW, PAGE_SIZE_WIDE } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { LocationCard, LocationCardSkeleton } from './location-card';
import { Pagination } from './pagination';
import { useLocationPage } from './use-locations';
import { useMediaQuery } from './use-media-query';

export function ResultsList({
  apiQuery,
  address,
  near = false,
  page,
  lastSearchTime,
  ready,
  onPage,
  onOpen,
}: {
  apiQuery: URLSearchParams;
  address: string;
  /** The search is near the visitor's own position (decision 0905). */
  near?: boolean;
  page: number;
  lastSearchTime: number;
  /** False while the address is still being looked up. */
  ready: boolean;
  onPage(page: number, mode?: 'push' | 'replace'): void;
  onOpen(location: Location): void;
}) {
  const { t } = useTranslation('discover');
  // Asked here, not by the page: when a phone's answer arrives after hydrating, only the list renders again.
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const pageSize = narrow ? PAGE_SIZE_NARROW : PAGE_SIZE_WIDE;
  const listing = useLocationPage(apiQuery, pageSize, (page - 1) * pageSize, lastSearchTime, ready);
  const total = listing.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  // docs/product.md section 4: if the current page exceeds the page count, go back to page 1.
  const settled = listing.isSuccess && !listing.isPlaceholderData;
  useEffect(() => {
    if (settled && page > 1 && page > pageCount) onPage(1, 'replace');
  }, [settled, page, pageCount, onPage]);

  let body: React.ReactNode;
  if (listing.isError && !listing.data) {
    body = (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        {t('results.error')}
      </p>
    );
  } else if (!listing.data || !ready) {
    body = (
      <div aria-busy="true" className="grid gap-4 md:grid-cols-3">
        <span className="sr-only" role="status">
          {t('results.loading')}
        </span>
        {Array.from({ length: pageSize }, (_, i) => (
          // The server's page is the wide one: a phone hides its third placeholder too (styles.css).
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <LocationCardSkeleton key={i} wideOnly={i >= PAGE_SIZE_NARROW} />
        ))}
      </div>
    );
  } else if (listing.data.items.length === 0) {
    body = (
      <div role="status" className="rounded-lg border border-gray-200 bg-white p-8 text-center">
        <p className="font-medium text-gray-900">{t('results.empty')}</p>
        <p className="mt-1 text-sm text-gray-700">{t('results.emptyHint')}</p>
      </div>
    );
  } else {
    const from = (page - 1) * pageSize + 1;
    const to = from + listing.data.items.length - 1;
    body = (
      <>
        <p className="text-sm text-gray-800" role="status" data-testid="results-count">
          {t('results.count', { from, to, total })}
          {address.trim() ? t('results.near', { address: address.trim() }) : near ? t('results.nearMe') : ''}
        </p>
        <ul
          aria-busy={listing.isPlaceholderData || listing.isFetching}
          className="mt-3 grid gap-4 md:grid-cols-3"
          aria-label={t('results.listLabel')}
        >
          {listing.data.items.map((location, i) => (
            <li key={location.id} className="flex" data-wide-only={i >= PAGE_SIZE_NARROW ? '' : undefined}>
              <div className="flex w-full flex-col [&>article]:flex-1">
                <LocationCard location={location} onOpen={onOpen} />
              </div>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={pageCount} onPage={(p) => onPage(p)} />
      </>
    );
  }

  return (
    <section aria-labelledby="discover-results-title" className="mt-2 md:mt-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="discover-results-title" className="text-xl font-semibold text-gray-900">
          {t('results.title')}
        </h2>
        <p className="text-sm text-gray-700">{t('results.sort')}</p>
      </div>
      {body}
    </section>
  );
}
