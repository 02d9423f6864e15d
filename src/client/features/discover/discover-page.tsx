// The Discover screen (docs/product.md section 2): filters in the URL, one page of results at a
// time, a lazily loaded map, and the location detail dialog (loaded when first opened).
import { List, Map as MapIcon, Printer } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { useLocation } from '../../lib/router';
import { MapView } from '../map';
import { PrintListDialog } from '../print-list';
import { apiQuery as buildApiQuery, type DiscoverView } from './filters';
import { FilterPanel } from './filter-panel';
import { ResultsList } from './results-list';
import { useDiscoverState } from './use-discover-state';
import { usePosition } from './near-me';
import { useGeocode } from './use-locations';

const FollowSearch = lazy(() => import('./follow-search'));
const LocationDialog = lazy(() => import('../location').then((m) => ({ default: m.LocationDialog })));

const noSubscription = () => () => {};

export function DiscoverPage() {
  const { t, i18n } = useTranslation('discover');
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const state = useDiscoverState();
  const routerLocation = useLocation();
  const { filters, page, view } = state;
  // docs/product.md section 3: pressing Search only stamps lastSearchTime (it refetches the listing).
  const [lastSearchTime, setLastSearchTime] = useState(0);
  const geo = useGeocode(filters.address);
  // The radius search's centre: the visitor's own position (decision 0905), else the address's point.
  const position = usePosition();
  const origin = filters.near ? position : geo.point;
  const originPending = filters.near ? position === null : geo.pending;
  const query = useMemo(() => buildApiQuery(filters, origin), [filters, origin]);

  const [selected, setSelected] = useState<{ id: number; location?: Location } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // "Print this list" (decision 0911): mounted when first asked for, then kept for its focus return.
  const [printOpen, setPrintOpen] = useState<boolean | null>(null);
  const openLocation = useCallback((id: number, location?: Location) => {
    setSelected({ id, location });
    setDialogOpen(true);
  }, []);

  return (
    // On a phone the first screen holds the search box and the first card (decision 0906): tighter
    // spacing below 768 px; wider screens keep theirs.
    <div className="mx-auto max-w-6xl px-4 py-4 md:py-8">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-sm text-gray-700 md:mt-2 md:text-base">{t('subtitle')}</p>
      <div className="mt-3 md:mt-6">
        <FilterPanel state={state} onSearch={() => setLastSearchTime(Date.now())} />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-end gap-3 print:hidden md:mt-6">
        <button
          type="button"
          onClick={() => setPrintOpen(true)}
          className="inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-900 hover:bg-gray-100"
        >
          <Printer aria-hidden="true" className="h-4 w-4" />
          {t('view.printList')}
        </button>
        {/* The view switch: two toggle buttons (aria-pressed) in a named group. */}
        <fieldset className="inline-flex rounded-md border border-gray-300 bg-white p-1">
          <legend className="sr-only">{t('view.label')}</legend>
          {(['list', 'map'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => view !== v && state.setView(v as DiscoverView)}
              className="inline-flex min-h-9 items-center gap-2 rounded px-3 text-sm font-medium text-gray-800 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {v === 'list' ? (
                <List aria-hidden="true" className="h-4 w-4" />
              ) : (
                <MapIcon aria-hidden="true" className="h-4 w-4" />
              )}
              {t(`view.${v}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {view === 'list' ? (
        <ResultsList
          apiQuery={query}
          address={filters.address}
          near={filters.near}
          page={page}
          lastSearchTime={lastSearchTime}
          ready={!originPending}
          onPage={state.setPage}
          onOpen={(location) => openLocation(location.id, location)}
        />
      ) : (
        <section aria-labelledby="discover-map-title" className="mt-3 md:mt-6">
          <h2 id="discover-map-title" className="mb-3 text-xl font-semibold text-gray-900">
            {t('view.mapTitle')}
          </h2>
          <BrowserMap fallback={<MapLoading />}>
            <MapView
              apiQuery={query.toString()}
              ready={!originPending}
              center={origin}
              onOpenLocation={(id) => openLocation(id)}
            />
          </BrowserMap>
        </section>
      )}
      {printOpen !== null && (
        <Suspense fallback={null}>
          <PrintListDialog
            open={printOpen}
            onOpenChange={setPrintOpen}
            apiQuery={query.toString()}
            searchUrl={`${routerLocation.pathname}${routerLocation.search}`}
          />
        </Suspense>
      )}
      {/* Calendar, change feed and widget of this very search (decision 1000), once the page is live. */}
      <Suspense fallback={null}>
        <FollowSearch filters={filters} lang={lang} />
      </Suspense>
      {selected && (
        <Suspense fallback={null}>
          <LocationDialog
            key={selected.id}
            locationId={selected.id}
            initial={selected.location}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
          />
        </Suspense>
      )}
    </div>
  );
}

function MapLoading() {
  const { t } = useTranslation('discover');
  return (
    <div
      role="status"
      className="flex h-[28rem] items-center justify-center rounded-lg border border-gray-200 bg-white text-gray-700"
    >
      {t('view.mapLoading')}
    </div>
  );
}

/** The map needs the browser (decision 0900): the server and the hydrating render show its loading
 * state, and the map mounts right after. A component of its own, so that only it renders again then,
 * not the whole page (a long task on a phone). */
function BrowserMap({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
