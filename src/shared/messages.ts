// The exact texts of docs/product.md sections 2, 5 and 8. Validation messages are used by the shared zod
// schemas (so the server answers with them); the client shows its own interface texts through the
// i18n catalogs, whose English entries equal these.

export const MSG = {
  nameRequired: 'Name is required',
  addressRequired: 'Address is required for farmers markets, local farmers, community gardens, and parks',
  invalidUrl: 'Please enter a valid URL',
  tagHtml: 'HTML tags are not allowed in tag name',
  tagNameRequired: 'Tag name is required',
  reportScript: 'Script tags are not allowed in description',
  selectFlagType: 'Please select a flag type',
  otherNeedsDescription: "Please provide a description for 'Other' issues",
  reportFailed: 'Failed to submit report. Please try again.',
  fetchTagsFailed: 'Failed to fetch tags',
  loadLocationsFailed: 'Failed to load locations. Please try again.',
  noResults: 'No locations found matching your criteria.',
  noResultsHint: 'Try adjusting your filters or expanding your search radius.',
  locationNotFound: 'Location not found. This location may have been removed or the URL may be incorrect.',
  locationNotFoundShort: 'Location not found',
  invalidFileTitle: 'Invalid file',
  invalidFileText: 'Please select a CSV file.',
  importFailedTitle: 'Import failed',
  tryAgainLater: 'Please try again later.',
  tryAgain: 'Please try again.',
  // Not in the spec: a place's own coordinates (decision 0303).
  outsideMetro: 'Coordinates must be in the Kansas City area',
  coordinatesTogether: 'Latitude and longitude must be given together',
} as const;
