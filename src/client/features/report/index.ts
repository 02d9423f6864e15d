export { default as ReportDialog } from './report-dialog';
