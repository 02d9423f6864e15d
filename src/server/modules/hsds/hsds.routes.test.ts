// The HSDS 3.0 API (decision 1003): every answer validated with Ajv against the official schemas;
// pagination and filters, stable UUIDs, schedules, assured_date and attributes as the reference
// says; hidden places nowhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../lib/clock.js';
import { errorsOf, type HsdsSchema, pageValidator, recordValidator, rootValidator } from '../../test/hsds-schemas.js';
import { injectJson, jsonHeaders, signInAdmin, useTestApp } from '../../test/test-app.js';
import { hsdsId } from './hsds-ids.js';

const ADMIN = { username: 'hsds-admin', password: 'correct horse battery' };
// Tuesday 20 October 2026 in Kansas City: the schedules' year runs across both changes of clocks.
const NOW = new Date('2026-10-20T15:00:00Z');

type Json = Record<string, any>;

// Compiling the official schemas takes seconds each (they are large), more on a busy machine.
// One app and database for the whole file; the describes below share it.
// biome-ignore lint/correctness/useHookAtTopLevel: a Vitest hook (beforeAll/afterAll), not React's; one app for every describe here.
const t = useTestApp({ admin: ADMIN });
const ids: Record<string, number> = {};
const tags: Record<string, number> = {};
let cookie = '';

const get = async (url: string, status = 200) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  return res.json() as Json;
};
const valid = (schema: ReturnType<typeof recordValidator>, body: unknown, what: string) => {
  expect(schema(body), `${what}\n${errorsOf(schema)}`).toBe(true);
};
const listOf = async (url: string, items: HsdsSchema) => {
  const body = await get(url);
  valid(pageValidator(items), body, url);
  return body;
};

