// The location page, /discover/{slug} (docs/product.md sections 2, 4 and 7): a skeleton while loading,
// then the place (or the not-found card); Share, Edit (inline form) and Get Directions from the
// address. One view is recorded per page load; a click when the address is used.
import { ArrowLeft, Pencil, Share2 } from 'lucide-react';
import { type ComponentProps, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from '../../lib/router';
import type { Location } from '../../../shared/schemas/location';
import { Button, type ButtonProps, LinkButton } from '../../components/ui/button';
import { queryClient } from '../../lib/query-client';
import { cn } from '../../lib/cn';
import { recordEngagement } from '../../lib/engagement';
import { useReportLocation } from '../../lib/report-location';
import { loadHtmlToolkit, useHtmlToolkit } from '../../lib/sanitize';
import { DirectionsDialog } from '../directions';
import { FollowLinks, placeFollowUrls } from '../follow';
import { ShareDialog } from '../share';
import { engagementOf, locationKeys, useLocation, useLocationBySlug, useRecordView } from './api';
import { ContactFacts, TagList } from './page-facts';
import { EditFormSlot, PageEditForm, preloadEditForm } from './lazy-edit-forms';
import { PageHours } from './page-hours';
import { PlaceMapSection } from './place-map-section';
import { CategoryBadge, LocationReadView, useReadTabs } from './read-view';
import { WaitingForReview } from '../../components/waiting-for-review';
import { PlaceAttributesSection } from '../place-attributes';

const SITE_NAME = 'KC Green Directory';
/** The page's white panels: the edit form, or the contact facts and the read view. */
const PANEL = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';

function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

function LocationSkeleton() {
  const { t } = useTranslation('location');
  return (
    <div className="animate-pulse space-y-4" aria-busy="true" data-testid="location-skeleton">
      <span className="sr-only">{t('loading')}</span>
      <div className="h-5 w-40 rounded bg-gray-200" />
      <div className="h-9 w-2/3 rounded bg-gray-200" />
      <div className="h-6 w-32 rounded-full bg-gray-200" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="h-12 rounded bg-gray-200" />
        <div className="h-12 rounded bg-gray-200" />
      </div>
      <div className="h-48 rounded bg-gray-200" />
    </div>
  );
}

/** Back to Discover: above a place, and under the not-found card. */
function BackLink(button: Pick<ButtonProps, 'variant' | 'className'>) {
  const { t } = useTranslation('location');
  return (
    <LinkButton to="/discover" icon={ArrowLeft} {...button}>
      {t('back')}
    </LinkButton>
  );
}

function NotFoundCard() {
  const { t } = useTranslation('location');
  useDocumentTitle(`${t('notFoundTitle')} | ${SITE_NAME}`);
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <h1 className="text-2xl font-bold text-gray-900">{t('notFoundTitle')}</h1>
      <p className="mt-3 text-gray-800">{t('notFound')}</p>
      <BackLink className="mt-6" />
    </div>
  );
}

function LocationDetails({ location }: { location: Location }) {
  const { t, i18n } = useTranslation('location');
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const [editing, setEditing] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [directionsOpen, setDirectionsOpen] = useState(false);

  useDocumentTitle(`${location.name} | ${SITE_NAME}`);
  useReportLocation(location.id);
  const tabs = useReadTabs();
  const byId = useLocation(location.id, tabs.reachOpened);
  const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: locationKeys.byId(location.id) });
  useRecordView(location.id, refreshCounts);

  // The server renderer has no window; the dialog that shows the URL opens only in the browser.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const shareUrl = `${origin}/discover/${encodeURIComponent(location.slug)}`;

  const openDirections = () => {
    setDirectionsOpen(true);
    void recordEngagement(location.id, 'click').then(refreshCounts);
  };

  return (
    <article aria-labelledby="location-name" className="space-y-6">
      <BackLink variant="ghost" className="-ml-3 print:hidden" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h1 id="location-name" className="break-words text-3xl font-bold text-gray-900">
            {location.name}
          </h1>
          <CategoryBadge category={location.category} />
          <WaitingForReview location={location} detailed />
        </div>
        {!editing && (
          <div className="flex shrink-0 gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                void loadHtmlToolkit().catch(() => undefined);
                setShareOpen(true);
              }}
            >
              <Share2 aria-hidden="true" className="h-4 w-4" />
              {t('share')}
            </Button>
            <Button
              variant="secondary"
              onPointerEnter={preloadEditForm}
              onFocus={preloadEditForm}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('edit')}
            </Button>
          </div>
        )}
      </header>

      {editing ? (
        <section aria-labelledby="edit-heading" className={PANEL}>
          <h2 id="edit-heading" className="mb-4 text-xl font-semibold text-gray-900">
            {t('editHeading')}
          </h2>
          <EditFormSlot>
            <PageEditForm location={location} onCancel={() => setEditing(false)} />
          </EditFormSlot>
        </section>
      ) : (
        <>
          {/* Always shown: at least the directions control (address, else coordinates, else name). */}
          <section aria-label={t('contactLabel')} className={PANEL}>
            <ContactFacts location={location} onAddressClick={openDirections} />
            <div className="mt-6">
              <PageHours location={location} />
            </div>
            <div className={cn(location.tags.length > 0 && 'mt-6')}>
              <TagList location={location} />
            </div>
            <PlaceMapSection location={location} />
          </section>
          <PlaceAttributesSection attributes={location.attributes} onEdit={() => setEditing(true)} className={PANEL} />
          <section className={PANEL} aria-label={t('infoLabel')}>
            <LocationReadView location={location} tabs={tabs} engagement={engagementOf(byId)} />
          </section>
          {/* The place's calendar and change feed (decision 1000). */}
          <FollowLinks
            id="follow-place-heading"
            urls={(origin) => placeFollowUrls(origin, location.slug, lang)}
            texts={{
              heading: t('follow.heading'),
              addToCalendar: t('follow.addToCalendar'),
              subscribe: t('follow.subscribe'),
              download: t('follow.download'),
              followChanges: t('follow.followChanges'),
            }}
          />
        </>
      )}

      <LocationShareDialog
        open={shareOpen}
        onOpenChange={setShareOpen}
        url={shareUrl}
        title={location.name}
        description={location.description}
      />
      <DirectionsDialog
        open={directionsOpen}
        onOpenChange={setDirectionsOpen}
        place={{
          name: location.name,
          address: location.address,
          latitude: location.latitude,
          longitude: location.longitude,
        }}
      />
    </article>
  );
}

export function LocationPage() {
  const { slug = '' } = useParams();
  const query = useLocationBySlug(slug);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      {query.isPending ? (
        <LocationSkeleton />
      ) : query.isError || !query.data ? (
        <NotFoundCard />
      ) : (
        <LocationDetails key={query.data.id} location={query.data} />
      )}
    </div>
  );
}

/** The Share dialog with the description as plain text. The browser's sanitiser that makes the text
 * is a chunk of its own (decision 0902), asked for when Share is pressed if it has not arrived: only
 * this re-renders when it does, not the whole page. */
function LocationShareDialog({
  description,
  ...dialog
}: Omit<ComponentProps<typeof ShareDialog>, 'text'> & { description: string | null | undefined }) {
  const toolkit = useHtmlToolkit();
  // Made when the dialog opens: the sanitiser's first run is itself a long task on a phone.
  const { open } = dialog;
  const text = useMemo(
    () => (open && description && toolkit ? toolkit.text(description) : ''),
    [open, description, toolkit],
  );
  return <ShareDialog {...dialog} text={text} />;
}
