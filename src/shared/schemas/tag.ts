import { z } from 'zod';
import { TAG_CATEGORIES, TAG_NAME_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { cleanName } from '../names.js';

/** Any '<' followed by a letter, '/' or '!' reads as markup: tag names are plain words. */
export const looksLikeHtml = (s: string) => /<\s*[a-z!/]/i.test(s) || /&[a-z#0-9]+;/i.test(s);

const tagCategorySchema = z.enum(TAG_CATEGORIES, {
  error: 'Tag category must be one of: product, amenity, accessibility, community, sustainability, other',
});

const tagNameSchema = z
  .string({ error: MSG.tagNameRequired })
  .overwrite(cleanName)
  .trim()
  .min(1, MSG.tagNameRequired)
  .max(TAG_NAME_MAX, `Tag name must be at most ${TAG_NAME_MAX} characters`)
  .refine((s) => !looksLikeHtml(s), MSG.tagHtml);

/** POST /api/tags and PATCH /api/tags/{id}: category optional (empty = none). */
export const tagInputSchema = z.object({
  name: tagNameSchema,
  category: z
    .union([tagCategorySchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  createdAt: z.string().optional(),
  /** Only on the caller's own proposal while it waits for review (decision 0403). */
  pending: z.literal(true).optional(),
});
export type Tag = z.infer<typeof tagSchema>;

/** PATCH or DELETE /api/tags/{id} when the change waits for review (202). */
export const heldTagChangeSchema = z.object({
  held: z.literal(true),
  changeId: z.number().int(),
  message: z.string(),
});
