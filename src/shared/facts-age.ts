// How old a place's facts are (decision 0805): the latest of its source's date (for a place added
// through the site, its addition) and an administrator's last confirmation. The one definition the
// pages use; the database keeps the same date as `locations.facts_at` for the search.

/** Facts last published or confirmed longer ago than this are stale. */
export const FACTS_STALE_YEARS = 2;

/** The instant before which a facts date is stale at `now`: `now` less two calendar years (UTC). */
export function factsStaleBefore(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - FACTS_STALE_YEARS);
  return d;
}

/** What factsAge reads of a place. */
export interface FactsDates {
  source: { publishedAt: string | null } | null;
  createdAt: string;
  lastVerifiedAt: string | null;
}

const latest = (...dates: Array<string | null | undefined>): string | null => {
  let best: string | null = null;
  for (const d of dates) if (d && (best === null || Date.parse(d) > Date.parse(best))) best = d;
  return best;
};

/**
 * The date of a place's facts (ISO, or null when its source gave no date and nobody confirmed it)
 * and whether they are stale at `now`. An unknown date is stale: a source that does not say when
 * is no sign that its facts still hold.
 */
export function factsAge(place: FactsDates, now: Date): { date: string | null; stale: boolean } {
  const date = latest(place.source ? place.source.publishedAt : place.createdAt, place.lastVerifiedAt);
  return { date, stale: date === null || Date.parse(date) < factsStaleBefore(now).getTime() };
}
