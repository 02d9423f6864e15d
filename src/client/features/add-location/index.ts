export { default as AddLocationDialog } from './add-location-dialog';
