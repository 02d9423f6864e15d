export { DiscoverPage } from './discover-page';
export { prefetchDiscover } from './prefetch';
export { seedNarrowFirstPage } from './use-locations';
