export { EmbedButton } from './embed-button';
export { FollowLinks } from './follow-links';
export { embedUrl, placeFollowUrls, searchFollowUrls } from './follow-urls';
