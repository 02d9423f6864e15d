// What the two edit forms of a place share (dialog-edit-form.tsx, page-edit-form.tsx): the form
// filled from the place with its save (docs/product.md section 4: a conflict offers theirs or
// mine), and the fields grouped as the page's tabs, which the dialog shows in one column.
import { useWatch } from 'react-hook-form';
import { AttributesFieldset } from './attributes-fieldset';
import type { Location } from '../../../shared/schemas/location';
import {
  AddressField,
  CategoryField,
  CoordinatesField,
  DescriptionField,
  type FieldProps,
  NameField,
  OperatingHoursField,
  PhoneField,
  WebsiteField,
} from './form-fields';
import { OpeningHoursField } from './opening-hours-field';
import { useUpdateLocation } from './update-location';
import { type LocationFormInput, locationToFormValues, useLocationForm } from './use-location-form';

interface EditLocationOptions {
  /** Called with the saved place (null when the answer is not one). */
  onSaved(updated: Location | null, held?: boolean): void;
  /** Whether to show the server's message beside this field (and a chance to reveal it first);
   * every field's when left out. */
  acceptFieldError?(name: string): boolean;
}

/** The edit form of a place, the category it shows now, and its save. */
export function useEditLocation(location: Location, { onSaved, acceptFieldError }: EditLocationOptions) {
  const form = useLocationForm(locationToFormValues(location));
  const category = useWatch({ control: form.control, name: 'category' });
  const save = useUpdateLocation<LocationFormInput>(location.id, {
    base: location,
    onLoadTheirs: (theirs) => form.reset(locationToFormValues(theirs)),
    onSaved,
    setError: (name, error, options) => {
      if (!acceptFieldError || acceptFieldError(name)) form.setError(name, error, options);
    },
  });
  return { form, category, save };
}

/** Name, category and description. */
export function AboutFields(props: FieldProps) {
  return (
    <>
      <NameField {...props} />
      <CategoryField {...props} />
      <DescriptionField {...props} />
    </>
  );
}

/** Phone, website and the hours, as text and as the hours editor. */
export function ContactFields(props: FieldProps) {
  return (
    <>
      <PhoneField {...props} />
      <WebsiteField {...props} />
      <OperatingHoursField {...props} />
      <OpeningHoursField {...props} />
    </>
  );
}

/** Where the place is and how to get in: its address, coordinates, payments and access. */
export function ReachFields(props: FieldProps) {
  return (
    <>
      <AddressField {...props} />
      <CoordinatesField {...props} />
      <AttributesFieldset {...props} />
    </>
  );
}
