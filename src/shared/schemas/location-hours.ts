// The location form's schemas that also read the opening hours (decision 0800), refusing what the
// opening_hours library cannot read. It loads that library (about 118 KiB gzip): the browser takes
// it only in a lazy chunk; ./location.ts has the same schemas without it.
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
