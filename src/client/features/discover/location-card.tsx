// One result card (docs/product.md section 2). Clicking the card's body opens the detail dialog; its name
// links to the place's page; links and buttons inside keep their own behaviour.
import { ExternalLink, Flag, Globe, MapPin, Phone } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { MAX_CARD_TAGS } from '../../../shared/constants';
import type { Location } from '../../../shared/schemas/location';
import { isLinkableWebsite } from '../../../shared/website-host';
import { SafeDescription } from '../../components/safe-description';
import { categoryBadgeClass, tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { withHttps } from '../../lib/sanitize';
import { applyTarget } from './apply-target';
import { HoursStatusLine } from '../../components/hours-line';
import { FreshnessLines } from '../../components/provenance-lines';
import { WaitingForReview } from '../../components/waiting-for-review';
import { PlaceAttributesBadges } from '../place-attributes';

export function LocationCard({ location, onOpen }: { location: Location; onOpen(location: Location): void }) {
  const { t } = useTranslation('discover');
  const apply = applyTarget(location);
  const shownTags = location.tags.slice(0, MAX_CARD_TAGS);
  const moreTags = location.tags.length - shownTags.length;
  const titleId = `location-card-${location.id}`;

  const onCardClick = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('a, button, input, select, textarea, [role="button"]')) return;
    // Selecting text is not a click on the card.
    if (window.getSelection()?.toString()) return;
    onOpen(location);
  };

  return (
    // data-keep-tap: a tap on the body before the page is live is kept for the app (decision 0904).
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card body is a mouse shortcut; keyboard users have the Details button
    <article
      aria-labelledby={titleId}
      data-testid="location-card"
      data-keep-tap=""
      onClick={onCardClick}
      className="flex cursor-pointer flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold leading-snug text-gray-900">
          <Link
            to={`/discover/${encodeURIComponent(location.slug)}`}
            className="inline-block py-0.5 underline-offset-4 hover:underline"
          >
            {location.name}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <WaitingForReview location={location} />
          {location.flagCount > 0 && (
            <span className="inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
              <Flag aria-hidden="true" className="h-3 w-3" />
              {t('card.flags', { count: location.flagCount })}
            </span>
          )}
          <span
            className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', categoryBadgeClass(location.category))}
          >
            {t(`categoryLabels.${location.category}`, { defaultValue: location.category })}
          </span>
        </div>
      </div>
      {location.address && (
        <p className="flex items-start gap-2 text-sm text-gray-800">
          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
          <span>{location.address}</span>
        </p>
      )}
      <SafeDescription
        html={location.description}
        locationId={location.id}
        className="line-clamp-4 text-sm text-gray-800"
      />
      <HoursStatusLine location={location} />
      <PlaceAttributesBadges attributes={location.attributes} />
      {(location.phone || location.website) && (
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {location.phone && (
            <a
              href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}
              className="inline-flex min-h-6 items-center gap-1 text-brand-800 underline-offset-4 hover:underline"
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {location.phone}
            </a>
          )}
          {location.website && !isLinkableWebsite(location.website) && (
            <span className="inline-flex min-h-6 items-center gap-1 break-all text-gray-800">
              <Globe aria-hidden="true" className="h-4 w-4 shrink-0" />
              {location.website}
            </span>
          )}
          {location.website && isLinkableWebsite(location.website) && (
            <a
              href={withHttps(location.website)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center gap-1 break-all text-brand-800 underline-offset-4 hover:underline"
            >
              <Globe aria-hidden="true" className="h-4 w-4 shrink-0" />
              {location.website}
              <span className="sr-only">{t('card.newTab')}</span>
            </a>
          )}
        </div>
      )}
      {location.tags.length > 0 && (
        <ul aria-label={t('card.tags')} className="flex flex-wrap gap-1.5">
          {shownTags.map((tag) => (
            <li key={tag.id} className={cn('rounded-full border px-2 py-0.5 text-xs', tagBadgeClass(tag.category))}>
              {tag.name}
            </li>
          ))}
          {moreTags > 0 && (
            <li className="rounded-full border border-gray-300 bg-white px-2 py-0.5 text-xs text-gray-800">
              {t('card.moreTags', { count: moreTags })}
            </li>
          )}
        </ul>
      )}
      <FreshnessLines location={location} />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1 print:hidden">
        <button
          type="button"
          onClick={() => onOpen(location)}
          className="inline-flex min-h-10 items-center rounded-md px-2 text-sm font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          {t('card.details')}
          <span className="sr-only">: {location.name}</span>
        </button>
        {apply.external ? (
          <a
            href={apply.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold tracking-wide text-white hover:bg-brand-800"
          >
            {t('card.apply')}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">
              : {location.name} {t('card.newTab')}
            </span>
          </a>
        ) : (
          <Link
            to={apply.href}
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold tracking-wide text-white hover:bg-brand-800"
          >
            {t('card.apply')}
            <span className="sr-only">: {location.name}</span>
          </Link>
        )}
      </div>
    </article>
  );
}

export function LocationCardSkeleton({ wideOnly = false }: { wideOnly?: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid="location-card-skeleton"
      data-wide-only={wideOnly ? '' : undefined}
      className="flex animate-pulse flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div className="h-6 w-2/3 rounded bg-gray-200" />
      <div className="h-4 w-1/2 rounded bg-gray-200" />
      <div className="h-4 w-full rounded bg-gray-200" />
      <div className="h-4 w-5/6 rounded bg-gray-200" />
      <div className="mt-2 h-10 w-24 self-end rounded bg-gray-200" />
    </div>
  );
}
