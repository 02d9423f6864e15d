// The location page's reading view (docs/product.md section 2): contact facts, tags and the tabs About,
// reach and (resources only) Details.
import { CalendarDays, Clock, ExternalLink, Globe, MapPin, Phone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/schemas/location';
import { SafeDescription } from '../../components/safe-description';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { tagBadgeClass } from '../../lib/category-styles';
import { withHttps } from '../../lib/sanitize';
import { useEngagement } from './use-location';

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
          <a className={linkClass} href={withHttps(location.website)} target="_blank" rel="noopener noreferrer">
            {location.website}
            <span className="sr-only"> {t('newTab')}</span>
          </a>
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

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-4">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold text-gray-900">{value}</dd>
    </div>
  );
}

export function LocationTabs({ location }: { location: Location }) {
  const { t, i18n } = useTranslation('location');
  const [tab, setTab] = useState('about');
  const [reachOpened, setReachOpened] = useState(false);
  const isResource = location.category === 'resource';
  const engagement = useEngagement(location.id, reachOpened);
  const number = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString(i18n.language));
  const active = location.status === 'active';

  return (
    <Tabs
      value={tab}
      onValueChange={(v) => {
        setTab(v);
        if (v === 'reach') setReachOpened(true);
      }}
    >
      {/* docs/product.md section 2: 3 columns with the Details tab (resources), else 2. */}
      <TabsList className={isResource ? 'grid-cols-3' : 'grid-cols-2'}>
        <TabsTrigger value="about">{t('tabs.about')}</TabsTrigger>
        <TabsTrigger value="reach">{t('tabs.reach')}</TabsTrigger>
        {isResource && <TabsTrigger value="details">{t('tabs.details')}</TabsTrigger>}
      </TabsList>

      <TabsContent value="about">
        {location.description ? (
          <SafeDescription html={location.description} className="text-gray-900" />
        ) : (
          <p className="text-gray-700">{t('noDescription')}</p>
        )}
      </TabsContent>

      <TabsContent value="reach">
        <dl className="grid gap-3 sm:grid-cols-3" aria-busy={engagement.isPending ? 'true' : undefined}>
          <Stat label={t('reach.views')} value={number(engagement.data?.totalViews)} />
          <Stat label={t('reach.clicks')} value={number(engagement.data?.totalClicks)} />
          <Stat label={t('reach.updated')} value={formatDate(location.updatedAt, i18n.language)} />
        </dl>
      </TabsContent>

      {isResource && (
        <TabsContent value="details">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-gray-700">{t('details.status')}</dt>
              <dd className="flex items-center gap-2 font-medium text-gray-900">
                <span
                  aria-hidden="true"
                  className={cn('inline-block h-3 w-3 rounded-full', active ? 'bg-green-600' : 'bg-red-600')}
                />
                {active ? t('details.active') : t('details.expired')}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-700">{t('details.deadline')}</dt>
              <dd className="flex items-center gap-2 font-medium text-gray-900">
                <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-800" />
                {location.deadline ? formatDate(location.deadline, i18n.language) : t('details.noDeadline')}
              </dd>
            </div>
          </dl>
          {(location.registrationLink || location.faqLink) && (
            <div className="mt-4 flex flex-wrap gap-3">
              {location.registrationLink && (
                <a
                  href={withHttps(location.registrationLink)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
                >
                  {t('details.register')}
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">{t('newTab')}</span>
                </a>
              )}
              {location.faqLink && (
                <a
                  href={withHttps(location.faqLink)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
                >
                  {t('details.faq')}
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">{t('newTab')}</span>
                </a>
              )}
            </div>
          )}
        </TabsContent>
      )}
    </Tabs>
  );
}
