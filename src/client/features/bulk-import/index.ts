export { AdminBulkImportButton, ADMIN_SESSION_KEY } from './admin-bulk-import-button';
