// What a person needs to decide whether they can go (decision 0803): payments and benefits,
// access, cost and eligibility, languages. Every fact is optional, and an absent key means
// "unknown", which is never the same as "no". Stored as one jsonb object per place.
import { z } from 'zod';
import { ACCESS_FILTERS, type AccessFilter, PAY_FILTERS, type PayFilter } from './place-facets.js';

/** Payments and benefits accepted (yes/no each). */
export const PAYMENT_KEYS = ['snap', 'wic', 'sfmnp', 'doubleUp', 'credit'] as const;
export type PaymentKey = (typeof PAYMENT_KEYS)[number];

/** Yes/no access facts besides the wheelchair's three answers. */
export const ACCESS_FLAG_KEYS = ['accessibleRestroom', 'restroom', 'parking', 'bikeParking', 'busStop'] as const;
export type AccessFlagKey = (typeof ACCESS_FLAG_KEYS)[number];

/** OpenStreetMap's `wheelchair` answers: yes, limited (partly accessible), no. */
export const WHEELCHAIR_VALUES = ['yes', 'limited', 'no'] as const;
/** Who may come: everyone, or only members, residents or those who qualify (see the note). */
export const ELIGIBILITY_VALUES = ['everyone', 'restricted'] as const;

export const ELIGIBILITY_NOTE_MAX = 200;
export const LANGUAGES_MAX = 10;

/** A language tag as people type it ('es', 'vi', 'zh-Hant'): a BCP 47 primary tag and optional subtags. */
const languageTag = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Languages must be language codes such as en, es or vi')
  .transform((s) => {
    const [first, ...rest] = s.split('-');
    return [first!.toLowerCase(), ...rest].join('-');
  });

const yesNo = (label: string) => z.boolean({ error: `${label} must be true, false or null` }).nullish();

/**
 * The attributes a form or the API sends: each key true/false (or its values), or null/absent for
 * unknown. The stored object (./place-attributes.ts storedAttributes) keeps only known answers.
 */
export const placeAttributesSchema = z
  .object({
    snap: yesNo('snap'),
    wic: yesNo('wic'),
    sfmnp: yesNo('sfmnp'),
    doubleUp: yesNo('doubleUp'),
    credit: yesNo('credit'),
    wheelchair: z.enum(WHEELCHAIR_VALUES, { error: 'wheelchair must be yes, limited, no or null' }).nullish(),
    accessibleRestroom: yesNo('accessibleRestroom'),
    restroom: yesNo('restroom'),
    parking: yesNo('parking'),
    bikeParking: yesNo('bikeParking'),
    busStop: yesNo('busStop'),
    /** true: free; false: there is a fee. */
    free: yesNo('free'),
    eligibility: z.enum(ELIGIBILITY_VALUES, { error: 'eligibility must be everyone, restricted or null' }).nullish(),
    eligibilityNote: z
      .string()
      .trim()
      .max(ELIGIBILITY_NOTE_MAX, `The eligibility note must be at most ${ELIGIBILITY_NOTE_MAX} characters`)
      .nullish(),
    languages: z
      .array(languageTag)
      .max(LANGUAGES_MAX, `At most ${LANGUAGES_MAX} languages`)
      .nullish()
      .transform((v) => (v ? [...new Set(v)] : v)),
  })
  .strict();
export type PlaceAttributesInput = z.input<typeof placeAttributesSchema>;

/** The attributes as stored and answered: only the known ones. */
export interface PlaceAttributes {
  snap?: boolean;
  wic?: boolean;
  sfmnp?: boolean;
  doubleUp?: boolean;
  credit?: boolean;
  wheelchair?: (typeof WHEELCHAIR_VALUES)[number];
  accessibleRestroom?: boolean;
  restroom?: boolean;
  parking?: boolean;
  bikeParking?: boolean;
  busStop?: boolean;
  free?: boolean;
  eligibility?: (typeof ELIGIBILITY_VALUES)[number];
  eligibilityNote?: string;
  languages?: string[];
}

