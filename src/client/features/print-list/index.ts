// "Print this list" (decision 0911): the first places of the current search as a printable sheet,
// each with a QR code that opens its page. Loaded when first opened, with the QR library.
import { lazy } from 'react';

export const PrintListDialog = lazy(() => import('./print-list-dialog'));
