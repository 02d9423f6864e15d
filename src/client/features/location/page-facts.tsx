// What the location page shows above its tabs (docs/product.md section 2): the contact facts, with
// the address as the Get Directions button, and the tags. The dialog shows the same facts in its
// Contact and Tags tabs instead (dialog-parts.tsx).
import { Clock, Globe, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { isLinkableWebsite } from '../../../shared/website-host';
import { tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { withHttps } from '../../lib/sanitize';

const linkClass = 'text-brand-800 underline underline-offset-4 hover:text-brand-900 break-words';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-gray-700">
        <span className="text-brand-800" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 pl-7 text-gray-900">{children}</dd>
    </div>
  );
}

export function ContactFacts({ location, onAddressClick }: { location: Location; onAddressClick(): void }) {
  const { t } = useTranslation('location');
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {location.address && (
        <Fact icon={<MapPin className="h-5 w-5" />} label={t('address')}>
          <button
            type="button"
            onClick={onAddressClick}
            className={cn(linkClass, 'min-h-6 text-left')}
            // Printed as the address it shows (styles.css, print).
            data-print-keep=""
            aria-label={t('addressButton', { address: location.address })}
          >
            {location.address}
          </button>
        </Fact>
      )}
      {/* Without an address, directions still go to the coordinates or, failing those, the name
          (docs/product.md section 2; decision 0250). */}
      {!location.address && (
        <Fact icon={<MapPin className="h-5 w-5" />} label={t('directionsLabel')}>
          <button type="button" onClick={onAddressClick} className={cn(linkClass, 'min-h-6 text-left')}>
            {t('getDirections')}
          </button>
        </Fact>
      )}
      {location.phone && (
        <Fact icon={<Phone className="h-5 w-5" />} label={t('phone')}>
          <a className={linkClass} href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>
            {location.phone}
          </a>
        </Fact>
      )}
      {location.website && (
        <Fact icon={<Globe className="h-5 w-5" />} label={t('website')}>
          {/* A raw IP address or an international host is shown, never linked (decision 0404). */}
          {isLinkableWebsite(location.website) ? (
            <a className={linkClass} href={withHttps(location.website)} target="_blank" rel="noopener noreferrer">
              {location.website}
              <span className="sr-only"> {t('newTab')}</span>
            </a>
          ) : (
            <span className="break-all">{location.website}</span>
          )}
        </Fact>
      )}
      {location.operatingHours && (
        <Fact icon={<Clock className="h-5 w-5" />} label={t('hours')}>
          <span className="whitespace-pre-line">{location.operatingHours}</span>
        </Fact>
      )}
    </dl>
  );
}

export function TagList({ location }: { location: Location }) {
  const { t } = useTranslation('location');
  if (location.tags.length === 0) return null;
  return (
    <section aria-labelledby="location-tags-heading">
      <h2 id="location-tags-heading" className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-700">
        {t('tags')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {location.tags.map((tag) => (
          <li key={tag.id} className={cn('rounded-full border px-3 py-1 text-sm', tagBadgeClass(tag.category))}>
            {tag.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
