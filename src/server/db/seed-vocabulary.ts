import type { TagCategory } from '../../shared/constants.js';

/** The tag vocabulary the directory starts with: every tag of the seed data, each in its tag
 * category, except those that are attributes now (payments and access, decision 0803). */
export const TAG_VOCABULARY: ReadonlyArray<{ name: string; category: TagCategory }> = [
  { name: 'produce', category: 'product' },
  { name: 'eggs', category: 'product' },
  { name: 'meat', category: 'product' },
  { name: 'honey', category: 'product' },
  { name: 'flowers', category: 'product' },
  { name: 'baked-goods', category: 'product' },
  { name: 'plants', category: 'product' },
  { name: 'playground', category: 'amenity' },
  { name: 'trails', category: 'amenity' },
  { name: 'dog-friendly', category: 'amenity' },
  { name: 'volunteer', category: 'community' },
  { name: 'education', category: 'community' },
  { name: 'kids', category: 'community' },
  { name: 'organic', category: 'sustainability' },
  { name: 'composting', category: 'sustainability' },
  { name: 'native-plants', category: 'sustainability' },
];
