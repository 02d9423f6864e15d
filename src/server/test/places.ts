// A place as the add form sends it, for tests that call the write path (modules/locations/writes)
// directly: the form's own schema fills in the fields left out, as it does for POST /api/locations.
import { type LocationFormInput, type LocationFormValues, locationFormSchema } from '../../shared/schemas/location.js';

export const placeForm = (values: LocationFormInput): LocationFormValues => locationFormSchema.parse(values);
