// The exact texts the server answers with (docs/product.md sections 5 and 8): the shared zod
// schemas' validation messages and the routes' own. The interface's texts, in English and Spanish,
// live in the client's i18n catalogs.

export const MSG = {
  nameRequired: 'Name is required',
  addressRequired: 'Address is required for farmers markets, local farmers, community gardens, and parks',
  invalidUrl: 'Please enter a valid URL',
  tagHtml: 'HTML tags are not allowed in tag name',
  tagNameRequired: 'Tag name is required',
  reportScript: 'Script tags are not allowed in description',
  locationNotFoundShort: 'Location not found',
  invalidFileText: 'Please select a CSV file.',
  // Not in the spec: a place's own coordinates (decision 0303).
  outsideMetro: 'Coordinates must be in the Kansas City area',
  coordinatesTogether: 'Latitude and longitude must be given together',
  // Not in the spec: an edit made on an old version of a place, refused so it undoes nobody's.
  editConflict: 'Someone else changed this place while you were editing it',
  // Not in the spec: review of contributions (decisions 0403 and 0405).
  contributorBlocked: 'Changes from your connection are paused by the directory team.',
  changeHeld: 'Thank you! Your change will be reviewed before it appears.',
  // Not in the spec: the address lookup's queue is full (decision 0711).
  geocoderBusy: 'The address lookup is busy right now: try again in a moment',
} as const;

/** The page the server sends when it cannot render one (decision 0707): a read it needed failed
 * (503), or this visitor asked for too many pages at once (429). In both languages of the site. */
export const PAGE_ERROR_TEXTS = {
  503: {
    en: {
      title: 'The directory is busy right now',
      text: 'This page could not be loaded just now. Please try again in a moment.',
      retry: 'Try again',
    },
    es: {
      title: 'El directorio está ocupado en este momento',
      text: 'No se pudo cargar esta página ahora mismo. Vuelva a intentarlo en un momento.',
      retry: 'Intentar de nuevo',
    },
  },
  429: {
    en: {
      title: 'Too many requests',
      text: 'Too many requests. Please wait a moment and try again.',
      retry: 'Try again',
    },
    es: {
      title: 'Demasiadas solicitudes',
      text: 'Demasiadas solicitudes. Espere un momento y vuelva a intentarlo.',
      retry: 'Intentar de nuevo',
    },
  },
} as const;
