// A place's attributes in HSDS 3.0 (decisions 0803, 1003): payments as attributes with our terms
// (listed, readable, usable as filters), wheelchair access as accessibility, the rest as HSDS's
// text fields; unknown facts nowhere. Answers validated against the vendored schemas.
import { beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, recordValidator } from '../../test/hsds-schemas.js';
import { injectJson, useTestApp } from '../../test/test-app.js';
import { hsdsId } from './hsds-ids.js';

type Json = Record<string, any>;

describe('HSDS attributes', { timeout: 120_000 }, () => {
  const t = useTestApp();
  const ids: Record<string, number> = {};
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as Json;
  };

  beforeAll(async () => {
    const places = [
      {
        name: 'Hsdsattr Known Market',
        attributes: {
          snap: true,
          wic: true,
          credit: false,
          wheelchair: 'limited',
          accessibleRestroom: true,
          busStop: true,
          parking: false,
          free: true,
          eligibility: 'restricted',
          eligibilityNote: 'Seniors 60 and over',
          languages: ['es', 'vi'],
        },
      },
      { name: 'Hsdsattr Unknown Market', attributes: {} },
    ];
    for (const p of places) {
      const res = await injectJson(t.app, 'POST', '/api/locations', {
        ...p,
        category: 'farmers-market',
        address: '6321 Wornall Rd, Kansas City, MO 64113',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[p.name] = res.json().id;
    }
  }, 180_000);

  it('maps known payments, access, cost, eligibility and languages; nothing for the unknown', async () => {
    const s = await get(`/hsds/services/${hsdsId('service', ids['Hsdsattr Known Market']!)}`);
    const validate = recordValidator('compiled/service.json');
    expect(validate(s), errorsOf(validate)).toBe(true);
    const payments = s.attributes.filter((a: Json) => a.link_type === 'payment_accepted');
    expect(payments.map((a: Json) => a.taxonomy_term.name)).toEqual(['Accepts SNAP/EBT', 'Accepts WIC']);
    expect(s.fees_description).toBe('Free.');
    expect(s.eligibility_description).toBe('Only for members, residents or those who qualify: Seniors 60 and over');
    expect(s.languages.map((l: Json) => [l.code, l.name])).toEqual([
      ['es', 'Spanish'],
      ['vi', 'Vietnamese'],
    ]);
    const location = s.service_at_locations[0].location;
    expect(location.accessibility.map((a: Json) => a.description)).toEqual([
      'Partly wheelchair accessible (limited access).',
      'Wheelchair-accessible restroom.',
    ]);
    expect(location.transportation).toBe('A bus stop is a short walk away. No parking.');

    const none = await get(`/hsds/services/${hsdsId('service', ids['Hsdsattr Unknown Market']!)}`);
    expect(validate(none), errorsOf(validate)).toBe(true);
    expect(none.attributes.map((a: Json) => a.link_type)).toEqual(['category']);
    expect(none).not.toHaveProperty('fees_description');
    expect(none).not.toHaveProperty('eligibility_description');
    expect(none.languages).toEqual([]);
    expect(none.service_at_locations[0].location).not.toHaveProperty('accessibility');
    expect(none.service_at_locations[0].location).not.toHaveProperty('transportation');
  });

  it('lists the payment terms, reads one by id and filters services by it', async () => {
    const snap = hsdsId('payment_term', 1);
    const term = await get(`/hsds/taxonomy_terms/${snap}`);
    const validate = recordValidator('taxonomy_term.json');
    expect(validate(term), errorsOf(validate)).toBe(true);
    expect(term).toMatchObject({ id: snap, code: 'payment:snap', name: 'Accepts SNAP/EBT' });
    const terms = await get('/hsds/taxonomy_terms?search=accepts&per_page=100');
    expect(terms.contents.map((x: Json) => x.code)).toEqual([
      'payment:snap',
      'payment:wic',
      'payment:sfmnp',
      'payment:doubleUp',
      'payment:credit',
    ]);
    const names = async (term: string) =>
      (await get(`/hsds/services?taxonomy_term_id=${term}`)).contents.map((x: Json) => x.name);
    expect(await names(snap)).toEqual(['Hsdsattr Known Market']);
    // Credit is known not to be taken there: "no" is not matched, and neither is unknown.
    expect(await names(hsdsId('payment_term', 5))).toEqual([]);
    expect((await t.app.inject({ url: `/hsds/taxonomy_terms/${hsdsId('payment_term', 6)}` })).statusCode).toBe(404);
  });
});
