// The Discover filter state in the URL (docs/product.md section 3, "Filter state"; decision 0201):
// every filter, the page and the view read from and written to the query string, bad values ignored.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_MILES } from '../../../shared/constants';
import { apiQuery, DEFAULT_FILTERS, type Filters, readFilters, readPage, readView, writeFilters } from './filters';

const params = (qs: string) => new URLSearchParams(qs);

describe('readFilters', () => {
  it('gives the defaults for an empty query string', () => {
    expect(readFilters(params(''))).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toEqual({
      category: 'all',
      search: '',
      address: '',
      radius: DEFAULT_RADIUS_MILES,
      tagIds: [],
      openNow: false,
      inSeason: false,
      days: [],
      from: 0,
      to: 1440,
      pay: [],
      access: [],
      near: false,
    });
  });

  it('reads every filter', () => {
    expect(
      readFilters(
        params(
          'q=market&category=park&tags=3,7&address=20+E+5th+St&radius=10&open=1&season=1&days=sat,mon&from=08:00&to=12:00&pay=wic,snap&access=free',
        ),
      ),
    ).toEqual({
      category: 'park',
      search: 'market',
      address: '20 E 5th St',
      radius: 10,
      tagIds: [3, 7],
      openNow: true,
      inSeason: true,
      days: ['mon', 'sat'],
      from: 480,
      to: 720,
      pay: ['snap', 'wic'],
      access: ['free'],
      near: false,
    });
    for (const category of ['farmers-market', 'local-farmer', 'community-garden', 'park', 'resource', 'all']) {
      expect(readFilters(params(`category=${category}`)).category).toBe(category);
    }
  });

  it('ignores an unknown category', () => {
    expect(readFilters(params('category=bakery')).category).toBe('all');
    expect(readFilters(params('category=')).category).toBe('all');
    expect(readFilters(params('category=PARK')).category).toBe('all');
  });

  it('ignores a radius that is not a positive number up to 500', () => {
    for (const radius of ['abc', '0', '-5', '501', 'Infinity', '']) {
      expect(readFilters(params(`radius=${radius}`)).radius, radius).toBe(DEFAULT_RADIUS_MILES);
    }
    expect(readFilters(params('radius=2.5')).radius).toBe(2.5);
    expect(readFilters(params('radius=500')).radius).toBe(500);
  });

  it('keeps only positive whole tag ids, once each', () => {
    expect(readFilters(params('tags=x,0,-2,3.5,4,4, 5 ,,')).tagIds).toEqual([4, 5]);
    expect(readFilters(params('tags=')).tagIds).toEqual([]);
  });

  it('reads the hours filters only as 1', () => {
    for (const value of ['', '0', 'true', 'yes', '2']) {
      const f = readFilters(params(`open=${value}&season=${value}`));
      expect([f.openNow, f.inSeason], value).toEqual([false, false]);
    }
    expect(readFilters(params('open=1'))).toMatchObject({ openNow: true, inSeason: false });
    expect(readFilters(params('season=1'))).toMatchObject({ openNow: false, inSeason: true });
  });

  it('reads the days and window of "open when", a window the server would refuse as the whole day', () => {
    expect(readFilters(params('days=sun'))).toMatchObject({ days: ['sun'], from: 0, to: 1440 });
    expect(readFilters(params('days=fri&from=17:00&to=24:00'))).toMatchObject({ days: ['fri'], from: 1020, to: 1440 });
    for (const qs of ['days=sat&from=12:00&to=08:00', 'days=sat&from=08:00', 'days=sat&from=8&to=12']) {
      expect(readFilters(params(qs)), qs).toMatchObject({ days: ['sat'], from: 0, to: 1440 });
    }
    // Times without days, or a day that is none, filter nothing.
    expect(readFilters(params('from=08:00&to=12:00'))).toMatchObject({ days: [], from: 0, to: 1440 });
    expect(readFilters(params('days=sat,funday')).days).toEqual([]);
  });

  it('reads the facets in their list order, from a comma list or repeated keys, unknown names left out', () => {
    expect(readFilters(params('pay=credit,SNAP,snap&access=bus-stop,wheelchair'))).toMatchObject({
      pay: ['snap', 'credit'],
      access: ['wheelchair', 'bus-stop'],
    });
    // The form without script sends each checked box as its own key.
    expect(readFilters(params('pay=wic&pay=double-up&access=everyone')).pay).toEqual(['wic', 'double-up']);
    expect(readFilters(params('pay=bitcoin,wic&access=ramp'))).toMatchObject({ pay: ['wic'], access: [] });
    expect(readFilters(params('pay=&access=,')).pay).toEqual([]);
  });

  it('reads near=me as a search near the visitor, unless an address is set', () => {
    expect(readFilters(params('near=me')).near).toBe(true);
    for (const value of ['', '1', 'true', 'ME', '39.1,-94.5']) {
      expect(readFilters(params(`near=${value}`)).near, value).toBe(false);
    }
    expect(readFilters(params('near=me&address=Union+Station'))).toMatchObject({
      near: false,
      address: 'Union Station',
    });
  });

  it('caps the search text at 200 characters and the address at 500', () => {
    const f = readFilters(params(`q=${'a'.repeat(250)}&address=${'b'.repeat(600)}`));
    expect(f.search).toHaveLength(200);
    expect(f.address).toHaveLength(500);
  });
});

