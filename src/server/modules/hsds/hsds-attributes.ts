// A place's attributes (decision 0803) in HSDS 3.0 (decision 1003): payments as attributes linking
// to our taxonomy's terms (HSDS 3 has no payments field), the rest in HSDS's own fields. Unknown
// facts are left out, and "no" is said only where HSDS has free text for it.
import { languageName } from '../../../shared/language-names.js';
import { PAYMENT_KEYS, type PaymentKey, type PlaceAttributes } from '../../../shared/place-attributes.js';
import type { FeedPlace } from '../feeds/feed-places.js';
import { hsdsChildId, hsdsId, TAXONOMY_ID_NUMBER } from './hsds-ids.js';
import type { Json } from './hsds-json.js';

const PAYMENT_NAMES: Record<PaymentKey, string> = {
  snap: 'Accepts SNAP/EBT',
  wic: 'Accepts WIC',
  sfmnp: 'Accepts Senior Farmers Market Nutrition Program coupons',
  doubleUp: 'Accepts Double Up Food Bucks',
  credit: 'Accepts credit cards',
};

/** The taxonomy term of a payment (our taxonomy's own, like the categories' and tags'). */
export function paymentTerm(origin: string, key: PaymentKey) {
  const id = hsdsId('payment_term', PAYMENT_KEYS.indexOf(key) + 1);
  return {
    id,
    code: `payment:${key}`,
    name: PAYMENT_NAMES[key],
    description: `Places known to take this payment: ${PAYMENT_NAMES[key].replace(/^Accepts /, '')}.`,
    taxonomy: 'KC Green Directory',
    taxonomy_id: hsdsId('taxonomy', TAXONOMY_ID_NUMBER),
    language: 'en',
    term_uri: `${origin}/hsds/taxonomy_terms/${id}`,
  };
}

export const paymentTerms = (origin: string) => PAYMENT_KEYS.map((k) => paymentTerm(origin, k));

/** The payment of a term id's number, when it names one. */
export const paymentOfTerm = (n: number): PaymentKey | undefined => PAYMENT_KEYS[n - 1];

/** The service's attributes for the payments known to be taken. */
export function paymentAttributes(p: FeedPlace, origin: string): Json[] {
  const service = hsdsId('service', p.id);
  return PAYMENT_KEYS.filter((k) => p.attributes[k] === true).map((k) => {
    const t = paymentTerm(origin, k);
    return {
      id: hsdsChildId('attribute', p.id, t.id),
      link_id: service,
      taxonomy_term_id: t.id,
      link_type: 'payment_accepted',
      link_entity: 'service',
      taxonomy_term: t,
    };
  });
}

const WHEELCHAIR_WORDS = {
  yes: 'Wheelchair accessible.',
  limited: 'Partly wheelchair accessible (limited access).',
  no: 'Not wheelchair accessible.',
} as const;

/** The location's accessibility records and transportation text. */
export function locationAccess(a: PlaceAttributes, placeId: number, locationId: string): Json {
  const out: Json = {};
  const access: string[] = [];
  if (a.wheelchair) access.push(WHEELCHAIR_WORDS[a.wheelchair]);
  if (a.accessibleRestroom !== undefined) {
    access.push(a.accessibleRestroom ? 'Wheelchair-accessible restroom.' : 'No wheelchair-accessible restroom.');
  }
  if (access.length) {
    out.accessibility = access.map((description, i) => ({
      id: hsdsChildId('accessibility', placeId, i),
      location_id: locationId,
      description,
    }));
  }
  const ways: string[] = [];
  if (a.busStop !== undefined) ways.push(a.busStop ? 'A bus stop is a short walk away.' : 'No bus stop nearby.');
  if (a.parking !== undefined) ways.push(a.parking ? 'Parking.' : 'No parking.');
  if (a.bikeParking !== undefined) ways.push(a.bikeParking ? 'Bicycle parking.' : 'No bicycle parking.');
  if (ways.length) out.transportation = ways.join(' ');
  return out;
}

/** The service's one-to-one text fields: its cost and who may come. */
export function serviceFacts(a: PlaceAttributes): { fees_description?: string; eligibility_description?: string } {
  const out: { fees_description?: string; eligibility_description?: string } = {};
  if (a.free !== undefined) out.fees_description = a.free ? 'Free.' : 'There is a fee.';
  if (a.eligibility === 'everyone') out.eligibility_description = 'Open to everyone.';
  if (a.eligibility === 'restricted') {
    out.eligibility_description = `Only for members, residents or those who qualify${a.eligibilityNote ? `: ${a.eligibilityNote}` : '.'}`;
  }
  return out;
}

/** The service's languages, with their English names. */
export function serviceLanguages(p: FeedPlace): Json[] {
  const service = hsdsId('service', p.id);
  return (p.attributes.languages ?? []).map((code) => ({
    id: hsdsChildId('language', p.id, code),
    service_id: service,
    name: languageName(code, 'en'),
    code,
  }));
}
