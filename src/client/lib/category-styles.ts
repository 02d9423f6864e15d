// Colours of the category badges and tag categories. Every pair keeps at least 4.5:1 contrast
// (WCAG AA) between text and background.
import type { LocationCategory, TagCategory } from '../../shared/constants';

const CATEGORY_BADGE: Record<LocationCategory, string> = {
  'farmers-market': 'bg-green-100 text-green-900 border-green-300',
  'local-farmer': 'bg-amber-100 text-amber-900 border-amber-300',
  'community-garden': 'bg-lime-100 text-lime-900 border-lime-300',
  park: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  resource: 'bg-blue-100 text-blue-900 border-blue-300',
};

/** Marker colours on the map (fill), dark enough for white outlines. */
export const CATEGORY_MARKER: Record<LocationCategory, string> = {
  'farmers-market': '#15803d',
  'local-farmer': '#b45309',
  'community-garden': '#4d7c0f',
  park: '#047857',
  resource: '#1d4ed8',
};

const TAG_CATEGORY_BADGE: Record<TagCategory | 'none', string> = {
  product: 'bg-orange-100 text-orange-900 border-orange-300',
  amenity: 'bg-sky-100 text-sky-900 border-sky-300',
  accessibility: 'bg-violet-100 text-violet-900 border-violet-300',
  community: 'bg-pink-100 text-pink-900 border-pink-300',
  sustainability: 'bg-green-100 text-green-900 border-green-300',
  other: 'bg-gray-100 text-gray-900 border-gray-300',
  none: 'bg-gray-100 text-gray-900 border-gray-300',
};

export function categoryBadgeClass(category: string): string {
  return CATEGORY_BADGE[category as LocationCategory] ?? TAG_CATEGORY_BADGE.none;
}

export function tagBadgeClass(category: string | null | undefined): string {
  return TAG_CATEGORY_BADGE[(category ?? 'none') as TagCategory] ?? TAG_CATEGORY_BADGE.none;
}
