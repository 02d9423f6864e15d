import { z } from 'zod';

/** Languages user content can be machine-translated into (English is the source). */
const TRANSLATION_TARGETS = ['es'] as const;

/** The stored text fields of a place the client shows machine-translated (docs/decisions/0706):
 * only the directory's own texts can be translated, never text a client sends. */
const TRANSLATABLE_FIELDS = ['description'] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

/** POST /api/translate: a place's stored field, read by the server itself. */
export const translateBodySchema = z.object({
  locationId: z
    .number({ error: 'locationId is required' })
    .int('locationId must be a whole number')
    .positive('locationId must be positive')
    .max(2_147_483_647, 'locationId is too large'),
  field: z.enum(TRANSLATABLE_FIELDS, { error: 'field must be one of: description' }),
  target: z.enum(TRANSLATION_TARGETS, { error: 'target must be one of: es' }),
  // The old form ({text, target, format}) translated any text a client sent: refused by name.
  text: z
    .never({ error: 'text is no longer accepted: send locationId and field, the server reads the stored text' })
    .optional(),
});
export type TranslateBody = z.input<typeof translateBodySchema>;

export const translateAnswerSchema = z.object({ translatedText: z.string(), cached: z.boolean() });
export type TranslateAnswer = z.infer<typeof translateAnswerSchema>;
