import type { TagCategory } from '../../shared/constants.js';

/** The tag vocabulary the directory starts with: every tag of the seed data plus the food-access
 * programs people search for (SNAP/EBT, WIC, Double Up Food Bucks), each in its tag category. */
export const TAG_VOCABULARY: ReadonlyArray<{ name: string; category: TagCategory }> = [
  { name: 'produce', category: 'product' },
  { name: 'eggs', category: 'product' },
  { name: 'meat', category: 'product' },
  { name: 'honey', category: 'product' },
  { name: 'flowers', category: 'product' },
  { name: 'baked-goods', category: 'product' },
  { name: 'plants', category: 'product' },
  { name: 'snap-ebt', category: 'amenity' },
  { name: 'wic', category: 'amenity' },
  { name: 'double-up-food-bucks', category: 'amenity' },
  { name: 'restrooms', category: 'amenity' },
  { name: 'parking', category: 'amenity' },
  { name: 'playground', category: 'amenity' },
  { name: 'trails', category: 'amenity' },
  { name: 'free', category: 'amenity' },
  { name: 'dog-friendly', category: 'amenity' },
  { name: 'wheelchair-accessible', category: 'accessibility' },
  { name: 'transit-accessible', category: 'accessibility' },
  { name: 'volunteer', category: 'community' },
  { name: 'education', category: 'community' },
  { name: 'kids', category: 'community' },
  { name: 'organic', category: 'sustainability' },
  { name: 'composting', category: 'sustainability' },
  { name: 'native-plants', category: 'sustainability' },
];
