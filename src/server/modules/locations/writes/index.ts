// The one write path for places (docs/architecture.md, Conventions): every insert, update and
// delete of a location, its slugs, its tag links and tag_text, and its revisions goes through the
// functions exported here. `writes.boundary.test.ts` fails when code elsewhere writes those tables.
export { geocodePendingPlaces, scheduleGeocodeLater } from './geocode-later.js';
export { importLocations } from './bulk.js';
export {
  openIntervalsHorizon,
  refreshOpenIntervals,
  replaceOpenIntervals,
  scheduleOpenIntervalRefresh,
} from './open-intervals.js';
export { createLocation, updateLocation, type WriteDeps } from './place.js';
export { fillNameSkeletons } from './name-skeletons.js';
export { resanitizeStoredDescriptions } from './resanitize-descriptions.js';
export {
  approveLocationEdit,
  approvePlace,
  holdLocationEdit,
  proposedFields,
  rejectChange,
  rejectPlace,
} from './review.js';
export { applyUndo, previewUndo, selectRevisions, type UndoCriteria } from './undo.js';
export {
  deleteLocation,
  revertLocationChanges,
  revertTagChange,
  setLocationHidden,
} from './revert.js';
export { allocateSlugs } from './slugs.js';
export { changedFields, SNAPSHOT_FIELDS, snapshotLocation } from './snapshot.js';
export { afterTagDeleted, afterTagRenamed, placesOfTag, refreshTagText } from './tag-links.js';