describe('readPage and readView', () => {
  it('reads a positive whole page number, else page 1', () => {
    expect(readPage(params('page=3'))).toBe(3);
    for (const page of ['', '0', '-1', 'abc', '1.5']) expect(readPage(params(`page=${page}`)), page).toBe(1);
    expect(readPage(params(''))).toBe(1);
  });

  it('reads the map view, anything else is the list', () => {
    expect(readView(params('view=map'))).toBe('map');
    expect(readView(params('view=list'))).toBe('list');
    expect(readView(params('view=satellite'))).toBe('list');
    expect(readView(params(''))).toBe('list');
  });
});

describe('writeFilters', () => {
  it('writes nothing for the defaults, so a fresh visit has a clean URL', () => {
    expect(writeFilters(params(''), DEFAULT_FILTERS).toString()).toBe('');
    expect(writeFilters(params(''), { ...DEFAULT_FILTERS, search: '   ', address: ' ' }).toString()).toBe('');
  });

  it('writes every filter that differs from its default, and reads back the same', () => {
    const filters: Filters = {
      category: 'resource',
      search: 'compost',
      address: 'Union Station',
      radius: 25,
      tagIds: [7, 3],
      openNow: true,
      inSeason: true,
      days: ['sat', 'sun'],
      from: 480,
      to: 720,
      pay: ['snap', 'double-up'],
      access: ['wheelchair'],
      near: false,
    };
    const written = writeFilters(params(''), filters);
    expect(Object.fromEntries(written)).toEqual({
      q: 'compost',
      category: 'resource',
      tags: '7,3',
      address: 'Union Station',
      radius: '25',
      open: '1',
      season: '1',
      days: 'sat,sun',
      from: '08:00',
      to: '12:00',
      pay: 'snap,double-up',
      access: 'wheelchair',
    });
    expect(readFilters(written)).toEqual(filters);
    // The whole day is the days alone.
    expect(writeFilters(params(''), { ...DEFAULT_FILTERS, days: ['sun'] }).toString()).toBe('days=sun');
  });

  it('keeps the other parameters and removes filters set back to their defaults', () => {
    const written = writeFilters(
      params(
        'view=map&page=2&q=old&category=park&radius=10&open=1&season=1&days=sat&from=08:00&to=12:00&pay=wic&access=free',
      ),
      DEFAULT_FILTERS,
    );
    expect(Object.fromEntries(written)).toEqual({ view: 'map', page: '2' });
  });

  it('writes near=me and never a position', () => {
    const near = { ...DEFAULT_FILTERS, near: true, radius: 10 };
    expect(writeFilters(params(''), near).toString()).toBe('radius=10&near=me');
    expect(readFilters(writeFilters(params(''), near))).toEqual(near);
    expect(writeFilters(params('near=me'), DEFAULT_FILTERS).toString()).toBe('');
    // An address replaces it.
    expect(writeFilters(params('near=me'), { ...near, address: 'Union Station' }).get('near')).toBeNull();
  });
});

describe('apiQuery', () => {
  const point = { lat: 39.0997, lng: -94.5786 };

  it('leaves out the category when it is all, and empty filters', () => {
    expect(apiQuery(DEFAULT_FILTERS, null).toString()).toBe('');
  });

  it('sends category, trimmed search and comma-joined tag ids', () => {
    const q = apiQuery({ ...DEFAULT_FILTERS, category: 'park', search: '  garden ', tagIds: [2, 9] }, null);
    expect(Object.fromEntries(q)).toEqual({ category: 'park', search: 'garden', tagIds: '2,9' });
  });

  it('sends lat, lng and radius only with an address that was found', () => {
    const withAddress = { ...DEFAULT_FILTERS, address: 'Union Station', radius: 10 };
    expect(Object.fromEntries(apiQuery(withAddress, point))).toEqual({
      lat: '39.0997',
      lng: '-94.5786',
      radius: '10',
    });
    expect(apiQuery(withAddress, null).toString()).toBe('');
    expect(apiQuery({ ...DEFAULT_FILTERS, address: '  ' }, point).toString()).toBe('');
  });

  it("sends the visitor's position as lat and lng near them, and nothing until it is known", () => {
    const near = { ...DEFAULT_FILTERS, near: true };
    expect(Object.fromEntries(apiQuery(near, { lat: 39.1, lng: -94.579 }))).toEqual({
      lat: '39.1',
      lng: '-94.579',
      radius: '5',
    });
    expect(apiQuery(near, null).toString()).toBe('');
  });

  it('sends the hours filters as openNow=true and inSeason=true, and nothing when off', () => {
    expect(Object.fromEntries(apiQuery({ ...DEFAULT_FILTERS, openNow: true }, null))).toEqual({ openNow: 'true' });
    expect(Object.fromEntries(apiQuery({ ...DEFAULT_FILTERS, inSeason: true }, null))).toEqual({ inSeason: 'true' });
    expect(
      Object.fromEntries(apiQuery({ ...DEFAULT_FILTERS, openNow: true, inSeason: true, category: 'park' }, null)),
    ).toEqual({
      category: 'park',
      openNow: 'true',
      inSeason: 'true',
    });
  });

  it('sends days, and from and to unless the window is the whole day', () => {
    const sat = { ...DEFAULT_FILTERS, days: ['sat' as const], from: 480, to: 720 };
    expect(Object.fromEntries(apiQuery(sat, null))).toEqual({ days: 'sat', from: '08:00', to: '12:00' });
    expect(Object.fromEntries(apiQuery({ ...sat, from: 0, to: 1440 }, null))).toEqual({ days: 'sat' });
  });

  it('sends the facets as comma lists, and nothing without them', () => {
    const q = apiQuery({ ...DEFAULT_FILTERS, pay: ['snap', 'wic'], access: ['parking'] }, null);
    expect(Object.fromEntries(q)).toEqual({ pay: 'snap,wic', access: 'parking' });
  });
});
