// The attributes in the location form (decision 0803): the form holds each answer (true, false, a
// value, or null/absent for "Not known") and always sends the whole set, null for every unknown,
// so a save replaces the place's set with exactly what the form shows.
import {
  type PlaceAttributes,
  type PlaceAttributesInput,
  placeAttributesSchema,
} from '../../../shared/place-attributes';

const ATTRIBUTE_KEYS = Object.keys(placeAttributesSchema.shape) as (keyof PlaceAttributes)[];

type Answers = PlaceAttributesInput | null | undefined;

const isKnown = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether any answer is known (the fieldset opens; the add dialog has something to lose). */
export function hasKnownAttributes(a: Answers): boolean {
  return !!a && ATTRIBUTE_KEYS.some((k) => isKnown(a[k]));
}

/** How many answers are known (the note counts with its eligibility). */
export function knownAttributeCount(a: Answers): number {
  return a ? ATTRIBUTE_KEYS.filter((k) => k !== 'eligibilityNote' && isKnown(a[k])).length : 0;
}

/** The whole set as POST/PATCH takes it: every key, null when unknown; the note only beside a
 * restricted eligibility. */
export function attributesPayload(a: Answers): Record<keyof PlaceAttributes, unknown> {
  const out = {} as Record<keyof PlaceAttributes, unknown>;
  for (const k of ATTRIBUTE_KEYS) out[k] = a && isKnown(a[k]) ? a[k] : null;
  if (out.eligibility !== 'restricted') out.eligibilityNote = null;
  return out;
}
