export { useRecordVisit } from './use-record-visit';
export { VisitorCount } from './visitor-count';
