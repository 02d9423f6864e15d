// Creating and editing one place (the forms and the API): the person's values are checked, the
// description sanitised, the address geocoded outside the transaction, and inside it the slug
// allocated, the tags linked and the revision written, so all of it commits or none.
import { eq } from 'drizzle-orm';
import { validateOpeningHours } from '../../../../shared/opening-hours.js';
import type { LocationFormValues, LocationPatch } from '../../../../shared/schemas/location.js';
import { locationVersion } from '../../../../shared/location-version.js';
import { MSG } from '../../../../shared/messages.js';
import { storedAttributes } from '../../../../shared/place-attributes.js';
import { locationAddressRule } from '../../../../shared/schemas/location.js';
import type { Db } from '../../../db/connect.js';
import { locationSlugs, locations, pendingChanges } from '../../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../../http-error.js';
import { sanitizeDescription } from '../../../lib/sanitize-description.js';
import type { Geocoder, GeoPoint } from '../../geocode/geocoder.js';
import { type RevisionAuthor, writeRevision } from '../../revisions/revisions.repository.js';
import { getLocationById, LOCATION_NOT_FOUND, type ReadOptions } from '../locations.reads.js';
import type { Location } from '../../../../shared/schemas/location.js';
import { replaceOpenIntervals } from './open-intervals.js';
import { allocateSlugs, slugForRename } from './slugs.js';
import { snapshotLocation } from './snapshot.js';
import { nameSkeleton } from '../../../lib/name-skeleton.js';
import { assertTagsExist, linkTags } from './tag-links.js';

export interface WriteDeps {
  db: Db;
  geocoder: Geocoder;
}

const nullIfEmpty = (s: string | undefined) => (s === undefined ? undefined : s.trim() === '' ? null : s.trim());

/** Opening hours as stored: null for none, else the library's tidy spelling ('Sa 8am-1pm' →
 * 'Sa 08:00-13:00', decision 0800). Text it cannot read is refused here too, whoever calls. */
export function storedOpeningHours(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const checked = validateOpeningHours(value);
  if (!checked.ok) throw badRequest(checked.error, { openingHours: checked.error });
  return checked.normalized;
}

/** Stored column values of form fields: empty text becomes null, the description is sanitised. */
export function toColumns(v: Partial<LocationFormValues>): Partial<typeof locations.$inferInsert> {
  const out: Partial<typeof locations.$inferInsert> = {};
  if (v.name !== undefined) {
    out.name = v.name;
    out.nameSkeleton = nameSkeleton(v.name);
  }
  if (v.category !== undefined) out.category = v.category;
  if (v.description !== undefined) out.description = sanitizeDescription(v.description) || null;
  if (v.address !== undefined) out.address = nullIfEmpty(v.address);
  if (v.phone !== undefined) out.phone = nullIfEmpty(v.phone);
  if (v.website !== undefined) out.website = nullIfEmpty(v.website);
  if (v.operatingHours !== undefined) out.operatingHours = nullIfEmpty(v.operatingHours);
  if (v.openingHours !== undefined) out.openingHours = storedOpeningHours(v.openingHours);
  if (v.registrationLink !== undefined) out.registrationLink = nullIfEmpty(v.registrationLink);
  if (v.faqLink !== undefined) out.faqLink = nullIfEmpty(v.faqLink);
  if (v.status !== undefined) out.status = v.status;
  if (v.deadline !== undefined) out.deadline = v.deadline ? new Date(v.deadline) : null;
  if (v.attributes !== undefined) out.attributes = storedAttributes(v.attributes);
  return out;
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/** Retries a write whose slug lost a race to another writer (the unique index says 23505). */
async function withSlugRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (errorCode(err) === '23505' && attempt < 4) continue;
      if (errorCode(err) === '23503') {
        // A tag was deleted between the check and the write.
        const message = 'Unknown tag id(s)';
        throw badRequest(message, { tagIds: message });
      }
      throw err;
    }
  }
}

