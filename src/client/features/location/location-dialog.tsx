// The location detail dialog opened from the Discover screen (docs/product.md sections 2 and 4).
// One view is recorded per opening and the first address/contact click at most once per
// opening; the reach numbers load when that tab is first opened; Edit opens after 100 ms.
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSE_RESET_DELAY_MS, DETAIL_EDIT_DELAY_MS } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { recordEngagement } from '../../lib/engagement';
import { useReportLocation } from '../../lib/report-location';
import { engagementOf, useLocation } from './api';
import { ContactTab, TagsTab } from './dialog-parts';
import { DialogEditForm, EditFormSlot, preloadEditForm } from './lazy-edit-forms';
import { CategoryBadge, LocationReadView, useReadTabs } from './read-view';
import { PlaceAttributesSection } from '../place-attributes';
import { FreshnessLines } from '../../components/provenance-lines';

export interface LocationDialogProps {
  locationId: number;
  /** The card's copy, shown at once; without it (from the map) the place is fetched by id. */
  initial?: Location;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function LocationDialog({ locationId, initial, open, onOpenChange }: LocationDialogProps) {
  const { t } = useTranslation('location');
  const tabs = useReadTabs();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<Location | null>(null);
  const clickRecorded = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useReportLocation(open ? locationId : null);

  const byId = useLocation(locationId, open && (tabs.reachOpened || !initial));
  const location = saved ?? byId.data ?? initial ?? null;

  // One view per opening.
  useEffect(() => {
    if (open) void recordEngagement(locationId, 'view');
  }, [open, locationId]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };

  // Closing returns to the About tab and, a moment later, leaves editing (docs/product.md section 4).
  const handleOpenChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      tabs.reset();
      clickRecorded.current = false;
      later(() => setEditing(false), CLOSE_RESET_DELAY_MS);
    }
  };

  const recordClick = () => {
    if (clickRecorded.current) return;
    clickRecorded.current = true;
    void recordEngagement(locationId, 'click');
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="location-detail-dialog">
        <DialogTitle>{location?.name ?? t('loading')}</DialogTitle>
        <DialogDescription>
          {location
            ? t('dialog.description', {
                category: t(`categories.${location.category}`, { defaultValue: location.category }),
              })
            : t('dialog.loadingDescription')}
        </DialogDescription>
        {!location ? (
          byId.isError ? (
            <p role="alert" className="mt-4 text-red-800">
              {t('notFoundTitle')}
            </p>
          ) : (
            <div aria-hidden="true" className="mt-4 space-y-3">
              <div className="h-5 w-1/2 animate-pulse rounded bg-gray-200" />
              <div className="h-20 animate-pulse rounded bg-gray-200" />
            </div>
          )
        ) : editing ? (
          <EditFormSlot>
            <DialogEditForm
              key={`${location.id}-${location.updatedAt}`}
              location={location}
              onCancel={() => setEditing(false)}
              onSaved={(updated) => {
                if (updated) setSaved(updated);
                setEditing(false);
              }}
            />
          </EditFormSlot>
        ) : (
          <>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <CategoryBadge category={location.category} compact />
              <Button
                variant="secondary"
                size="sm"
                onPointerEnter={preloadEditForm}
                onFocus={preloadEditForm}
                onClick={() => later(() => setEditing(true), DETAIL_EDIT_DELAY_MS)}
              >
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {t('edit')}
              </Button>
            </div>
            <LocationReadView
              location={location}
              tabs={tabs}
              engagement={engagementOf(byId)}
              compact
              contact={
                <>
                  <ContactTab location={location} onClick={recordClick} />
                  <PlaceAttributesSection attributes={location.attributes} compact className="mt-4" />
                  {/* Where these facts came from and how old they are, as on the page (decision 0804). */}
                  <div className="mt-4">
                    <FreshnessLines location={location} detailed />
                  </div>
                </>
              }
              tagsPanel={<TagsTab location={location} />}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
