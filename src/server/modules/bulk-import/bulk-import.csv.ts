// Reading and checking an import file (docs/product.md section 2 ('Bulk Import Locations dialog') and section 5):
// csv-parse handles quotes, commas inside quotes, CRLF and a UTF-8 BOM. Rows are numbered from 1
// for the first data row (the header is not counted), as 'Row N: <reason>'.
import { parse } from 'csv-parse/sync';
import { MSG } from '../../../shared/messages.js';
import {
  ADDRESS_MAX,
  CATEGORY_LABELS,
  DESCRIPTION_MAX,
  LOCATION_CATEGORIES,
  type LocationCategory,
  NAME_MAX,
  TAG_NAME_MAX,
  URL_MAX,
} from '../../../shared/constants.js';
import { validateOpeningHours } from '../../../shared/opening-hours.js';
import type { PlaceAttributes } from '../../../shared/place-attributes.js';
import { attributesFromCsv } from '../../../shared/place-attributes-csv.js';
import { BULK_IMPORT_REQUIRED_COLUMNS } from '../../../shared/schemas/admin.js';
import { isValidUrlOrEmpty } from '../../../shared/schemas/location.js';
import { looksLikeHtml } from '../../../shared/schemas/tag.js';
import { HttpError } from '../../http-error.js';
import { sanitizeDescription } from '../../lib/sanitize-description.js';
import { cleanName } from '../../../shared/names.js';

const MAX_IMPORT_ROWS = 20_000;

export interface ImportRow {
  row: number;
  name: string;
  category: LocationCategory;
  description: string;
  address: string;
  website: string;
  tags: string[];
  /** The optional `openingHours` column (decision 0800), in the library's tidy spelling; '' for none. */
  openingHours: string;
  /** The optional attribute columns, as the export writes them (decision 0803); {} for none. */
  attributes: PlaceAttributes;
}

const categoryByText = new Map<string, LocationCategory>();
for (const c of LOCATION_CATEGORIES) {
  categoryByText.set(c, c);
  categoryByText.set(CATEGORY_LABELS[c].toLowerCase(), c);
}

/** Parses the file; throws a 400 for a file that cannot be read as a whole. */
export function parseImportCsv(buf: Buffer): { rows: ImportRow[]; errors: string[] } {
  const text = buf.toString('utf8');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new HttpError(400, 'The CSV file is empty.');
  if (text.includes('\u0000')) throw new HttpError(415, MSG.invalidFileText);

  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      trim: true,
      relax_column_count: false,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      to: MAX_IMPORT_ROWS + 1,
    }) as Record<string, string>[];
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e.code === 'CSV_EMPTY_HEADER' || e.code === 'CSV_INVALID_COLUMN_DEFINITION') {
      throw new HttpError(400, 'The CSV file needs a header line: name, category, description, address, website, tags');
    }
    throw new HttpError(400, `The file could not be read as CSV: ${e.message}`);
  }

  // The header alone (no data rows) still tells us which columns are there.
  const headerLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const header = records[0]
    ? Object.keys(records[0])
    : headerLine.split(',').map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  const missing = BULK_IMPORT_REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new HttpError(400, `Missing required column(s): ${missing.join(', ')}`);
  if (records.length === 0) throw new HttpError(400, 'The CSV file has no rows to import.');
  if (records.length > MAX_IMPORT_ROWS) {
    throw new HttpError(413, `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows can be imported at once.`);
  }

  const rows: ImportRow[] = [];
  const errors: string[] = [];
  records.forEach((rec, i) => {
    const n = i + 1;
    const problems = checkRow(rec);
    if (typeof problems === 'string') errors.push(`Row ${n}: ${problems}`);
    else rows.push({ row: n, ...problems });
  });
  return { rows, errors };
}

function checkRow(rec: Record<string, string>): Omit<ImportRow, 'row'> | string {
  // Names as the forms store them: nothing invisible, compatibility forms folded (decision 0404).
  const name = cleanName(rec.name ?? '').trim();
  if (!name) return 'Name is required';
  if (name.length > NAME_MAX) return `Name must be at most ${NAME_MAX} characters`;
  if (looksLikeHtml(name)) return 'HTML is not allowed in the name';

  const rawCategory = (rec.category ?? '').trim();
  if (!rawCategory) return 'Category is required';
  const category = categoryByText.get(rawCategory.toLowerCase());
  if (!category) return `Category must be one of: ${LOCATION_CATEGORIES.join(', ')}`;

  const rawDescription = rec.description ?? '';
  if (!rawDescription.trim()) return 'Description is required';
  if (rawDescription.length > DESCRIPTION_MAX) return `Description must be at most ${DESCRIPTION_MAX} characters`;
  // Same allow-list as the API's writes; a description of nothing but markup is no description.
  const description = sanitizeDescription(rawDescription);
  if (!description.replace(/<[^>]*>/g, '').trim()) return 'Description is required';

  const address = (rec.address ?? '').trim();
  if (!address) return 'Address is required';
  if (address.length > ADDRESS_MAX) return `Address must be at most ${ADDRESS_MAX} characters`;
  if (looksLikeHtml(address)) return 'HTML is not allowed in the address';

  const website = (rec.website ?? '').trim();
  if (website.length > URL_MAX || !isValidUrlOrEmpty(website)) return 'Please enter a valid URL';

  const tags: string[] = [];
  const seen = new Set<string>();
  for (const raw of (rec.tags ?? '').split(',')) {
    const tag = cleanName(raw).trim();
    if (!tag) continue;
    if (tag.length > TAG_NAME_MAX) return `Tag names must be at most ${TAG_NAME_MAX} characters`;
    if (looksLikeHtml(tag)) return 'HTML tags are not allowed in tag name';
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  // Optional column (headers are read in lower case): OpenStreetMap opening_hours text.
  let openingHours = (rec.openinghours ?? '').trim();
  if (openingHours) {
    const checked = validateOpeningHours(openingHours);
    if (!checked.ok) return checked.error;
    openingHours = checked.normalized;
  }
  const attributes = attributesFromCsv(rec);
  if (typeof attributes === 'string') return attributes;
  return { name, category, description, address, website, tags, openingHours, attributes };
}
