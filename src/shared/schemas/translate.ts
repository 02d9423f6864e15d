import { z } from 'zod';

/** Languages user content can be machine-translated into (English is the source). */
export const TRANSLATION_TARGETS = ['es'] as const;

/** POST /api/translate */
export const translateBodySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .min(1, 'text is required')
    .max(10_000, 'text must be at most 10000 characters'),
  target: z.enum(TRANSLATION_TARGETS, { error: 'target must be one of: es' }),
  format: z.enum(['text', 'html']).default('text'),
});
export type TranslateBody = z.input<typeof translateBodySchema>;

export const translateAnswerSchema = z.object({ translatedText: z.string(), cached: z.boolean() });
export type TranslateAnswer = z.infer<typeof translateAnswerSchema>;
