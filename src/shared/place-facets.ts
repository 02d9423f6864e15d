// The Discover facets (decision 0803): URL `pay=` and `access=`, each a fact that must hold.
// Wheelchair means "yes" only (OpenStreetMap's "limited" is shown on the card, not claimed by the
// chip). No zod here: the Discover page's first load imports it; ./place-attributes.ts says what
// each facet asks of the stored attributes.

export const PAY_FILTERS = ['snap', 'wic', 'sfmnp', 'double-up', 'credit'] as const;
export type PayFilter = (typeof PAY_FILTERS)[number];
export const ACCESS_FILTERS = [
  'wheelchair',
  'accessible-restroom',
  'restroom',
  'parking',
  'bike-parking',
  'bus-stop',
  'free',
  'everyone',
] as const;
export type AccessFilter = (typeof ACCESS_FILTERS)[number];
