export { AdminBulkImportButton } from './admin-bulk-import-button';
