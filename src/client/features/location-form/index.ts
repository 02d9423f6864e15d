// The one location form (add, the dialog's edit, the page's edit), with react-hook-form and the
// shared zod schema. A feature of its own so the page and dialog load it only when Edit is pressed;
// other parts import only from here (docs/architecture.md, Imports).
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
