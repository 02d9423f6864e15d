import { translateAnswerSchema, translateBodySchema } from '../../../shared/schemas/translate.js';
import type { ApiModule } from '../../context.js';
import { HttpError } from '../../http-error.js';
import { createTranslator, TranslationUnavailableError } from './translator.js';

/** POST /api/translate {text, target, format} -> {translatedText, cached}; 502 when the service
 * fails (the client then shows the original text). */
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
      try {
        return await translate(request.body);
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
