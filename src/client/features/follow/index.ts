export { EmbedButton } from './embed-button';
export type { EmbedTexts } from './embed-dialog';
export { FollowLinks, type FollowTexts } from './follow-links';
export { embedUrl, placeFollowUrls, searchFollowUrls } from './follow-urls';
