export { ShareDialog } from './share-dialog';
export { copyText } from './share-links';
