// The public places the feeds, the widget and the HSDS API show (decision 1000): a search's first
// places in Discover's order (the search's own answer: the in-process index picks them, the page is
// read under the one public condition, locations/visibility.ts), places by id, or one by slug.
import { sql } from 'drizzle-orm';
import type { DiscoverFilters } from '../../../shared/discover-query.js';
import type { PlaceAttributes } from '../../../shared/place-attributes.js';
import type { Location } from '../../../shared/schemas/location.js';
import { ADDRESS_NOT_FOUND } from '../../../shared/schemas/geocode.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../http-error.js';
import { rows, type SearchReads, searchLocations } from '../locations/locations.reads.js';
import type { SearchFilters } from '../locations/locations.search.js';
import { isPublicPlace } from '../locations/visibility.js';

export interface FeedTag {
  id: number;
  name: string;
  category: string | null;
}

export interface FeedPlace {
  id: number;
  slug: string;
  name: string;
  category: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  phone: string | null;
  openingHours: string | null;
  operatingHours: string | null;
  status: string;
  deadline: Date | null;
  registrationLink: string | null;
  faqLink: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastVerifiedAt: Date | null;
  tags: FeedTag[];
  /** The known facts only (decision 0803). */
  attributes: PlaceAttributes;
}

const date = (v: unknown): Date | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d;
};
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function toFeedPlace(r: Record<string, unknown>): FeedPlace {
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    category: String(r.category),
    description: (r.description as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    latitude: r.latitude === null || r.latitude === undefined ? null : Number(r.latitude),
    longitude: r.longitude === null || r.longitude === undefined ? null : Number(r.longitude),
    website: (r.website as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    openingHours: (r.opening_hours as string | null) ?? null,
    operatingHours: (r.operating_hours as string | null) ?? null,
    status: String(r.status),
    deadline: date(r.deadline),
    registrationLink: (r.registration_link as string | null) ?? null,
    faqLink: (r.faq_link as string | null) ?? null,
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
    lastVerifiedAt: date(r.last_verified_at),
    tags: json<FeedTag[] | null>(r.tags) ?? [],
    attributes: json<PlaceAttributes | null>(r.attributes) ?? {},
  };
}

const COLUMNS = sql`l.id, l.slug, l.name, l.category, l.description, l.address, l.latitude, l.longitude,
  l.website, l.phone, l.opening_hours, l.operating_hours, l.status, l.deadline, l.registration_link,
  l.faq_link, l.created_at, l.updated_at, l.attributes,
  (select max(v.at) from location_verifications v where v.location_id = l.id) as last_verified_at,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'category', t.category)
                            order by lower(t.name), t.id)
              from location_tags lt join tags t on t.id = lt.tag_id
             where lt.location_id = l.id), '[]'::json) as tags`;

/** The public places among `ids`, in the order of `ids`. */
export async function readPublicPlaces(db: Db, ids: number[]): Promise<FeedPlace[]> {
  if (ids.length === 0) return [];
  const found = await rows(
    db,
    sql`select ${COLUMNS} from locations l
         where l.id = any(${`{${ids.join(',')}}`}::int[]) and ${isPublicPlace()}`,
  );
  const byId = new Map(found.map((r) => [Number(r.id), toFeedPlace(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A public place by its slug or any slug it had, or null. */
export async function publicPlaceBySlug(db: Db, slug: string): Promise<FeedPlace | null> {
  const [found] = await rows(
    db,
    sql`select ${COLUMNS} from locations l
         where l.id = coalesce((select id from locations where slug = ${slug}),
                               (select location_id from location_slugs where slug = ${slug}))
           and ${isPublicPlace()}`,
  );
  return found ? toFeedPlace(found) : null;
}

/** The search a Discover query names, as the list search takes it: the address looked up through
 * the server's geocoder (cached), and refused when nothing is known of it, so that "near 64110"
 * never silently becomes "anywhere". */
export async function searchFiltersOf(ctx: AppContext, f: DiscoverFilters): Promise<SearchFilters> {
  const out: SearchFilters = {
    category: f.category === 'all' ? undefined : (f.category as SearchFilters['category']),
    search: f.search || undefined,
    tagIds: f.tagIds.length ? f.tagIds : undefined,
    radius: f.radius,
    openNow: f.openNow || undefined,
    inSeason: f.inSeason || undefined,
    ...(f.days.length ? { days: f.days, from: f.from, to: f.to } : {}),
    pay: f.pay.length ? f.pay : undefined,
    access: f.access.length ? f.access : undefined,
  };
  if (f.address) {
    const point = await ctx.geocoder.geocode(f.address);
    if (!point) throw new HttpError(400, ADDRESS_NOT_FOUND, { address: ADDRESS_NOT_FOUND });
    out.lat = point.lat;
    out.lng = point.lng;
  }
  return out;
}

/** A place of the search's own answer (read under the public condition, locations.reads.ts) in
 * the feeds' shape: one read of the page, not two. */
export function fromLocation(p: Location): FeedPlace {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    description: p.description,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    website: p.website,
    phone: p.phone,
    openingHours: p.openingHours,
    operatingHours: p.operatingHours,
    status: p.status,
    deadline: date(p.deadline),
    registrationLink: p.registrationLink,
    faqLink: p.faqLink,
    createdAt: new Date(p.createdAt),
    updatedAt: new Date(p.updatedAt),
    lastVerifiedAt: date(p.lastVerifiedAt),
    tags: p.tags.map((t) => ({ id: t.id, name: t.name, category: t.category ?? null })),
    attributes: p.attributes,
  };
}

/** The first `limit` public places of a search, in Discover's order, and how many match. */
export async function searchPublicPlaces(
  reads: SearchReads,
  filters: SearchFilters,
  limit: number,
): Promise<{ places: FeedPlace[]; total: number }> {
  const page = await searchLocations(reads, { ...filters, limit, offset: 0 });
  return { places: page.items.map(fromLocation), total: page.total };
}
