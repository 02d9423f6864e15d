// The one location form (add, the detail dialog's edit, the page's edit): fields, react-hook-form with
// the shared zod schema, and the two edit forms. Its own feature so that a place's page and the
// detail dialog load it only when Edit is pressed (features/location imports it lazily). Other parts
// import only from here (docs/architecture.md, Imports).
export { AttributesFieldset } from './attributes-fieldset';
export { hasKnownAttributes } from './attributes-values';
export { DialogEditForm } from './dialog-edit-form';
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
export { PageEditForm } from './page-edit-form';
export {
  EMPTY_LOCATION_FORM,
  focusFirstError,
  formValuesToPayload,
  type LocationFormInput,
  type LocationPayload,
  useLocationForm,
} from './use-location-form';
