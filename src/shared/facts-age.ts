// How old a place's facts are (decision 0804): the latest of when its source published them and
// when an administrator last checked them, or, for a place added through the site, of when it was
// added and last checked. Facts older than FACTS_STALE_YEARS may have changed: the card and the
// page say so and the review desk lists the place.

/** After this many years without a newer source or a check, facts "may have changed". */
const FACTS_STALE_YEARS = 2;

export interface FactsDates {
  source: { publishedAt: string | null } | null;
  createdAt: string;
  lastVerifiedAt: string | null;
}

const time = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/** The facts' date and whether they are stale at `now`. A sourced place whose source gives no
 * date is stale unless checked within FACTS_STALE_YEARS; its date is then when it was added. */
export function factsAge(place: FactsDates, now: Date): { date: Date; stale: boolean } {
  const verified = time(place.lastVerifiedAt);
  const own = place.source ? time(place.source.publishedAt) : time(place.createdAt);
  const latest = Math.max(own ?? Number.NEGATIVE_INFINITY, verified ?? Number.NEGATIVE_INFINITY);
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - FACTS_STALE_YEARS);
  if (latest === Number.NEGATIVE_INFINITY) return { date: new Date(place.createdAt), stale: true };
  return { date: new Date(latest), stale: latest < cutoff.getTime() };
}
