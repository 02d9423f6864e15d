// The Discover facets (decision 0803): URL `pay=` and `access=`, each a fact that must hold;
// wheelchair means "yes" only ("limited" shows on the card, unclaimed by the chip). No zod here, as
// Discover's first load imports it; ./place-attributes.ts says what each facet asks.

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
