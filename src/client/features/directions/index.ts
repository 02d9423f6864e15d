export { DirectionsDialog } from './directions-dialog';