beforeAll(async () => {
  cookie = await signInAdmin(t, ADMIN);
  setClock(NOW);
  for (const [name, category] of [
    ['snap-ebt', 'amenity'],
    ['honey', 'product'],
  ] as const) {
    const res = await injectJson(t.app, 'POST', '/api/tags', { name, category });
    expect(res.statusCode, res.body).toBe(201);
    tags[name] = res.json().id;
  }
  const places: Array<[string, Record<string, unknown>]> = [
    [
      'Hsdsplace Brookside Market',
      {
        category: 'farmers-market',
        address: '6321 Wornall Rd, Kansas City, MO 64113',
        latitude: 39.0135,
        longitude: -94.5937,
        phone: '816-555-0142',
        website: 'www.brookside.example.org',
        description: '<p>Saturday <strong>producer</strong> market; accepts SNAP.</p>',
        openingHours: 'Mo 09:00-17:00; Sa 08:00-13:00; PH off',
        tagIds: [tags['snap-ebt'], tags.honey],
      },
    ],
    [
      'Hsdsplace Garden Grant',
      {
        category: 'resource',
        address: '',
        deadline: '2026-12-01',
        registrationLink: 'https://grants.example.org/apply',
        status: 'active',
      },
    ],
    ['Hsdsplace Swope Park', { category: 'park', address: 'Swope Park', latitude: 39.0, longitude: -94.53 }],
    [
      'Hsdsplace Hidden Garden',
      {
        category: 'community-garden',
        address: '1 Main St, Kansas City, MO 64105',
        latitude: 39.1,
        longitude: -94.58,
      },
    ],
  ];
  for (const [name, body] of places) {
    const res = await injectJson(t.app, 'POST', '/api/locations', { name, ...body });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().id;
  }
  const verify = await t.app.inject({
    method: 'POST',
    url: `/api/admin/locations/${ids['Hsdsplace Brookside Market']}/verify`,
    headers: { cookie, ...jsonHeaders },
    payload: '{}',
  });
  expect(verify.statusCode, verify.body).toBe(201);
  const hide = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/locations/${ids['Hsdsplace Hidden Garden']}`,
    headers: { cookie, ...jsonHeaders },
    payload: JSON.stringify({ hidden: true }),
  });
  expect(hide.statusCode, hide.body).toBe(200);
}, 180_000);
afterAll(() => setClock(null));

const service = (name: string) => hsdsId('service', ids[name]!);

describe('HSDS API: the root, service lists and filters', { timeout: 120_000 }, () => {
  it('answers its root with the HSDS version and an OpenAPI description that lists it', async () => {
    const root = await get('/hsds/');
    valid(rootValidator(), root, '/hsds/');
    expect(root.version).toBe('3.0');
    expect(root.openapi_url).toMatch(/\/api\/docs\/json$/);
    const openapi = await get(new URL(root.openapi_url).pathname);
    for (const path of [
      '/hsds/services',
      '/hsds/services/{id}',
      '/hsds/taxonomy_terms',
      '/calendar.ics',
      '/changes.atom',
    ]) {
      expect(Object.keys(openapi.paths), path).toContain(path);
    }
    expect(await get('/hsds')).toEqual(root);
  });

  it('lists services with the page object, and pages through them as the API reference says', async () => {
    const all = await listOf('/hsds/services?search=hsdsplace', 'compiled/service_list.json');
    expect(all).toMatchObject({
      total_items: 3,
      total_pages: 1,
      page_number: 1,
      size: 3,
      first_page: true,
      last_page: true,
      empty: false,
    });
    const first = await listOf('/hsds/services?search=hsdsplace&per_page=2', 'compiled/service_list.json');
    expect(first).toMatchObject({
      total_items: 3,
      total_pages: 2,
      page_number: 1,
      size: 2,
      first_page: true,
      last_page: false,
    });
    const second = await listOf('/hsds/services?search=hsdsplace&per_page=2&page=2', 'compiled/service_list.json');
    expect(second).toMatchObject({
      total_items: 3,
      total_pages: 2,
      page_number: 2,
      size: 1,
      first_page: false,
      last_page: true,
    });
    const ids = [...first.contents, ...second.contents].map((s: Json) => s.id);
    expect(new Set(ids).size).toBe(3);
    const past = await listOf('/hsds/services?search=hsdsplace&per_page=2&page=5', 'compiled/service_list.json');
    expect(past).toMatchObject({ total_items: 3, size: 0, empty: true, last_page: true, contents: [] });
    const none = await listOf('/hsds/services?search=nothingmatchesthis', 'compiled/service_list.json');
    expect(none).toMatchObject({ total_items: 0, total_pages: 0, empty: true });
    const full = await listOf('/hsds/services?search=hsdsplace&full=true', 'compiled/service.json');
    expect(full.contents.every((s: Json) => Array.isArray(s.attributes))).toBe(true);
  });

  it('filters services by taxonomy term, taxonomy, organization and modified_after, cumulatively', async () => {
    const names = async (query: string) =>
      (await listOf(`/hsds/services?search=hsdsplace&${query}`, 'compiled/service_list.json')).contents
        .map((s: Json) => s.name)
        .sort();
    const market = hsdsId('category_term', 1);
    expect(await names(`taxonomy_term_id=${market}`)).toEqual(['Hsdsplace Brookside Market']);
    expect(await names(`taxonomy_term_id=${hsdsId('tag_term', tags['snap-ebt']!)}`)).toEqual([
      'Hsdsplace Brookside Market',
    ]);
    // A tag category: every place with one of its tags.
    expect(await names(`taxonomy_term_id=${hsdsId('tag_group_term', 2)}`)).toEqual(['Hsdsplace Brookside Market']);
    expect(await names(`taxonomy_term_id=${hsdsId('category_term', 4)}`)).toEqual(['Hsdsplace Swope Park']);
    expect(await names('taxonomy_term_id=3f7b145d-84af-42d7-8fae-eaca714b02b2')).toEqual([]);
    expect(await names(`taxonomy_id=${hsdsId('taxonomy', 1)}`)).toHaveLength(3);
    expect(await names('taxonomy_id=5c4d79d7-cc55-470e-9f1f-8cad074e4892')).toEqual([]);
    const org = hsdsId('organization', ids['Hsdsplace Swope Park']!);
    expect(await names(`organization_id=${org}`)).toEqual(['Hsdsplace Swope Park']);
    expect(await names(`organization_id=${org}&taxonomy_term_id=${market}`)).toEqual([]);
    setClock(null);
    const before = new Date();
    await new Promise((r) => setTimeout(r, 5));
    const edit = await injectJson(t.app, 'PATCH', `/api/locations/${ids['Hsdsplace Swope Park']}`, {
      phone: '816-555-0177',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    setClock(NOW);
    expect(await names(`modified_after=${before.toISOString()}`)).toEqual(['Hsdsplace Swope Park']);
    expect(await names('modified_after=2000-01-01T00:00:00Z')).toHaveLength(3);
  });
});

describe('HSDS API: nested services, organizations and the taxonomy', { timeout: 120_000 }, () => {
  it('answers a fully nested service: schedules, phones, location, attributes, assured_date', async () => {
    const id = service('Hsdsplace Brookside Market');
    const s = await get(`/hsds/services/${id}`);
    valid(recordValidator('compiled/service.json'), s, 'service');
    expect(s).toMatchObject({
      id,
      name: 'Hsdsplace Brookside Market',
      status: 'active',
      url: 'https://www.brookside.example.org/',
      description: 'Saturday producer market; accepts SNAP.',
      assured_date: '2026-10-20',
      organization: {
        id: hsdsId('organization', ids['Hsdsplace Brookside Market']!),
        name: 'Hsdsplace Brookside Market',
      },
      phones: [{ number: '816-555-0142', type: 'voice' }],
    });
    const location = s.service_at_locations[0].location;
    expect(location.addresses[0]).toMatchObject({
      address_1: '6321 Wornall Rd',
      city: 'Kansas City',
      state_province: 'MO',
      postal_code: '64113',
      country: 'US',
      address_type: 'physical',
    });
    expect(s.attributes.map((a: Json) => a.taxonomy_term.name).sort()).toEqual(['Farmers Market', 'honey', 'snap-ebt']);
    // Mondays 09:00-17:00, a schedule for each side of each change of clocks (UTC-5, -6, -5).
    const mondays = s.schedules.filter((x: Json) => x.byday === 'MO');
    expect(mondays.map((x: Json) => [x.freq, x.opens_at, x.closes_at, x.valid_from, x.timezone])).toEqual([
      ['WEEKLY', '09:00-05:00', '17:00-05:00', '2026-10-26', -5],
      ['WEEKLY', '09:00-06:00', '17:00-06:00', '2026-11-02', -6],
      ['WEEKLY', '09:00-05:00', '17:00-05:00', '2027-03-15', -5],
    ]);
    // Memorial Day 2027 (31 May) is a public holiday: the Monday schedule says it is closed then.
    expect(mondays[2].notes).toContain('2027-05-31');
    const saturdays = s.schedules.filter((x: Json) => x.byday === 'SA');
    expect(saturdays[0]).toMatchObject({ opens_at: '08:00-05:00', closes_at: '13:00-05:00', valid_from: '2026-10-24' });
  });

  it("gives a resource's deadline and registration, and a place without an address no location", async () => {
    const s = await get(`/hsds/services/${service('Hsdsplace Garden Grant')}`);
    valid(recordValidator('compiled/service.json'), s, 'grant');
    expect(s.alert).toBe('Deadline: 2026-12-01.');
    expect(s.application_process).toBe('Register at https://grants.example.org/apply by 2026-12-01.');
    expect(s.service_at_locations).toEqual([]);
    const park = await get(`/hsds/services/${service('Hsdsplace Swope Park')}`);
    valid(recordValidator('compiled/service.json'), park, 'park');
    // An address that cannot be split keeps its text, the parts it lacks left empty.
    expect(park.service_at_locations[0].location.addresses[0]).toMatchObject({ address_1: 'Swope Park', city: '' });
  });

  it('answers organizations, services at locations, the taxonomy and its terms, each validated', async () => {
    const orgs = await listOf('/hsds/organizations?search=hsdsplace', 'compiled/organization_list.json');
    expect(orgs.total_items).toBe(3);
    const org = await get(`/hsds/organizations/${orgs.contents[0].id}`);
    valid(recordValidator('compiled/organization.json'), org, 'organization');
    expect(org.services).toHaveLength(1);
    const full = await listOf('/hsds/organizations?search=hsdsplace&full=true', 'compiled/organization.json');
    expect(full.size).toBe(3);

    const sals = await listOf('/hsds/service_at_locations?search=hsdsplace', 'compiled/service_at_location_list.json');
    // The grant has neither address nor point: no location.
    expect(sals.contents.map((x: Json) => x.service.name).sort()).toEqual([
      'Hsdsplace Brookside Market',
      'Hsdsplace Swope Park',
    ]);
    const sal = await get(`/hsds/service_at_locations/${sals.contents[0].id}`);
    valid(recordValidator('compiled/service_at_location.json'), sal, 'service at location');
    // 64113's centroid is about 180 m from the market: 3 km holds it, 100 m does not.
    const near = await listOf(
      '/hsds/service_at_locations?search=hsdsplace&postcode=64113&proximity=3000',
      'compiled/service_at_location_list.json',
    );
    expect(near.contents.map((x: Json) => x.service.name)).toEqual(['Hsdsplace Brookside Market']);
    const tooFar = await listOf(
      '/hsds/service_at_locations?search=hsdsplace&postcode=64113&proximity=100',
      'compiled/service_at_location_list.json',
    );
    expect(tooFar.total_items).toBe(0);
    const byZip = await listOf('/hsds/service_at_locations?postcode=64113', 'compiled/service_at_location_list.json');
    expect(byZip.contents.map((x: Json) => x.service.name)).toEqual(['Hsdsplace Brookside Market']);

    const taxonomies = await listOf('/hsds/taxonomies', 'taxonomy.json');
    expect(taxonomies.total_items).toBe(1);
    valid(recordValidator('taxonomy.json'), await get(`/hsds/taxonomies/${taxonomies.contents[0].id}`), 'taxonomy');
    const terms = await listOf('/hsds/taxonomy_terms?per_page=100', 'taxonomy_term.json');
    // Five categories, six tag categories, two tags, five payments (decision 0803).
    expect(terms.total_items).toBe(5 + 6 + 2 + 5);
    const snap = terms.contents.find((x: Json) => x.name === 'snap-ebt');
    expect(snap.parent_id).toBe(hsdsId('tag_group_term', 2));
    const amenities = await listOf(`/hsds/taxonomy_terms?parent_id=${snap.parent_id}`, 'taxonomy_term.json');
    expect(amenities.contents.map((x: Json) => x.name)).toEqual(['snap-ebt']);
    const top = await listOf('/hsds/taxonomy_terms?top_only=true', 'taxonomy_term.json');
    expect(top.total_items).toBe(16);
    for (const term of [snap, terms.contents[0], terms.contents[6]]) {
      const one = await get(`/hsds/taxonomy_terms/${term.id}`);
      valid(recordValidator('taxonomy_term.json'), one, term.name);
      expect(one.taxonomy_detail.id).toBe(hsdsId('taxonomy', 1));
    }
  });
});

describe('HSDS API: hidden places, the data package and bad parameters', { timeout: 120_000 }, () => {
  it('keeps hidden places out of every answer', async () => {
    const hidden = ids['Hsdsplace Hidden Garden']!;
    for (const url of [
      '/hsds/services?per_page=100',
      '/hsds/services?per_page=100&full=true',
      '/hsds/organizations?per_page=100',
      '/hsds/service_at_locations?per_page=100',
      '/hsds/service_at_locations?postcode=64105',
      `/hsds/services?organization_id=${hsdsId('organization', hidden)}`,
    ]) {
      const body = await get(url);
      expect(JSON.stringify(body), url).not.toContain('Hidden Garden');
    }
    await get(`/hsds/services/${hsdsId('service', hidden)}`, 404);
    await get(`/hsds/organizations/${hsdsId('organization', hidden)}`, 404);
    await get(`/hsds/service_at_locations/${hsdsId('service_at_location', hidden)}`, 404);
    // Not ours, or another kind's id: not found either.
    await get('/hsds/services/ac148810-d857-441c-9679-408f346de14b', 404);
    await get(`/hsds/services/${hsdsId('organization', ids['Hsdsplace Swope Park']!)}`, 404);
    await get('/hsds/services/not-a-uuid', 404);
    // An unknown HSDS path answers JSON, as the API does.
    expect(await get('/hsds/no-such-endpoint', 404)).toEqual({ message: 'Not Found: GET /hsds/no-such-endpoint' });
  });

  it('downloads an HSDS data package beside the CSV and GeoJSON exports, with the same filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export/locations.hsds.json?search=hsdsplace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kc-green-directory-locations.hsds.json"');
    const body = JSON.parse(res.body);
    valid(recordValidator('compiled/service_package.json'), body, 'data package');
    expect(body.map((x: Json) => x.name).sort()).toEqual([
      'Hsdsplace Brookside Market',
      'Hsdsplace Garden Grant',
      'Hsdsplace Swope Park',
    ]);
    const parks = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/export/locations.hsds.json?category=park' })).body,
    );
    expect(parks.map((x: Json) => x.name)).toEqual(['Hsdsplace Swope Park']);
  });

  it('refuses bad parameters naming them', async () => {
    const cases: Array<[string, string]> = [
      ['/hsds/services?page=0', 'page'],
      ['/hsds/services?per_page=101', 'per_page'],
      ['/hsds/services?modified_after=yesterday', 'modified_after'],
      ['/hsds/services?format=ndjson', 'format'],
      ['/hsds/services?full=yes', 'full'],
      ['/hsds/service_at_locations?postcode=641', 'postcode'],
      ['/hsds/service_at_locations?proximity=1000', 'proximity'],
      ['/hsds/service_at_locations?postcode=10001&proximity=1000', 'postcode'],
      ['/hsds/taxonomy_terms?top_only=1', 'top_only'],
    ];
    for (const [url, field] of cases) {
      const body = await get(url, 400);
      expect(Object.keys(body.errors ?? {}), url).toContain(field);
    }
  });
});
