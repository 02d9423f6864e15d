// What a change changed, field by field, as the review desk shows it.
import { attributeChanges } from '../../../shared/place-attributes-changes.js';
import type { FieldChange } from '../../../shared/schemas/admin.js';

// An empty list and an absent value read the same ('Tags: ∅ -> ∅' is not a change).
const show = (v: unknown) => (Array.isArray(v) ? (v.length ? [...v].sort() : null) : (v ?? null));

/** field: old -> new, for every field whose value differs between two snapshots. */
export function diffSnapshots(before: unknown, after: unknown): FieldChange[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: FieldChange[] = [];
  for (const k of keys) {
    // The attributes are one field but many facts: one change per fact that differs (decision 0803).
    if (k === 'attributes') {
      out.push(...attributeChanges(b[k], a[k]));
      continue;
    }
    const bv = show(b[k]);
    const av = show(a[k]);
    if (JSON.stringify(bv) !== JSON.stringify(av)) out.push({ field: k, before: bv ?? null, after: av ?? null });
  }
  return out;
}
