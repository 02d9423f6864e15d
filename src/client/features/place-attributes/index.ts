// A place's attributes shown (decision 0803): the card's badges, the printed list's line, the
// page's and the dialog's "Payments and access" section, and the words the review desk and the
// forms use. The form's fieldset lives in features/location-form. Other parts import only from
// here (docs/architecture.md, Imports).
export { attributeValueWords } from './attribute-words';
export { PlaceAttributesBadges, PlaceAttributesLine } from './place-attributes-badges';
export { PlaceAttributesSection } from './place-attributes-section';
