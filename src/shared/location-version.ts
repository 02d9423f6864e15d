// A place's version tag, so no edit silently undoes another made meanwhile. GET /api/locations/{id} and
// /slug/{slug} send it as the ETag; a PATCH that sends it back as If-Match is refused with 412 when
// the place changed since. The client builds the same tag from the place it loaded.

/** `"loc-<id>-<updatedAt in ms>"`: every edit, revert, hide or show moves updatedAt; views do not. */
export function locationVersion(place: { id: number; updatedAt: string | Date }): string {
  const ms = place.updatedAt instanceof Date ? place.updatedAt.getTime() : Date.parse(place.updatedAt);
  return `"loc-${place.id}-${ms}"`;
}
