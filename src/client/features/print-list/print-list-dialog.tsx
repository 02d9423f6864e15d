// The printable list of a search (decision 0911): its first PRINT_LIST_LIMIT places with their
// details and a QR code each, for people without a smartphone at hand. Shown as it will print; the
// print stylesheet (styles.css) prints the sheet alone, on one or two pages.
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { throwIfResNotOk } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { fetchOrOffline } from '../../lib/offline';
import { PlaceAttributesLine } from '../place-attributes';
import { QrCode } from './qr-code';

/** Places on the printed list: two pages at most with their QR codes. */
const PRINT_LIST_LIMIT = 30;

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The search's API query (filters only, no paging), as the results list uses it. */
  apiQuery: string;
  /** The search's own page, printed as a link back to it. */
  searchUrl: string;
}

async function fetchFirstPlaces(apiQuery: string, signal: AbortSignal) {
  const params = new URLSearchParams(apiQuery);
  params.set('limit', String(PRINT_LIST_LIMIT));
  params.set('offset', '0');
  const res = await fetchOrOffline(`/api/locations?${params}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  const items = (await res.json()) as Location[];
  const total = Number(res.headers.get('X-Total-Count') ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export default function PrintListDialog({ open, onOpenChange, apiQuery, searchUrl }: Props) {
  const { t, i18n } = useTranslation('print-list');
  const { t: tc } = useTranslation('discover');
  const list = useQuery({
    queryKey: ['/api/locations', 'print', apiQuery],
    enabled: open,
    staleTime: 30_000,
    queryFn: ({ signal }) => fetchFirstPlaces(apiQuery, signal),
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl" data-print-dialog="" data-testid="print-list-dialog">
        <DialogTitle className="print:hidden">{t('title')}</DialogTitle>
        <DialogDescription className="print:hidden">{t('description', { count: PRINT_LIST_LIMIT })}</DialogDescription>
        <div className="mt-4 flex flex-wrap gap-2 print:hidden">
          <Button onClick={() => window.print()} disabled={!list.data || list.data.items.length === 0}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            {t('print')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('close')}</Button>
          </DialogClose>
        </div>

        <div
          data-print-sheet=""
          className="print-sheet mt-6 border-t border-gray-200 pt-4 print:mt-0 print:border-0 print:pt-0"
        >
          {list.isError ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
              {t('failed')}
            </p>
          ) : !list.data ? (
            <p role="status" className="text-gray-700">
              {t('loading')}
            </p>
          ) : (
            <>
              <header className="print-sheet-head mb-4">
                <p className="text-lg font-bold text-gray-900">{t('sheetTitle')}</p>
                <p className="text-sm text-gray-800" data-testid="print-list-count">
                  {list.data.total > list.data.items.length
                    ? t('countSome', { count: list.data.items.length, total: list.data.total })
                    : t('countAll', { count: list.data.items.length })}
                  {' · '}
                  {t('printedOn', { date: formatDate(new Date(), i18n.language) })}
                </p>
                <p className="break-all text-xs text-gray-700">{t('searchLink', { url: `${origin}${searchUrl}` })}</p>
              </header>
              {list.data.items.length === 0 ? (
                <p className="text-gray-800">{tc('results.empty')}</p>
              ) : (
                <ol className="print-sheet-list grid gap-3 sm:grid-cols-2" aria-label={t('listLabel')}>
                  {list.data.items.map((place) => (
                    <PrintedPlace key={place.id} place={place} url={`${origin}/discover/${place.slug}`} />
                  ))}
                </ol>
              )}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PrintedPlace({ place, url }: { place: Location; url: string }) {
  const { t } = useTranslation('print-list');
  const { t: tc } = useTranslation('discover');
  // The note people wrote, else the opening hours' own text (one of them: paper is short).
  const hours = place.operatingHours || place.openingHours;
  return (
    <li
      className="print-sheet-place flex gap-3 rounded-md border border-gray-200 p-3 text-sm text-gray-900"
      data-testid="print-list-place"
    >
      <QrCode text={url} label={t('qrLabel', { name: place.name })} className="h-20 w-20 shrink-0" />
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold leading-snug">
          {place.name}{' '}
          <span className="font-normal text-gray-700">
            ({tc(`categoryLabels.${place.category}`, { defaultValue: place.category })})
          </span>
        </p>
        {place.address && <p>{place.address}</p>}
        {hours && <p>{t('hours', { hours })}</p>}
        {(place.phone || place.website) && (
          // One line for both: two pages hold thirty places with their payments and access too.
          <p className="break-all">
            {[place.phone && t('phone', { phone: place.phone }), place.website].filter(Boolean).join(' · ')}
          </p>
        )}
        <PlaceAttributesLine attributes={place.attributes} className="print-sheet-facts" />
      </div>
    </li>
  );
}
