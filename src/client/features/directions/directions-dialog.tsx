// Get Directions (docs/product.md section 2): a web maps service, the device's maps app and a transit app,
// each searching by the address, else the coordinates, else the name. The transit choice opens the
// Transit app's deep link and, 2.5 s later, the transit site in case the app is not installed.
import { Bus, Globe, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSIT_FALLBACK_DELAY_MS } from '../../../shared/constants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import {
  type DirectionsPlace,
  detectPlatform,
  deviceMapsUrl,
  directionsQuery,
  isAppLink,
  TRANSIT_SITE_URL,
  transitDeepLink,
  webMapsUrl,
} from './directions-links';

/** A web page in a new tab, or an app link in place (the browser hands it to the app). */
function openLink(url: string): void {
  if (isAppLink(url)) window.open(url, '_self');
  else window.open(url, '_blank', 'noopener,noreferrer');
}

/** The transit choice. The fallback timer outlives the dialog on purpose; it is skipped when the
 * page went to the background meanwhile (the app did open). */
function openTransit(place: DirectionsPlace): void {
  const address = place.address?.trim();
  if (!address) {
    openLink(TRANSIT_SITE_URL);
    return;
  }
  let leftPage = false;
  const onHide = () => {
    if (document.visibilityState === 'hidden') leftPage = true;
  };
  document.addEventListener('visibilitychange', onHide);
  openLink(transitDeepLink(address));
  window.setTimeout(() => {
    document.removeEventListener('visibilitychange', onHide);
    if (!leftPage) openLink(TRANSIT_SITE_URL);
  }, TRANSIT_FALLBACK_DELAY_MS);
}

function Choice({ icon, title, hint, onClick }: { icon: ReactNode; title: string; hint: string; onClick(): void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex w-full items-center gap-3 rounded-md border border-gray-300 bg-white p-3 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-900"
          aria-hidden="true"
        >
          {icon}
        </span>
        <span className="grid">
          <span className="font-medium text-gray-900">{title}</span>
          <span className="text-sm text-gray-700">{hint}</span>
        </span>
      </button>
    </li>
  );
}

export interface DirectionsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  place: DirectionsPlace;
}

export function DirectionsDialog({ open, onOpenChange, place }: DirectionsDialogProps) {
  const { t } = useTranslation('directions');
  const choose = (go: () => void) => () => {
    go();
    onOpenChange(false);
  };
  const hasAddress = Boolean(place.address?.trim());
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description', { name: place.name })}</DialogDescription>
        <p className="mt-3 text-sm text-gray-800">
          <span className="font-medium">{t('destination')}</span> {directionsQuery(place)}
        </p>
        <ul className="mt-4 grid gap-2" aria-label={t('choices')}>
          <Choice
            icon={<Globe className="h-5 w-5" />}
            title={t('web.title')}
            hint={t('web.hint')}
            onClick={choose(() => openLink(webMapsUrl(place)))}
          />
          <Choice
            icon={<Smartphone className="h-5 w-5" />}
            title={t('device.title')}
            hint={t('device.hint')}
            onClick={choose(() => openLink(deviceMapsUrl(place, detectPlatform())))}
          />
          <Choice
            icon={<Bus className="h-5 w-5" />}
            title={t('transit.title')}
            hint={hasAddress ? t('transit.hint') : t('transit.hintNoAddress')}
            onClick={choose(() => openTransit(place))}
          />
        </ul>
      </DialogContent>
    </Dialog>
  );
}
