import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../shared/schemas/common.js';
import { heldTagChangeSchema, tagInputSchema, tagSchema } from '../../../shared/schemas/tag.js';
import type { ApiModule } from '../../context.js';
import { MSG } from '../../../shared/messages.js';
import { sessionIdFromRequest } from '../revisions/revisions.repository.js';
import { authorOf } from '../trust/contributor.js';
import { passGate } from '../trust/gate.js';
import type { HoldReason } from '../trust/hold-rules.js';
import { createTag, deleteTag, holdTagChange, isOwnPendingTag, listTags, updateTag } from './tags.repository.js';

export const tagsRoutes: ApiModule = (app, ctx) => {
  // Tag management is anonymous (docs/product.md section 6), within budgets by trust; what a
  // contributor without trust proposes or changes waits for review (decisions 0403-0405).

  // The public vocabulary, plus the caller's own proposals (when the request names its session).
  app.get('/tags', { schema: { response: { 200: z.array(tagSchema) } } }, async (request, reply) => {
    const sessionId = sessionIdFromRequest(request);
    if (sessionId) reply.header('cache-control', 'private, no-cache');
    return listTags(ctx.db, sessionId ? { sessionId, clientHash: ctx.clientHash(request) } : undefined);
  });

  app.post('/tags', { schema: { body: tagInputSchema, response: { 201: tagSchema } } }, async (request, reply) => {
    const gate = await passGate(ctx, request, 'tags:new');
    const held: HoldReason[] = gate.level === 'new' ? ['new-tag'] : [];
    const tag = await createTag(ctx.db, request.body, authorOf(gate.contributor), { held });
    return reply.status(201).send(tag);
  });

  app.patch(
    '/tags/:id',
    { schema: { params: idParamSchema, body: tagInputSchema, response: { 200: tagSchema, 202: heldTagChangeSchema } } },
    async (request, reply) => {
      const gate = await passGate(ctx, request, 'tags:change');
      const author = authorOf(gate.contributor);
      if (gate.level === 'new' && !(await isOwnPendingTag(ctx.db, request.params.id, author))) {
        const changeId = await holdTagChange(ctx.db, request.params.id, 'update', request.body, author, ['tag-change']);
        return reply.status(202).send({ held: true as const, changeId, message: MSG.changeHeld });
      }
      return updateTag(ctx.db, request.params.id, request.body, author);
    },
  );

  app.delete(
    '/tags/:id',
    { schema: { params: idParamSchema, response: { 200: successSchema, 202: heldTagChangeSchema } } },
    async (request, reply) => {
      const gate = await passGate(ctx, request, 'tags:change');
      const author = authorOf(gate.contributor);
      if (gate.level === 'new' && !(await isOwnPendingTag(ctx.db, request.params.id, author))) {
        const changeId = await holdTagChange(ctx.db, request.params.id, 'delete', null, author, ['tag-change']);
        return reply.status(202).send({ held: true as const, changeId, message: MSG.changeHeld });
      }
      await deleteTag(ctx.db, request.params.id, author);
      return { success: true as const };
    },
  );
};
