export { default as MapView } from './map-view';
