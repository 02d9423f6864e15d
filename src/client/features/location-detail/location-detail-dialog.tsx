// The location detail dialog opened from the Discover screen (docs/product.md sections 2 and 4; issue 4
// item 5). One view is recorded per opening and the first address/contact click at most once per
// opening; the reach numbers load when that tab is first opened; Edit opens after 100 ms.
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ExternalLink, Globe, MapPin, Pencil, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_RESET_DELAY_MS, DETAIL_EDIT_DELAY_MS } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { useReportLocation } from '../../app/app-dialogs';
import { SafeDescription } from '../../components/safe-description';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { categoryBadgeClass, tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { withHttps } from '../../lib/sanitize';
import { EditForm } from './edit-form';
import { recordEngagement } from '../../lib/engagement';

type TabName = 'about' | 'contact' | 'reach' | 'tags' | 'details';

export interface LocationDetailDialogProps {
  locationId: number;
  /** The card's copy, shown at once; without it (from the map) the place is fetched by id. */
  initial?: Location;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const US_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** docs/product.md: dates in short US form, in UTC; empty when absent. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : US_DATE.format(d);
}

export default function LocationDetailDialog({ locationId, initial, open, onOpenChange }: LocationDetailDialogProps) {
  const { t } = useTranslation('location-detail');
  const [tab, setTab] = useState<TabName>('about');
  const [reachOpened, setReachOpened] = useState(false);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<Location | null>(null);
  const clickRecorded = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useReportLocation(open ? locationId : null);

  const byId = useQuery<Location>({
    queryKey: ['/api/locations', locationId],
    enabled: open && (reachOpened || !initial),
    staleTime: 0,
  });
  const location = saved ?? byId.data ?? initial ?? null;

  // One view per opening.
  useEffect(() => {
    if (open) void recordEngagement(locationId, 'view');
  }, [open, locationId]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };

  // Opened from a card or a map marker, not a Radix Trigger: give focus back to the opener on close.
  const handleOpenChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setTab('about');
      clickRecorded.current = false;
      later(() => setEditing(false), CLOSE_RESET_DELAY_MS);
    }
  };

  const recordClick = () => {
    if (clickRecorded.current) return;
    clickRecorded.current = true;
    void recordEngagement(locationId, 'click');
  };

  const onTab = (value: string) => {
    setTab(value as TabName);
    if (value === 'reach') setReachOpened(true);
  };

  const isResource = location?.category === 'resource';
  const engagement = byId.isError ? { totalViews: 0, totalClicks: 0 } : (byId.data?.engagement ?? null);

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="location-detail-dialog">
        <DialogTitle>{location?.name ?? t('loading')}</DialogTitle>
        <DialogDescription>
          {location
            ? t('description', { category: t(`categories.${location.category}`, { defaultValue: location.category }) })
            : t('loadingDescription')}
        </DialogDescription>
        {!location ? (
          byId.isError ? (
            <p role="alert" className="mt-4 text-red-800">
              {t('notFound')}
            </p>
          ) : (
            <div aria-hidden="true" className="mt-4 space-y-3">
              <div className="h-5 w-1/2 animate-pulse rounded bg-gray-200" />
              <div className="h-20 animate-pulse rounded bg-gray-200" />
            </div>
          )
        ) : editing ? (
          <EditForm
            key={`${location.id}-${location.updatedAt}`}
            location={location}
            onCancel={() => setEditing(false)}
            onSaved={(updated) => {
              if (updated) setSaved(updated);
              setEditing(false);
            }}
          />
        ) : (
          <>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <span
                className={cn(
                  'rounded-full border px-2 py-0.5 text-xs font-medium',
                  categoryBadgeClass(location.category),
                )}
              >
                {t(`categories.${location.category}`, { defaultValue: location.category })}
              </span>
              <Button variant="secondary" size="sm" onClick={() => later(() => setEditing(true), DETAIL_EDIT_DELAY_MS)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {t('edit.button')}
              </Button>
            </div>
            <Tabs value={tab} onValueChange={onTab} className="mt-4">
              <TabsList className={cn(isResource ? 'grid-cols-5' : 'grid-cols-4')} aria-label={t('tabs.label')}>
                <TabsTrigger value="about" className="px-1 text-xs sm:text-sm">
                  {t('tabs.about')}
                </TabsTrigger>
                <TabsTrigger value="contact" className="px-1 text-xs sm:text-sm">
                  {t('tabs.contact')}
                </TabsTrigger>
                <TabsTrigger value="reach" className="px-1 text-xs sm:text-sm">
                  {t('tabs.reach')}
                </TabsTrigger>
                <TabsTrigger value="tags" className="px-1 text-xs sm:text-sm">
                  {t('tabs.tags')}
                </TabsTrigger>
                {isResource && (
                  <TabsTrigger value="details" className="px-1 text-xs sm:text-sm">
                    {t('tabs.details')}
                  </TabsTrigger>
                )}
              </TabsList>
              <TabsContent value="about">
                {location.description ? (
                  <SafeDescription html={location.description} className="text-sm text-gray-800" />
                ) : (
                  <p className="text-sm text-gray-700">{t('about.noDescription')}</p>
                )}
              </TabsContent>
              <TabsContent value="contact">
                <ContactTab location={location} onClick={recordClick} />
              </TabsContent>
              <TabsContent value="reach">
                {engagement ? (
                  <dl className="grid grid-cols-2 gap-3">
                    <div className="rounded-md border border-gray-200 p-3">
                      <dt className="text-sm text-gray-700">{t('reach.views')}</dt>
                      <dd className="text-2xl font-semibold text-gray-900" data-testid="total-views">
                        {engagement.totalViews}
                      </dd>
                    </div>
                    <div className="rounded-md border border-gray-200 p-3">
                      <dt className="text-sm text-gray-700">{t('reach.clicks')}</dt>
                      <dd className="text-2xl font-semibold text-gray-900" data-testid="total-clicks">
                        {engagement.totalClicks}
                      </dd>
                    </div>
                    <div className="col-span-2 text-sm text-gray-700">
                      <dt className="inline">{t('reach.updated')}</dt>{' '}
                      <dd className="inline">{formatDate(location.updatedAt)}</dd>
                    </div>
                  </dl>
                ) : (
                  <p role="status" className="text-sm text-gray-700">
                    {t('reach.loading')}
                  </p>
                )}
              </TabsContent>
              <TabsContent value="tags">
                <TagsTab location={location} />
              </TabsContent>
              {isResource && (
                <TabsContent value="details">
                  <DetailsTab location={location} />
                </TabsContent>
              )}
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ContactTab({ location, onClick }: { location: Location; onClick(): void }) {
  const { t } = useTranslation('location-detail');
  const link =
    'inline-flex min-h-6 items-center gap-2 break-all text-brand-800 underline underline-offset-4 hover:text-brand-900';
  const rows = [];
  if (location.address) {
    rows.push(
      <li key="address" className="flex items-start gap-2">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
        <a
          className={link}
          href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(location.address)}`}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClick}
        >
          {location.address}
          <span className="sr-only">{t('newTab')}</span>
        </a>
      </li>,
    );
  }
  if (location.phone) {
    rows.push(
      <li key="phone" className="flex items-start gap-2">
        <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
        <a className={link} href={`tel:${location.phone.replace(/[^\d+]/g, '')}`} onClick={onClick}>
          {location.phone}
        </a>
      </li>,
    );
  }
  if (location.website) {
    rows.push(
      <li key="website" className="flex items-start gap-2">
        <Globe aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
        <a
          className={link}
          href={withHttps(location.website)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClick}
        >
          {location.website}
          <span className="sr-only">{t('newTab')}</span>
        </a>
      </li>,
    );
  }
  if (location.operatingHours) {
    rows.push(
      <li key="hours" className="flex items-start gap-2 text-sm text-gray-800">
        <CalendarClock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
        <span>
          <span className="font-medium">{t('contact.hours')}</span> {location.operatingHours}
        </span>
      </li>,
    );
  }
  if (!rows.length) return <p className="text-sm text-gray-700">{t('contact.none')}</p>;
  return <ul className="space-y-3 text-sm">{rows}</ul>;
}

function TagsTab({ location }: { location: Location }) {
  const { t } = useTranslation('location-detail');
  if (!location.tags.length) return <p className="text-sm text-gray-700">{t('tags.none')}</p>;
  const groups = new Map<string, Location['tags']>();
  for (const tag of location.tags) {
    const key = tag.category || 'other';
    groups.set(key, [...(groups.get(key) ?? []), tag]);
  }
  const names = [...groups.keys()]
    .map((key) => ({ key, label: t(`tagCategories.${key}`, { defaultValue: key }).toUpperCase() }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <div className="space-y-4">
      {names.map(({ key, label }) => (
        <section key={key} aria-label={label}>
          <h3 className="text-xs font-semibold tracking-wide text-gray-700">{label}</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {[...(groups.get(key) ?? [])]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((tag) => (
                <li key={tag.id} className={cn('rounded-full border px-2 py-0.5 text-xs', tagBadgeClass(tag.category))}>
                  {tag.name}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DetailsTab({ location }: { location: Location }) {
  const { t } = useTranslation('location-detail');
  const active = location.status === 'active';
  const button = 'inline-flex min-h-10 items-center gap-2 rounded-md px-4 py-2 text-sm font-medium';
  return (
    <div className="space-y-4 text-sm text-gray-800">
      <p className="flex items-center gap-2">
        <span className="font-medium">{t('details.status')}</span>
        <span
          aria-hidden="true"
          className={cn('inline-block h-2.5 w-2.5 rounded-full', active ? 'bg-green-600' : 'bg-red-600')}
        />
        <span>{active ? t('details.active') : t('details.expired')}</span>
      </p>
      {location.deadline && (
        <p>
          <span className="font-medium">{t('details.deadline')}</span> {formatDate(location.deadline)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {location.registrationLink && (
          <a
            className={cn(button, 'bg-brand-700 text-white hover:bg-brand-800')}
            href={withHttps(location.registrationLink)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('details.register')}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{t('newTab')}</span>
          </a>
        )}
        {location.faqLink && (
          <a
            className={cn(button, 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100')}
            href={withHttps(location.faqLink)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('details.faq')}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{t('newTab')}</span>
          </a>
        )}
      </div>
    </div>
  );
}
