import { MSG } from '../../../shared/messages.js';
import { translateAnswerSchema, translateBodySchema } from '../../../shared/schemas/translate.js';
import type { ApiModule } from '../../context.js';
import { HttpError, notFound } from '../../http-error.js';
import { readStoredField } from './translate.repository.js';
import { createTranslator, TranslationUnavailableError } from './translator.js';

/** POST /api/translate {locationId, field, target} -> {translatedText, cached}: the server reads the
 * visible place's stored field itself, so only the directory's own texts reach the service
 * (decision 0706); 404 for a missing or hidden place, 502 when the service fails (the client then
 * shows the original text). */
export const translateRoutes: ApiModule = (app, ctx) => {
  const translate = createTranslator({ db: ctx.db, env: ctx.env, fetch: ctx.fetch });
  app.post(
    '/translate',
    {
      schema: { body: translateBodySchema, response: { 200: translateAnswerSchema } },
      // A page shows a handful of descriptions; a person browsing never needs more than this.
      preHandler: ctx.rateLimit({ bucket: 'translate', max: 300, windowMs: 60_000 }),
    },
    async (request) => {
      const { locationId, field, target } = request.body;
      const text = await readStoredField(ctx.db, locationId, field);
      if (text === undefined) throw notFound(MSG.locationNotFoundShort);
      if (!text?.trim()) return { translatedText: '', cached: false };
      try {
        // Descriptions are rich text (docs/product.md section 5): translated as HTML.
        return await translate({ text, target, format: 'html' });
      } catch (err) {
        if (err instanceof TranslationUnavailableError) {
          request.log.warn({ err }, 'translation failed');
          throw new HttpError(502, 'Translation is unavailable right now');
        }
        throw err;
      }
    },
  );
};
