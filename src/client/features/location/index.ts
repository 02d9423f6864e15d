// The location feature: a place's page, its detail dialog and the one location form, with one api.ts.
// Other parts import only from here (docs/architecture.md, Imports).
export { invalidateLocationQueries, serverFieldErrors } from './api';
export {
  AddressField,
  CategoryField,
  CoordinatesField,
  DescriptionField,
  NameField,
  OperatingHoursField,
  PhoneField,
  ResourceFields,
  StatusField,
  TagsField,
  WebsiteField,
} from './form-fields';
export { OpeningHoursField } from './opening-hours-field';
export { LocationDialog } from './location-dialog';
export { LocationPage } from './location-page';
export {
  EMPTY_LOCATION_FORM,
  formValuesToPayload,
  type LocationFormInput,
  type LocationPayload,
  useLocationForm,
} from './use-location-form';
export { prefetchLocation } from './prefetch';
