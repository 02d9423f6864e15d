export { default as AdminPage } from './admin-page';
