// When a change waits for an administrator instead of going live (decisions 0403, 0404): a new
// place from a contributor without trust always waits, an edit only when a rule below holds it;
// trusted contributors meet fewer rules, with a wider allowance, and administrators none.
import { and, countDistinct, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { PAYMENT_KEYS } from '../../../shared/place-attributes.js';
import { knownAttributeCount } from '../../../shared/place-attributes-changes.js';
import { isInternationalHost, isRawIpHost, siteOf, websiteHost } from '../../../shared/website-host.js';
import type { Db } from '../../db/connect.js';
import { locationVerifications, locations, revisions, tags } from '../../db/schema.js';
import { now as clockNow } from '../../lib/clock.js';
import type { Contributor, TrustLevel } from './identity.js';
import { lookAlikeOf } from './lookalike.js';

const HOLD_REASONS = [
  'new-place',
  'look-alike',
  'verified-field',
  'blanked',
  'new-website',
  'ip-website',
  'international-website',
  'many-places',
  'pending-tag',
  'new-tag',
  'tag-change',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** More places than this changed by one network group within MANY_PLACES_WINDOW_MS holds the
 * next one (scaled by RATE_LIMIT_SCALE, for test rigs). */
const MANY_PLACES = { new: 3, trusted: 30 } as const;
const MANY_PLACES_WINDOW_MS = 10 * 60_000;

/** Fields of a place whose emptying (or losing most of its text) is held. */
const BLANKABLE = ['name', 'description', 'address', 'phone', 'website', 'operatingHours', 'openingHours'] as const;
/** Known attributes a place must have for losing most of them to be held (decision 0803). */
const ATTRIBUTES_BLANKABLE_FROM = 3;
/** Fields of a place an administrator confirmed that only reviewed changes may touch. */
const VERIFIED_FIELDS = ['name', 'website', 'phone'] as const;

/** Whether a payment the place was known to take or refuse (SNAP, WIC…) changes or becomes
 * unknown: on a confirmed place that is what a resident counts on at the till (decision 0803). */
function paymentFactChanged(before: unknown, after: unknown): boolean {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  return PAYMENT_KEYS.some((k) => typeof b[k] === 'boolean' && a[k] !== b[k]);
}

type Snapshot = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Most of the field's text gone: emptied, or under half of a longer text. */
function blanked(before: unknown, after: unknown): boolean {
  const b = text(before);
  const a = text(after);
  if (b === '') return false;
  return a === '' || (b.length >= 20 && a.length < b.length / 2);
}

/** Is any public place's website on `site` (other than `exceptId`)? */
async function siteSeen(db: Db, site: string, exceptId?: number): Promise<boolean> {
  const pattern = `^([a-z][a-z0-9+.-]*://)?([^/?#@]*[.@])?${site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([:/?#]|$)`;
  const found = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.hidden, false),
        exceptId !== undefined ? ne(locations.id, exceptId) : undefined,
        sql`lower(${locations.website}) ~ ${pattern}`,
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** Why a website would be held: a raw IP, a host in punycode, or a site no public place uses. */
async function websiteReasons(
  db: Db,
  website: string | null | undefined,
  previous: string | null | undefined,
  exceptId?: number,
): Promise<HoldReason[]> {
  const host = websiteHost(website);
  if (!host) return [];
  if (isRawIpHost(host)) return ['ip-website'];
  if (isInternationalHost(host)) return ['international-website'];
  const site = siteOf(host);
  const before = websiteHost(previous);
  if (before && siteOf(before) === site) return [];
  return (await siteSeen(db, site, exceptId)) ? [] : ['new-website'];
}

/** Places (other than `placeId`) the network group changed live lately, by its own writes. */
async function placesChangedLately(db: Db, network: string, placeId: number | null): Promise<number> {
  const since = new Date(clockNow().getTime() - MANY_PLACES_WINDOW_MS);
  const [row] = await db
    .select({ n: countDistinct(revisions.entityId) })
    .from(revisions)
    .where(
      and(
        eq(revisions.clientHash, network),
        eq(revisions.entityType, 'location'),
        isNull(revisions.actor),
        inArray(revisions.action, ['create', 'update']),
        gt(revisions.createdAt, since),
        placeId !== null ? ne(revisions.entityId, placeId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export interface EditContext {
  db: Db;
  contributor: Contributor;
  level: TrustLevel;
  /** RATE_LIMIT_SCALE. */
  scale: number;
}

/** The reasons an edit of place `id` from `before` to `after` (snapshots; `after` holds only the
 * fields the edit sets) waits for review; none means it goes live. */
export async function editHoldReasons(
  ctx: EditContext,
  id: number,
  before: Snapshot,
  after: Snapshot,
): Promise<HoldReason[]> {
  const { db, level } = ctx;
  if (level === 'admin') return [];
  const changed = (f: string) => f in after && JSON.stringify(after[f] ?? null) !== JSON.stringify(before[f] ?? null);
  const reasons = new Set<HoldReason>();
  if (changed('name') && (await looksLikeAnother(db, String(after.name), level, id))) reasons.add('look-alike');
  const limit = Math.ceil(MANY_PLACES[level === 'trusted' ? 'trusted' : 'new'] * ctx.scale);
  if ((await placesChangedLately(db, ctx.contributor.network, id)) >= limit) reasons.add('many-places');
  const site = changed('website')
    ? await websiteReasons(db, after.website as string, before.website as string, id)
    : [];
  if (level === 'trusted') return [...reasons, ...site.filter((r) => r !== 'new-website')];
  for (const r of site) reasons.add(r);

  if (
    VERIFIED_FIELDS.some(changed) ||
    ('attributes' in after && paymentFactChanged(before.attributes, after.attributes))
  ) {
    const [verified] = await db
      .select({ id: locationVerifications.id })
      .from(locationVerifications)
      .where(eq(locationVerifications.locationId, id))
      .limit(1);
    if (verified) reasons.add('verified-field');
  }
  if (BLANKABLE.some((f) => changed(f) && blanked(before[f], after[f]))) reasons.add('blanked');
  const beforeTags = Array.isArray(before.tagIds) ? before.tagIds : [];
  const afterTags = Array.isArray(after.tagIds) ? (after.tagIds as number[]) : null;
  if (afterTags && beforeTags.length >= 2 && afterTags.length < beforeTags.length / 2) reasons.add('blanked');
  // Most of many known facts made unknown at once reads like blanking a field (decision 0803).
  const knownBefore = knownAttributeCount(before.attributes);
  if ('attributes' in after && knownBefore >= ATTRIBUTES_BLANKABLE_FROM) {
    if (knownAttributeCount(after.attributes) < knownBefore / 2) reasons.add('blanked');
  }
  if (afterTags && (await hasPendingTag(db, afterTags))) reasons.add('pending-tag');
  return [...reasons];
}

/** The reasons a new place waits: always, without trust; a look-alike name, a website on a raw IP
 * or an international host, or a tag waiting for review, even with it. */
export async function newPlaceHoldReasons(
  ctx: EditContext,
  place: { name: string; tagIds: number[]; website?: string | null },
): Promise<HoldReason[]> {
  if (ctx.level === 'admin') return [];
  const { name, tagIds } = place;
  const reasons = new Set<HoldReason>();
  if (ctx.level !== 'trusted') reasons.add('new-place');
  if (await looksLikeAnother(ctx.db, name, ctx.level)) reasons.add('look-alike');
  for (const r of await websiteReasons(ctx.db, place.website, null)) if (r !== 'new-website') reasons.add(r);
  if (await hasPendingTag(ctx.db, tagIds)) reasons.add('pending-tag');
  return [...reasons];
}

/** A name that looks like another public place's. Without trust an identical name counts too;
 * with it only a deceptive one does (the same skeleton, other letters): two real places may share
 * a name. */
async function looksLikeAnother(db: Db, name: string, level: TrustLevel, exceptId?: number): Promise<boolean> {
  const other = await lookAlikeOf(db, name, exceptId);
  if (!other) return false;
  return level !== 'trusted' || other.name.toLowerCase() !== name.trim().toLowerCase();
}

async function hasPendingTag(db: Db, tagIds: number[]): Promise<boolean> {
  if (tagIds.length === 0) return false;
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(inArray(tags.id, tagIds), eq(tags.status, 'pending')))
    .limit(1);
  return found.length > 0;
}
