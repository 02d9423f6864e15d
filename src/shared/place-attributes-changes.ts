// An edit of the attributes as the review desk reads it (decision 0803): one change per fact that
// differs, named `attributes.<key>` ('attributes.snap': true -> false), never the whole object.
import type { PlaceAttributes } from './place-attributes.js';

export interface AttributeChange {
  /** 'attributes.snap', 'attributes.languages', … */
  field: `attributes.${keyof PlaceAttributes}`;
  /** The fact before and after; null when unknown. */
  before: unknown;
  after: unknown;
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The facts that differ between two attribute sets, in a stable order (keys sorted). */
export function attributeChanges(before: unknown, after: unknown): AttributeChange[] {
  const b = asObject(before);
  const a = asObject(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  const out: AttributeChange[] = [];
  for (const k of keys) {
    const bv = b[k] ?? null;
    const av = a[k] ?? null;
    if (JSON.stringify(bv) !== JSON.stringify(av)) {
      out.push({ field: `attributes.${k as keyof PlaceAttributes}`, before: bv, after: av });
    }
  }
  return out;
}

/** How many facts a set holds (its note counts with its eligibility, not apart). */
export function knownAttributeCount(v: unknown): number {
  return Object.keys(asObject(v)).filter((k) => k !== 'eligibilityNote').length;
}
