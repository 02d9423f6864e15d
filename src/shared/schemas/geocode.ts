// GET /api/geocode?address=... (the server-side geocoder, docs/product.md section 7 "Geocoding").
import { z } from 'zod';
import { ADDRESS_MAX } from '../constants.js';

export const ADDRESS_NOT_FOUND = 'Address not found';

export const geocodeQuerySchema = z.object({
  address: z
    .string({ error: 'address is required' })
    .trim()
    .min(1, 'address is required')
    .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`),
});

export const geoPointSchema = z.object({ lat: z.number(), lng: z.number() });