/** The coordinates a write gives, when it gives both. */
function givenPoint(v: { latitude?: number | null; longitude?: number | null }): GeoPoint | null {
  return v.latitude != null && v.longitude != null ? { lat: v.latitude, lng: v.longitude } : null;
}

/** The point of an address, and whether it is a stand-in to ask again later (geocode-later.ts). */
export async function geocodeAddress(
  geocoder: Geocoder,
  address: string | null | undefined,
): Promise<{ point: GeoPoint | null; pending: boolean }> {
  if (!address?.trim()) return { point: null, pending: false };
  try {
    if (geocoder.locate) {
      const { point, approximate } = await geocoder.locate(address.trim());
      return { point, pending: approximate };
    }
    return { point: await geocoder.geocode(address.trim()), pending: false };
  } catch {
    // A failing geocoder never blocks saving a place: it has no point yet, and is asked again later.
    return { point: null, pending: true };
  }
}

/** A new place's values: the form's, the opening hours optional (callers from before decision
 * 0800 leave them out). */
export type NewPlace = Omit<LocationFormValues, 'openingHours'> & { openingHours?: string };

/** Creates a place (geocoding its address first, outside the transaction) and answers it. */
export async function createLocation(
  deps: WriteDeps,
  input: NewPlace,
  author: RevisionAuthor,
  extra: {
    uniqueId?: string;
    notionId?: string | null;
    /** Why it is held for review (decision 0403): not public until an administrator approves it. */
    held?: string[];
  } = {},
): Promise<Location> {
  const { db } = deps;
  await assertTagsExist(db, input.tagIds);
  const columns = toColumns(input);
  // The place's own coordinates win over its address (decision 0303).
  const given = givenPoint(input);
  const located = given ? { point: given, pending: false } : await geocodeAddress(deps.geocoder, columns.address);
  const point = located.point;
  const id = await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const [slug] = await allocateSlugs(tx, [{ name: input.name }]);
      const [row] = await tx
        .insert(locations)
        .values({
          ...columns,
          name: input.name,
          category: input.category,
          slug: slug!,
          latitude: point?.lat ?? null,
          longitude: point?.lng ?? null,
          geocodePending: located.pending,
          // A stand-in point (the ZIP or town centroid) is an area, not the spot (decision 0804).
          pointApproximate: located.pending && point !== null,
          ...(extra.held?.length ? { hidden: true, review: 'pending' } : {}),
          ...(extra.uniqueId !== undefined ? { uniqueId: extra.uniqueId } : {}),
          ...(extra.notionId !== undefined ? { notionId: extra.notionId } : {}),
        })
        .returning({ id: locations.id });
      const newId = row!.id;
      await tx.insert(locationSlugs).values({ slug: slug!, locationId: newId });
      await linkTags(tx, newId, input.tagIds);
      if (columns.openingHours) await replaceOpenIntervals(tx, [newId]);
      const after = await snapshotLocation(tx, newId);
      await writeRevision(tx, {
        ...author,
        entityType: 'location',
        entityId: newId,
        action: 'create',
        before: null,
        after,
      });
      if (extra.held?.length) {
        await tx.insert(pendingChanges).values({
          entityType: 'location',
          entityId: newId,
          action: 'create',
          patch: {},
          before: null,
          after,
          reasons: extra.held,
          sessionId: author.sessionId,
          clientHash: author.clientHash,
          network48: author.network48 ?? null,
        });
      }
      return newId;
    }),
  );
  const created = (await getLocationById(db, id, { includeHidden: true }))!;
  return extra.held?.length ? { ...created, review: 'pending' } : created;
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();

/** Applies a partial form to a place: the address rule is checked on the merged result, the
 * address geocoded again only when it changed, and a rename keeps the old slug answering. */
