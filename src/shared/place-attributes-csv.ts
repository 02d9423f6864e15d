// The attributes as CSV columns (decision 0803): the export writes them and the bulk import reads
// them back, so an exported file imports as it was. Yes/no: 'yes', 'no', empty; wheelchair adds
// 'limited'; eligibility 'everyone' or 'restricted' with its note; languages as spaced codes.
import {
  ELIGIBILITY_VALUES,
  type PlaceAttributes,
  placeAttributesSchema,
  storedAttributes,
  WHEELCHAIR_VALUES,
} from './place-attributes.js';

/** The yes/no facts, in the columns' order. */
const FLAG_COLUMNS = [
  'snap',
  'wic',
  'sfmnp',
  'doubleUp',
  'credit',
  'accessibleRestroom',
  'restroom',
  'parking',
  'bikeParking',
  'busStop',
  'free',
] as const;

/** Every attribute column, in order (the export's header after its older columns). */
export const ATTRIBUTE_CSV_COLUMNS = [
  ...FLAG_COLUMNS.slice(0, 5),
  'wheelchair',
  ...FLAG_COLUMNS.slice(5),
  'eligibility',
  'eligibilityNote',
  'languages',
] as const;
type Column = (typeof ATTRIBUTE_CSV_COLUMNS)[number];

const isFlag = (c: Column): c is (typeof FLAG_COLUMNS)[number] => (FLAG_COLUMNS as readonly string[]).includes(c);

/** One attribute cell of a place: 'yes', 'no', the value, languages joined by spaces; '' for unknown. */
export function attributeCsvCell(a: PlaceAttributes | null | undefined, column: Column): string {
  const v = a?.[column];
  if (v === undefined || v === null) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.join(' ');
  return v;
}

/** A header as a key: case, spaces, '_' and '-' ignored ('eligibility_note' is eligibilityNote). */
const headerKey = (h: string) => h.toLowerCase().replace(/[\s_-]/g, '');

const YES = new Set(['yes', 'y', 'true']);
const NO = new Set(['no', 'n', 'false']);

/**
 * A row's attribute columns (any present; the header's case and separators do not matter) ->
 * the stored attributes, or the first problem as a sentence naming its column.
 */
export function attributesFromCsv(record: Record<string, string | undefined>): PlaceAttributes | string {
  const cells = new Map<string, string>();
  for (const [h, v] of Object.entries(record)) cells.set(headerKey(h), (v ?? '').trim());
  const input: Record<string, unknown> = {};
  for (const column of ATTRIBUTE_CSV_COLUMNS) {
    const raw = cells.get(headerKey(column)) ?? '';
    if (raw === '') continue;
    const value = raw.toLowerCase();
    if (isFlag(column)) {
      if (!YES.has(value) && !NO.has(value)) return `Column ${column} must be yes, no or empty`;
      input[column] = YES.has(value);
    } else if (column === 'wheelchair') {
      if (!(WHEELCHAIR_VALUES as readonly string[]).includes(value)) {
        return `Column wheelchair must be ${WHEELCHAIR_VALUES.join(', ')} or empty`;
      }
      input.wheelchair = value;
    } else if (column === 'eligibility') {
      if (!(ELIGIBILITY_VALUES as readonly string[]).includes(value)) {
        return `Column eligibility must be ${ELIGIBILITY_VALUES.join(', ')} or empty`;
      }
      input.eligibility = value;
    } else if (column === 'languages') {
      input.languages = raw.split(/[\s,;]+/).filter(Boolean);
    } else {
      input.eligibilityNote = raw;
    }
  }
  // A note says who qualifies: without "restricted" it would be dropped, so it is refused instead.
  if (input.eligibilityNote && input.eligibility !== 'restricted') {
    return 'Column eligibilityNote needs eligibility restricted';
  }
  const parsed = placeAttributesSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `Column ${String(issue.path[0])}: ${issue.message}`;
  }
  return storedAttributes(parsed.data);
}
