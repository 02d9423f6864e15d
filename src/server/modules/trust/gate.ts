// The door every contributor's write goes through (decision 0405): who is writing, how far they are
// trusted, a block refused, and one unit of the write's budget spent.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http-error.js';
import type { BudgetName } from './budgets.js';
import { contributorOf, type Trust, trustOf } from './contributor.js';
import type { Contributor } from './identity.js';
import type { EditContext } from './hold-rules.js';

export interface Gate extends EditContext {
  contributor: Contributor;
  trust: Trust;
}

export async function passGate(ctx: AppContext, request: FastifyRequest, budget: BudgetName): Promise<Gate> {
  const contributor = await contributorOf(ctx, request);
  const trust = await trustOf(ctx.db, contributor);
  if (trust.level === 'blocked') throw new HttpError(403, MSG.contributorBlocked);
  await ctx.budgets(budget, contributor, trust.level);
  return { db: ctx.db, contributor, trust, level: trust.level, scale: ctx.env.RATE_LIMIT_SCALE };
}