export async function updateLocation(
  deps: WriteDeps,
  id: number,
  patch: LocationPatch,
  author: RevisionAuthor,
  opts: ReadOptions & {
    /** The version the editor started from (If-Match): a place changed since is refused, 412. */
    ifMatch?: string;
  } = {},
): Promise<Location> {
  const { db } = deps;
  const [current] = await db.select().from(locations).where(eq(locations.id, id));
  if (!current || (current.hidden && !opts.includeHidden)) throw notFound(LOCATION_NOT_FOUND);
  const refuseIfStale = (row: { id: number; updatedAt: Date }) => {
    if (opts.ifMatch && opts.ifMatch !== '*' && opts.ifMatch !== locationVersion(row)) {
      throw new HttpError(412, MSG.editConflict);
    }
  };
  refuseIfStale(current);

  const merged = {
    category: patch.category ?? current.category,
    address: patch.address !== undefined ? patch.address : (current.address ?? ''),
  };
  const issues: { message?: string }[] = [];
  locationAddressRule(merged, { addIssue: (i: { message?: string }) => issues.push(i) } as never);
  if (issues.length) {
    const message = issues[0]!.message!;
    throw badRequest(message, { address: message });
  }
  await assertTagsExist(db, patch.tagIds);

  const columns = toColumns(patch);
  const addressChanged = patch.address !== undefined && !sameText(columns.address, current.address);
  // Decision 0303: coordinates that differ from the stored ones are the person's and win; the same
  // ones sent back with a new address are the old geocoding, so the new address is geocoded; both
  // null means "from the address" (geocoded again).
  const given = givenPoint(patch);
  const movedByHand = given !== null && (given.lat !== current.latitude || given.lng !== current.longitude);
  const cleared = patch.latitude === null && patch.longitude === null;
  const relocate = movedByHand || addressChanged || cleared;
  const address = columns.address !== undefined ? columns.address : current.address;
  const located = movedByHand
    ? { point: given, pending: false }
    : relocate
      ? await geocodeAddress(deps.geocoder, address)
      : null;
  const point = located?.point ?? null;

  await withSlugRetry(() =>
    db.transaction(async (tx) => {
      // Again under a row lock: two saves from the same version cannot both pass the check.
      const [locked] = await tx
        .select({ id: locations.id, updatedAt: locations.updatedAt })
        .from(locations)
        .where(eq(locations.id, id))
        .for('update');
      if (!locked) throw notFound(LOCATION_NOT_FOUND);
      refuseIfStale(locked);
      const before = await snapshotLocation(tx, id);
      if (!before) throw notFound(LOCATION_NOT_FOUND);
      const set: Partial<typeof locations.$inferInsert> = { ...columns, updatedAt: new Date() };
      if (relocate) {
        set.latitude = point?.lat ?? null;
        set.longitude = point?.lng ?? null;
        set.geocodePending = located?.pending ?? false;
        set.pointApproximate = set.geocodePending && point !== null;
      }
      if (patch.name !== undefined && patch.name !== before.name) {
        await renameSlug(tx, id, patch.name, set);
      }
      await tx.update(locations).set(set).where(eq(locations.id, id));
      if (patch.tagIds !== undefined) await linkTags(tx, id, patch.tagIds);
      if (columns.openingHours !== undefined && columns.openingHours !== before.openingHours) {
        await replaceOpenIntervals(tx, [id]);
      }
      await writeRevision(tx, {
        ...author,
        entityType: 'location',
        entityId: id,
        action: 'update',
        before,
        after: await snapshotLocation(tx, id),
      });
    }),
  );
  return (await getLocationById(db, id, { includeHidden: true }))!;
}

/** A new name may need a new slug: it is set on `set` and recorded, the old one keeps answering. */
export async function renameSlug(
  tx: Db,
  id: number,
  name: string,
  set: Partial<typeof locations.$inferInsert>,
): Promise<void> {
  const [{ slug: currentSlug } = { slug: '' }] = await tx
    .select({ slug: locations.slug })
    .from(locations)
    .where(eq(locations.id, id));
  const slug = await slugForRename(tx, id, currentSlug, name);
  if (slug === currentSlug) return;
  set.slug = slug;
  await tx.insert(locationSlugs).values({ slug, locationId: id }).onConflictDoNothing();
}
