// The location feature: a place's page and its detail dialog, with one api.ts for reading a place.
// The form that edits a place lives in features/location-form, loaded when Edit is pressed, so a
// place's page does not carry it (docs/benchmarks.md, Lighthouse). Other parts import only from here (docs/architecture.md, Imports).
export { LocationDialog } from './location-dialog';
export { LocationPage } from './location-page';
export { prefetchLocation } from './prefetch';
