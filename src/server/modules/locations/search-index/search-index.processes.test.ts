// Decision 0504: a write is in the very next search of every process. On PostgreSQL a second
// process is a second pool with its own index (writes on the first, searches on the second, no
// wait between); on the embedded database (one process owns the folder) both are one process.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/connect.js';
import { locationTags, tags } from '../../../db/schema.js';
import { useTestApp } from '../../../test/test-app.js';
import { type SearchReads, searchLocations } from '../locations.reads.js';
import { createLocation, refreshTagText, updateLocation } from '../writes/index.js';
import { searchMapJson } from '../locations.map.js';
import { mapWithIndex, searchWithIndex } from './index-search.js';
import { SearchIndex } from './sync.js';

const anon = { sessionId: 'processes', clientHash: 'h' };
const noGeo = { geocode: async () => null };

describe('search index on every process', () => {
  const t = useTestApp();
  let otherDatabase: Database;
  /** The other process's database and index (the app's own on the embedded database). */
  let other: SearchReads;
  beforeAll(async () => {
    otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : t.database;
    other =
      otherDatabase === t.database
        ? { db: t.database.db, searchIndex: t.app.searchIndex }
        : { db: otherDatabase.db, searchIndex: new SearchIndex(otherDatabase.db) };
    await t.app.searchIndex.rebuild();
    await other.searchIndex.rebuild();
  });
  afterAll(async () => {
    if (otherDatabase !== t.database) await otherDatabase.close();
  });

  const write = () => ({ db: t.database.db, geocoder: noGeo });
  /** A park added through the write path, on the first process. */
  const addPark = (name: string) =>
    createLocation(
      write(),
      { name, category: 'park', address: '1 Main St, Kansas City, MO 64105', tagIds: [] } as never,
      anon,
    );
  /** The other process's answer, from its index (not SQL). */
  const names = async (query: Parameters<typeof searchLocations>[1]) => {
    // First, as requests do: the index answers as it is and the page's read finds the version moved.
    const found = (await searchLocations(other, query)).items.map((l) => l.name);
    expect(await searchWithIndex(other.searchIndex, query, new Date())).not.toBeNull();
    return found;
  };

  it('sees a new place, a rename, new tags, a hidden place and a deleted one at once', async () => {
    const created = await addPark('Quokka Orchard');
    const id = created.id;
    expect(await names({ search: 'quokka', radius: 5 })).toEqual(['Quokka Orchard']);

    await updateLocation(write(), id, { name: 'Wombat Orchard' }, anon);
    expect(await names({ search: 'quokka', radius: 5 })).toEqual([]);
    expect(await names({ search: 'wombat', radius: 5 })).toEqual(['Wombat Orchard']);

    const [tag] = await t.database.db
      .insert(tags)
      .values({ name: 'Marsupial Friendly', category: 'other' })
      .returning();
    await t.database.db.insert(locationTags).values({ locationId: id, tagId: tag!.id });
    await refreshTagText(t.database.db, [id]);
    expect(await names({ tagIds: [tag!.id], radius: 5 })).toEqual(['Wombat Orchard']);
    expect(await names({ search: 'marsupial', radius: 5 })).toEqual(['Wombat Orchard']);

    await t.database.db.execute(sql`update locations set hidden = true where id = ${id}`);
    expect(await names({ search: 'wombat', radius: 5 })).toEqual([]);
    await t.database.db.execute(sql`update locations set hidden = false where id = ${id}`);
    expect(await names({ search: 'wombat', radius: 5 })).toEqual(['Wombat Orchard']);

    await t.database.db.execute(sql`delete from locations where id = ${id}`);
    expect(await names({ search: 'wombat', radius: 5 })).toEqual([]);
  });

  it("moves the map's point of a place as it is placed, renamed and deleted", async () => {
    const created = await addPark('Numbat Meadow');
    const id = created.id;
    const map = async () => {
      const query = { search: 'numbat', radius: 5 };
      expect(await mapWithIndex(other.searchIndex, query, null, 1000)).not.toBeNull();
      const answer = JSON.parse(await searchMapJson(other, query, null, 1000));
      return answer.points.map((p: { name: string; lat: number }) => [p.name, p.lat]);
    };
    await t.database.db.execute(sql`update locations set latitude = null, longitude = null where id = ${id}`);
    expect(await map()).toEqual([]);
    await t.database.db.execute(sql`update locations set latitude = 39.1, longitude = -94.58 where id = ${id}`);
    expect(await map()).toEqual([['Numbat Meadow', 39.1]]);
    await updateLocation(write(), id, { name: 'Numbat Glade' }, anon);
    expect(await map()).toEqual([['Numbat Glade', 39.1]]);
    await t.database.db.execute(sql`delete from locations where id = ${id}`);
    expect(await map()).toEqual([]);
  });

  it('keeps name order right for renamed places (the database orders names)', async () => {
    for (const name of ['Order Bravo', 'order alpha', 'Order Charlie']) await addPark(name);
    expect(await names({ search: 'order', radius: 5 })).toEqual(['order alpha', 'Order Bravo', 'Order Charlie']);
    await t.database.db.execute(sql`update locations set name = 'Order Zulu' where name = 'order alpha'`);
    expect(await names({ search: 'order', radius: 5 })).toEqual(['Order Bravo', 'Order Charlie', 'Order Zulu']);
  });
});
