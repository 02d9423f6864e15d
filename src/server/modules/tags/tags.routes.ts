import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../shared/schemas/common.js';
import { tagInputSchema, tagSchema } from '../../../shared/schemas/tag.js';
import type { ApiModule } from '../../context.js';
import { authorFromRequest } from '../revisions/revisions.repository.js';
import { createTag, deleteTag, listTags, updateTag } from './tags.repository.js';

export const tagsRoutes: ApiModule = (app, ctx) => {
  // Tag management is anonymous (docs/product.md section 6): a person renames a handful at a time.
  const writeLimit = ctx.rateLimit({ bucket: 'tags:write', max: 60, addressMax: 240, windowMs: 60_000 });

  app.get('/tags', { schema: { response: { 200: z.array(tagSchema) } } }, async () => listTags(ctx.db));

  app.post(
    '/tags',
    { schema: { body: tagInputSchema, response: { 201: tagSchema } }, preHandler: writeLimit },
    async (request, reply) => {
      const tag = await createTag(ctx.db, request.body, authorFromRequest(request, ctx.clientHash));
      return reply.status(201).send(tag);
    },
  );

  app.patch(
    '/tags/:id',
    { schema: { params: idParamSchema, body: tagInputSchema, response: { 200: tagSchema } }, preHandler: writeLimit },
    async (request) => updateTag(ctx.db, request.params.id, request.body, authorFromRequest(request, ctx.clientHash)),
  );

  app.delete(
    '/tags/:id',
    { schema: { params: idParamSchema, response: { 200: successSchema } }, preHandler: writeLimit },
    async (request) => {
      await deleteTag(ctx.db, request.params.id, authorFromRequest(request, ctx.clientHash));
      return { success: true as const };
    },
  );
};
