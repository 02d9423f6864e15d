export { TagPicker } from './tag-picker';
