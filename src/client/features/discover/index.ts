export { DiscoverPage } from './discover-page';
