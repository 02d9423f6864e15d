export { DiscoverPage } from './discover-page';
export { prefetchDiscover } from './prefetch';
export { seedNarrowFirstPage } from './use-locations';
export { CheckedLine, HoursStatusLine, useHoursStatusText, useNow } from './hours-line';
