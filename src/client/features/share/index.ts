export { ShareDialog } from './share-dialog';
