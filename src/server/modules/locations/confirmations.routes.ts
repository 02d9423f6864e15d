// POST /api/locations/{id}/confirm: a visitor's "Yes" to "Is this still correct?". Rate limited as
// every anonymous write, one per client, place and UTC day (a unique index; a repeat answers 200),
// apart from administrators' checks (lastVerifiedAt never moves). Hidden or unknown places 404.
import { sql } from 'drizzle-orm';
import { CONFIRMATION_WINDOW_DAYS } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { idParamSchema } from '../../../shared/schemas/common.js';
import { locationConfirmResultSchema } from '../../../shared/schemas/verification.js';
import type { ApiModule } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../http-error.js';
import { now as clockNow } from '../../lib/clock.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Records the confirmation unless this client already confirmed the place today; returns the
 * place's confirmations in the window, or null when the place does not exist or is hidden. */
async function confirmLocation(db: Db, id: number, clientHash: string): Promise<number | null> {
  const at = clockNow();
  const [place] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from locations where id = ${id} and hidden = false`),
  );
  if (!place) return null;
  await db.execute(sql`
    insert into location_confirmations (location_id, at, client_hash)
    values (${id}, ${at.toISOString()}::timestamptz, ${clientHash})
    on conflict do nothing`);
  const since = new Date(at.getTime() - CONFIRMATION_WINDOW_DAYS * 86_400_000);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from location_confirmations
       where location_id = ${id} and at > ${since.toISOString()}::timestamptz`),
  );
  return Number(count?.n ?? 0);
}

export const confirmationsRoutes: ApiModule = (app, ctx) => {
  // A person answers once per place; these caps only stop scripts.
  const limit = ctx.rateLimit({ bucket: 'locations:confirm', max: 10, addressMax: 40, windowMs: 60_000 });
  app.post(
    '/locations/:id/confirm',
    { schema: { params: idParamSchema, response: { 200: locationConfirmResultSchema } }, preHandler: limit },
    async (request) => {
      const confirmations = await confirmLocation(ctx.db, request.params.id, ctx.clientHash(request));
      if (confirmations === null) throw notFound(MSG.locationNotFoundShort);
      return { confirmations };
    },
  );
};