/** The answer's shape (OpenAPI): every key optional, absent when unknown. */
const known = (what: string) => z.boolean().optional().describe(`${what}: true or false; absent when unknown`);
export const placeAttributesAnswerSchema = z
  .object({
    snap: known('Takes SNAP/EBT'),
    wic: known('Takes WIC'),
    sfmnp: known('Takes Senior Farmers Market Nutrition Program coupons'),
    doubleUp: known('Takes Double Up Food Bucks'),
    credit: known('Takes credit cards'),
    wheelchair: z
      .enum(WHEELCHAIR_VALUES)
      .optional()
      .describe("Wheelchair access, OpenStreetMap's answers (limited: partly accessible); absent when unknown"),
    accessibleRestroom: known('A wheelchair-accessible restroom'),
    restroom: known('A restroom'),
    parking: known('Parking'),
    bikeParking: known('Bicycle parking'),
    busStop: known('A bus stop within a short walk'),
    free: known('Free (false: there is a fee)'),
    eligibility: z
      .enum(ELIGIBILITY_VALUES)
      .optional()
      .describe('Who may come: everyone, or only members, residents or those who qualify (restricted)'),
    eligibilityNote: z.string().optional().describe('Who qualifies, beside a restricted eligibility'),
    languages: z.array(z.string()).optional().describe("Languages spoken, as language codes ('es', 'vi')"),
  })
  .describe('The known facts only: an absent key is unknown, never "no"');

/** The stored object of a checked input: unknown answers (null, absent, empty) are left out,
 * and a note is kept only beside a restricted eligibility. */
export function storedAttributes(input: z.output<typeof placeAttributesSchema> | null | undefined): PlaceAttributes {
  const out: Record<string, unknown> = {};
  if (!input) return {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  if (out.eligibility !== 'restricted') delete out.eligibilityNote;
  return out as PlaceAttributes;
}

// The Discover facets (URL `pay=` and `access=`) live in ./place-facets.ts, which the Discover
// page's first load imports without zod.
export { ACCESS_FILTERS, type AccessFilter, PAY_FILTERS, type PayFilter } from './place-facets.js';

/** The stored fact each facet asks for: the jsonb containment object the SQL filter uses. */
const FACET_FACTS: Record<PayFilter | AccessFilter, Partial<PlaceAttributes>> = {
  snap: { snap: true },
  wic: { wic: true },
  sfmnp: { sfmnp: true },
  'double-up': { doubleUp: true },
  credit: { credit: true },
  wheelchair: { wheelchair: 'yes' },
  'accessible-restroom': { accessibleRestroom: true },
  restroom: { restroom: true },
  parking: { parking: true },
  'bike-parking': { bikeParking: true },
  'bus-stop': { busStop: true },
  free: { free: true },
  everyone: { eligibility: 'everyone' },
};

/** One bit per facet, in a fixed order, for the in-memory search index (search-filters.ts). */
const FACET_ORDER = [...PAY_FILTERS, ...ACCESS_FILTERS];

/** The bits a filter of these facets asks for (all must hold). */
export function facetMask(facets: readonly (PayFilter | AccessFilter)[]): number {
  let mask = 0;
  for (const f of facets) mask |= 1 << FACET_ORDER.indexOf(f);
  return mask;
}

/** The containment object of a filter: every asked fact at once (`attributes @> …`). */
export function facetContainment(facets: readonly (PayFilter | AccessFilter)[]): PlaceAttributes {
  return Object.assign({}, ...facets.map((f) => FACET_FACTS[f]));
}

/** Parses a comma list of facets ('snap,wic'); null when a name is not one of `allowed`. */
export function parseFacets<T extends string>(text: string, allowed: readonly T[]): T[] | null {
  const parts = [
    ...new Set(
      text
        .split(',')
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return parts.every((p) => (allowed as readonly string[]).includes(p)) ? (parts as T[]) : null;
}

/** The tags of the first vocabulary that meant an attribute, and the fact each one becomes. */
export const TAGS_BECOME_ATTRIBUTES: Record<string, Partial<PlaceAttributes>> = {
  'snap-ebt': { snap: true },
  wic: { wic: true },
  'double-up-food-bucks': { doubleUp: true },
  free: { free: true },
  'wheelchair-accessible': { wheelchair: 'yes' },
  restrooms: { restroom: true },
  parking: { parking: true },
  'transit-accessible': { busStop: true },
};
