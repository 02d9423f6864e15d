// The location form's schemas with the opening hours read as well as measured (decision 0800):
// text the opening_hours library cannot read is refused with its sentence in
// `errors.openingHours`. This file loads that library (about 118 KiB gzip), so the server imports
// it and the browser only in a chunk loaded on demand; ./location.ts keeps the same schemas
// without it (docs/architecture.md, Performance budgets).
import { validateOpeningHours } from '../opening-hours.js';
import { locationSchemasWith, openingHoursText } from './location.js';

/** The opening hours field: empty (none), or text the library reads. */
const openingHoursField = openingHoursText.superRefine((value, ctx) => {
  if (value === '') return;
  const checked = validateOpeningHours(value);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error });
});

const checkedSchemas = locationSchemasWith(openingHoursField);
/** POST /api/locations: the location form with its opening hours read. */
export const locationFormSchemaChecked = checkedSchemas.form;
/** PATCH /api/locations/{id}: any subset of the form, the opening hours read when given. */
export const locationPatchSchemaChecked = checkedSchemas.patch;
