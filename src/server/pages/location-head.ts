// The <head> of a location page: title, description, canonical URL (always the current slug; old
// slugs resolve to the place), Open Graph and Twitter tags for previews, and schema.org JSON-LD (a
// Place, or an Event for a resource with a deadline) for search engines.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { locationSlugs, locations } from '../db/schema.js';
import { now as clockNow } from '../lib/clock.js';
import { attributesJsonLd } from './attributes-jsonld.js';
import { openingHoursSpecification } from './opening-hours-jsonld.js';
import { escapeHtml, type PageHead, SITE_NAME } from './page-head.js';
import { isLinkableWebsite } from '../../shared/website-host.js';

type LocationRow = typeof locations.$inferSelect;

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** Plain text of a stored description (tags dropped, entities decoded), cut for meta tags. */
export function plainText(html: string | null | undefined, max = 160): string {
  // One pass for tags and entities (a feed page runs it on every description): what it decodes is
  // never read again as a tag or an entity.
  const text = (html ?? '')
    .replace(/<[^>]*>|&(nbsp|lt|gt|quot|#39|amp);/g, (_m, entity?: string) => (entity ? ENTITIES[entity]! : ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

async function findLocationBySlug(ctx: AppContext, slug: string) {
  const direct = await ctx.db.select().from(locations).where(eq(locations.slug, slug)).limit(1);
  if (direct[0]) return direct[0];
  const old = await ctx.db
    .select({ location: locations })
    .from(locationSlugs)
    .innerJoin(locations, eq(locations.id, locationSlugs.locationId))
    .where(eq(locationSlugs.slug, slug))
    .limit(1);
  return old[0]?.location ?? null;
}

/** JSON for a <script> element: '<' (and the line separators JavaScript once choked on) become
 * \u escapes, so '</script>' or '<!--' in user text cannot end or confuse the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** 'www.example.org' -> 'https://www.example.org'; anything but http(s) is dropped. */
function absoluteUrl(url: string | null | undefined): string | undefined {
  const v = (url ?? '').trim();
  if (!v) return undefined;
  const withScheme = /^https?:\/\//i.test(v) ? v : /^[a-z][a-z0-9+.-]*:/i.test(v) ? '' : `https://${v}`;
  if (!withScheme) return undefined;
  try {
    return new URL(withScheme).toString();
  } catch {
    return undefined;
  }
}

/** Where the place's facts came from (decision 0804), as schema.org's `subjectOf`: the source's
 * listing is a CreativeWork about the place, with its licence and publication date. A place added
 * through the site has none. */
function sourceWork(location: LocationRow): Record<string, unknown> | null {
  if (!location.sourceName) return null;
  const work: Record<string, unknown> = { '@type': 'CreativeWork', name: location.sourceName };
  const ref = location.sourceRef ?? '';
  if (/^https?:\/\//i.test(ref)) work.url = ref;
  else if (ref) work.identifier = ref;
  if (location.sourceLicense) work.license = location.sourceLicense;
  if (location.sourcePublishedAt) work.datePublished = location.sourcePublishedAt.toISOString().slice(0, 10);
  return work;
}

/** schema.org data of a place: a Place, or for a resource with a deadline an Event held there.
 * Structured hours become its openingHoursSpecification (./opening-hours-jsonld.ts). An
 * approximate point (a ZIP or town centroid) is not given as the place's coordinates. */
export function locationJsonLd(
  location: LocationRow,
  url: string,
  description: string,
  now: Date = clockNow(),
): Record<string, unknown> {
  const place: Record<string, unknown> = {
    '@type': 'Place',
    name: location.name,
    url,
  };
  if (description) place.description = description;
  if (location.address) place.address = { '@type': 'PostalAddress', streetAddress: location.address };
  if (location.latitude != null && location.longitude != null && !location.pointApproximate) {
    place.geo = { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude };
  }
  if (location.phone) place.telephone = location.phone;
  const website = isLinkableWebsite(location.website) ? absoluteUrl(location.website) : null;
  if (website) place.sameAs = website;
  const hours = openingHoursSpecification(location.openingHours, now);
  if (hours.length) place.openingHoursSpecification = hours;
  Object.assign(place, attributesJsonLd(location.attributes));
  const source = sourceWork(location);
  if (source) place.subjectOf = source;

  if (location.category === 'resource' && location.deadline) {
    // A resource is a program open until its deadline: it runs from when it was listed to the
    // deadline (startDate never after endDate).
    const end = location.deadline;
    const start = new Date(Math.min(location.createdAt.getTime(), end.getTime()));
    // The source is about the resource, said once on the Event.
    const { '@type': _type, subjectOf: _source, ...placeFields } = place;
    const event: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: location.name,
      url,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: location.address
        ? 'https://schema.org/OfflineEventAttendanceMode'
        : 'https://schema.org/OnlineEventAttendanceMode',
      location: location.address
        ? { '@type': 'Place', ...placeFields }
        : { '@type': 'VirtualLocation', url: absoluteUrl(location.registrationLink) ?? url },
    };
    if (description) event.description = description;
    if (source) event.subjectOf = source;
    const registration = absoluteUrl(location.registrationLink);
    if (registration) event.offers = { '@type': 'Offer', url: registration };
    return event;
  }
  return { '@context': 'https://schema.org', ...place };
}

function meta(attr: 'property' | 'name', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
}

export async function buildLocationHead(
  ctx: AppContext,
  slug: string,
  origin: string,
): Promise<{ head: PageHead; canonical: string } | null> {
  const location = await findLocationBySlug(ctx, slug);
  if (!location || location.hidden) return null;
  const description =
    plainText(location.description) ||
    `${location.name}${location.address ? `, ${location.address}` : ''} in the Kansas City green directory.`;
  const title = `${location.name} | ${SITE_NAME}`;
  const canonical = `${origin}/discover/${encodeURIComponent(location.slug)}`;
  const extra = [
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    // The place's calendar and change feed, for browsers and readers that discover feeds (decision 1000).
    `<link rel="alternate" type="text/calendar" title="${escapeHtml(`${location.name}: opening times and deadlines`)}" href="${escapeHtml(`${canonical}/calendar.ics`)}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${location.name}: changes`)}" href="${escapeHtml(`${canonical}/changes.atom`)}" />`,
    `<script type="application/ld+json">${jsonForScript(
      locationJsonLd(location, canonical, plainText(location.description, 5000)),
    )}</script>`,
  ].join('\n    ');
  return { head: { title, description, extra }, canonical };
}
