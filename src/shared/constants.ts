// Business constants of docs/product.md section 9, in one place for the client, the server and the tests.

export const LOCATION_CATEGORIES = ['farmers-market', 'local-farmer', 'community-garden', 'park', 'resource'] as const;
export type LocationCategory = (typeof LOCATION_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<LocationCategory, string> = {
  'farmers-market': 'Farmers Market',
  'local-farmer': 'Local Farmer',
  'community-garden': 'Community Garden',
  park: 'Park',
  resource: 'Resource',
};

/** The listing filter's choices: 'all' plus every category (labels of the dropdown). */
export const FILTER_CATEGORIES = ['all', ...LOCATION_CATEGORIES] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

export const TAG_CATEGORIES = ['product', 'amenity', 'accessibility', 'community', 'sustainability', 'other'] as const;
export type TagCategory = (typeof TAG_CATEGORIES)[number];

export const LOCATION_STATUSES = ['active', 'expired'] as const;

export const FLAG_TYPES = ['duplicate', 'outdated', 'other'] as const;
export type FlagType = (typeof FLAG_TYPES)[number];

export const DEFAULT_RADIUS_MILES = 5;
export const PAGE_SIZE_WIDE = 3;
export const PAGE_SIZE_NARROW = 2;
export const MAX_PAGE_BUTTONS = 7;
export const MAX_CARD_TAGS = 3;
export const MOBILE_BREAKPOINT_PX = 768;

export const NAME_MAX = 255;
export const ADDRESS_MAX = 500;
export const TAG_NAME_MAX = 100;
/** Not in the spec: generous caps so one request cannot store megabytes of text. */
export const DESCRIPTION_MAX = 10_000;
export const SHORT_TEXT_MAX = 500;
export const URL_MAX = 2048;
export const SESSION_ID_MAX = 128;
/** GET /api/locations without a limit answers at most this many places (X-Total-Count tells how
 * many matched), so one request cannot make the server read the whole table; paging or the exports
 * give the rest. */
export const LOCATION_LIST_MAX = 1000;
/** At most this many tags in one filter (one EXISTS each in the search). */
export const TAG_FILTER_MAX = 20;
/** Structured opening hours (decision 0800): OpenStreetMap's limit for a value, the same as
 * OPENING_HOURS_MAX_LENGTH in src/shared/opening-hours.ts, here so that schemas can cap the text
 * without loading the opening_hours library (a test checks the two agree). */
export const OPENING_HOURS_MAX = 255;
/** A place not confirmed by an administrator for this long is listed as needing a check. */
export const VERIFICATION_STALE_MONTHS = 12;
/** An administrator's note on a verification. */
export const VERIFICATION_NOTE_MAX = 2000;
/** A visitor's "still correct" answers are counted over this many days (older ones say little now). */
export const CONFIRMATION_WINDOW_DAYS = 90;

/** The box a place's own coordinates must fall in: the Kansas City metropolitan area (its
 * fourteen counties, with a margin). Coordinates outside are a typo or vandalism. */
export const METRO_BOUNDS = { west: -95.6, south: 38.2, east: -93.4, north: 39.9 } as const;

export const LISTING_STALE_MS = 30_000;
export const LISTING_RETRIES = 3;
export const LOCATION_DETAIL_STALE_MS = 5 * 60_000;
export const VISITOR_REFRESH_MS = 30_000;
export const TRANSLATION_TIMEOUT_MS = 3_000;

export const ELEMENT_SELECTION_NOTICE_MS = 800;
export const SCREENSHOT_PADDING_PX = 20;
export const SCREENSHOT_FULL_PAGE_SCALE = 0.5;
export const SCREENSHOT_ELEMENT_SCALE = 1;
export const ELEMENT_PREVIEW_CHARS = 60;
export const DETAIL_EDIT_DELAY_MS = 100;
export const CLOSE_RESET_DELAY_MS = 200;
export const TRANSIT_FALLBACK_DELAY_MS = 2_500;

export const SHARE_WINDOW_WIDTH = 600;
export const SHARE_WINDOW_HEIGHT = 400;

export const BULK_IMPORT_PROGRESS = 50;
export const TAG_DIALOG_Z_INDEX = 60_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const ANNOUNCEMENT_DELAY_MS = 100;
export const ANNOUNCEMENT_CLEAR_MS = 3_000;

export const SESSION_STORAGE_SESSION_KEY = 'engagement_session_id';
export const SESSION_STORAGE_VISIT_KEY = 'visit_recorded';
export const LOCAL_STORAGE_ENGAGEMENT_KEY = 'location_engagement_session_id';

/** Screenshots in flag reports: PNG data URLs up to this many bytes of image. 2 MB holds an
 * element at scale 1 or a whole page at scale 0.5 with room to spare; the client halves the scale
 * until its picture fits (decision 0703). */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** Widest or tallest screenshot accepted, in pixels (the PNG header's declared size). */
export const SCREENSHOT_MAX_SIDE_PX = 8192;
/** Most pixels a screenshot may declare: 4096 x 4096, 64 MiB once decoded to RGBA. A small PNG can
 * declare a huge area (it compresses), and the review desk's browser would decode all of it. */
export const SCREENSHOT_MAX_PIXELS = 4096 * 4096;
