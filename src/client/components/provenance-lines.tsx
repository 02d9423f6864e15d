// Where a place's facts came from and how old they are (decision 0804), beside "Checked …" on its
// card and page: the source (linked when a web address) or the visitor who added it, and "may have
// changed" once stale. The page adds the source's licence on a second line.
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type FactsDates, factsAge } from '../../shared/facts-age';
import type { Location } from '../../shared/schemas/location';
import { formatDate } from '../lib/dates';
import { CheckedLine, useNow } from './hours-line';

type Provenance = Pick<Location, 'source' | 'createdAt' | 'lastVerifiedAt'>;

const isWebAddress = (ref: string | null): ref is string => !!ref && /^https?:\/\/[^\s]+$/i.test(ref);
const yearOf = (iso: string) => String(new Date(iso).getUTCFullYear());

/** 'Source: …, listing of 2017', or 'Added by a visitor on …'. */
function SourceLine({ place, detailed = false }: { place: Provenance; detailed?: boolean }) {
  const { t, i18n } = useTranslation('discover');
  const text = detailed ? 'text-sm text-gray-700' : 'text-xs text-gray-700';
  const { source } = place;
  if (!source) {
    return (
      <p className={text} data-testid="source-line">
        {t('provenance.visitor', { date: formatDate(place.createdAt, i18n.language) })}
      </p>
    );
  }
  const name = isWebAddress(source.ref) ? (
    <a
      href={source.ref}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
    >
      {source.name}
      <span className="sr-only"> {t('card.newTab')}</span>
    </a>
  ) : (
    source.name
  );
  return (
    <div data-testid="source-line">
      <p className={text} title={detailed ? undefined : (source.license ?? undefined)}>
        {t('provenance.source')} {name}
        {source.publishedAt && t('provenance.listing', { year: yearOf(source.publishedAt) })}
      </p>
      {detailed && (source.license || (source.ref && !isWebAddress(source.ref))) && (
        <p className="break-words text-xs text-gray-700" data-testid="source-license">
          {source.license && t('provenance.license', { license: source.license })}
          {source.license && source.ref && !isWebAddress(source.ref) && ' · '}
          {source.ref && !isWebAddress(source.ref) && t('provenance.reference', { ref: source.ref })}
        </p>
      )}
    </div>
  );
}

/** 'Listed in 2013 — may have changed' when the facts are stale; nothing otherwise, nor before
 * "now" is known (the server renders the instant it rendered at, so the line is there at once). */
export function FactsAgeLine({ place, detailed = false }: { place: FactsDates; detailed?: boolean }) {
  const { t } = useTranslation('discover');
  const now = useNow();
  if (!now) return null;
  const age = factsAge(place, now);
  if (!age.stale) return null;
  // A source that gives no date and was never checked: its age is not known, only that it is not new.
  const undated = age.date === null;
  return (
    <p
      className={`flex items-start gap-1.5 font-medium text-amber-900 ${detailed ? 'text-sm' : 'text-xs'}`}
      data-testid="facts-age"
    >
      <History aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
      <span>
        {undated
          ? t('provenance.staleUndated')
          : t('provenance.stale', { year: String(new Date(age.date!).getUTCFullYear()) })}
      </span>
    </p>
  );
}

/** The card's and the page's freshness: when checked, where from, and whether it may have changed. */
export function FreshnessLines({ location, detailed = false }: { location: Provenance; detailed?: boolean }) {
  return (
    <div className={detailed ? 'space-y-1' : 'space-y-0.5'}>
      <FactsAgeLine place={location} detailed={detailed} />
      <CheckedLine
        lastVerifiedAt={location.lastVerifiedAt ?? null}
        className={detailed ? 'text-sm text-gray-700' : undefined}
      />
      <SourceLine place={location} detailed={detailed} />
    </div>
  );
}
