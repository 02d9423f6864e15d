// How much a contributor may change, by trust (decision 0405; docs/architecture.md, "Budgets"):
// counted per contributor, network group and /48 so rotating ids or addresses cannot multiply it,
// in the database's fixed windows so every process counts together. Administrators have none.
import type { Db } from '../../db/connect.js';
import { createWindowCounter, tooManyRequests } from '../../plugins/rate-limit.js';
import { type Contributor, contributorKey, type TrustLevel } from './identity.js';

export type BudgetName = 'places' | 'tags:new' | 'tags:change';

interface Allowance {
  contributor: number;
  network: number;
  network48: number;
  windowMs: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Per window: a person fixing a few places never meets the 'new' row; a script meets it within a
 * dozen requests. A room of volunteers behind one address asks an administrator to trust it. */
const BUDGETS: Record<BudgetName, Record<'new' | 'trusted', Allowance[]>> = {
  // Adding and editing places.
  places: {
    new: [
      { contributor: 10, network: 12, network48: 36, windowMs: HOUR },
      { contributor: 30, network: 40, network48: 120, windowMs: DAY },
    ],
    trusted: [
      { contributor: 120, network: 300, network48: 900, windowMs: HOUR },
      { contributor: 600, network: 1_500, network48: 4_500, windowMs: DAY },
    ],
  },
  // Proposing a new tag.
  'tags:new': {
    new: [{ contributor: 3, network: 5, network48: 15, windowMs: DAY }],
    trusted: [{ contributor: 50, network: 100, network48: 300, windowMs: DAY }],
  },
  // Renaming or deleting a tag.
  'tags:change': {
    new: [{ contributor: 10, network: 12, network48: 36, windowMs: HOUR }],
    trusted: [{ contributor: 60, network: 240, network48: 720, windowMs: HOUR }],
  },
};

export type BudgetSpender = (name: BudgetName, c: Contributor, level: TrustLevel) => Promise<void>;

/** Spends one unit of a budget, or answers 429 with Retry-After when one of its counts is over.
 * `scale` is RATE_LIMIT_SCALE (test rigs only). */
export function createBudgets(db: Db, scale = 1, now: () => number = () => Date.now()): BudgetSpender {
  const hit = createWindowCounter(db, now);
  return async (name, c, level) => {
    if (level === 'admin') return;
    const rows = BUDGETS[name][level === 'trusted' ? 'trusted' : 'new'];
    for (const a of rows) {
      const counts: [string, number][] = [
        [`budget:${name}:n:${c.network}`, a.network],
        [`budget:${name}:w:${c.network48}`, a.network48],
      ];
      if (c.sessionId) counts.unshift([`budget:${name}:c:${contributorKey(c.network, c.sessionId)}`, a.contributor]);
      for (const [key, max] of counts) {
        const { count, retryAfterS } = await hit(key, a.windowMs, { sliding: true });
        if (count > Math.ceil(max * scale)) throw tooManyRequests(retryAfterS);
      }
    }
  };
}
