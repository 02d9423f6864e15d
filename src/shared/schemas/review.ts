// Payloads of the review desk's queue, undo and contributor standings (/api/admin/pending,
// /api/admin/undo, /api/admin/standings; decisions 0403, 0405 and 0406).
import { z } from 'zod';
import { SESSION_ID_MAX } from '../constants.js';
import { fieldChangeSchema } from './admin.js';

const hash = z.string().trim().min(1).max(128);

/** Who wrote a held item, as the desk shows it (the session id and the network group's hash). */
const pendingAuthorSchema = z.object({ sessionId: z.string().nullable(), clientHash: z.string().nullable() });

const pendingItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('place'),
    /** The held item's id (every kind: the queue's own id). */
    id: z.number().int(),
    locationId: z.number().int(),
    name: z.string(),
    slug: z.string(),
    category: z.string(),
    createdAt: z.string(),
    author: pendingAuthorSchema,
    reasons: z.array(z.string()),
    /** Its fields as a diff from nothing. */
    changes: z.array(fieldChangeSchema),
  }),
  z.object({
    kind: z.literal('edit'),
    id: z.number().int(),
    locationId: z.number().int(),
    name: z.string(),
    slug: z.string(),
    createdAt: z.string(),
    author: pendingAuthorSchema,
    reasons: z.array(z.string()),
    changes: z.array(fieldChangeSchema),
  }),
  z.object({
    kind: z.literal('tag'),
    id: z.number().int(),
    tagId: z.number().int(),
    name: z.string(),
    category: z.string().nullable(),
    createdAt: z.string(),
    author: pendingAuthorSchema,
    reasons: z.array(z.string()),
    /** Places (any) linked to it. */
    places: z.number().int(),
  }),
  z.object({
    kind: z.literal('tag-change'),
    id: z.number().int(),
    tagId: z.number().int(),
    name: z.string(),
    action: z.enum(['update', 'delete']),
    createdAt: z.string(),
    author: pendingAuthorSchema,
    reasons: z.array(z.string()),
    changes: z.array(fieldChangeSchema),
  }),
]);
export type PendingItem = z.infer<typeof pendingItemSchema>;

const pendingCountsSchema = z.object({
  places: z.number().int(),
  edits: z.number().int(),
  tags: z.number().int(),
});
export type PendingCounts = z.infer<typeof pendingCountsSchema>;

export const pendingListSchema = z.object({ items: z.array(pendingItemSchema), counts: pendingCountsSchema });
export type PendingList = z.infer<typeof pendingListSchema>;

export const pendingListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(100),
});

const PENDING_DECISION_MAX = 200;

export const pendingDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
  /** The held items' ids (PendingItem.id). */
  ids: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one item')
    .max(PENDING_DECISION_MAX, `At most ${PENDING_DECISION_MAX} items at once`),
  /** Approve an edit even though the place changed since it was proposed. */
  force: z.boolean().optional(),
});

export const pendingDecisionResultSchema = z.object({
  decided: z.number().int(),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type PendingDecisionResult = z.infer<typeof pendingDecisionResultSchema>;

/** What to undo: a contributor (session id and network hash), a network group (its hash or its
 * /48's), or a time window; optionally one place. */
const undoSelectionSchema = z
  .object({
    sessionId: z.string().trim().min(1).max(SESSION_ID_MAX).optional(),
    clientHash: hash.optional(),
    network48: hash.optional(),
    from: z.iso.datetime({ offset: true, error: 'from must be a date and time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be a date and time' }).optional(),
    locationId: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sessionId && !v.clientHash) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientHash'],
        message: 'A contributor is a session on a network: give its clientHash',
      });
    }
    if (!v.clientHash && !v.network48 && !v.from) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a contributor, a network or a time window' });
    }
    if (v.from && v.to && Date.parse(v.to) <= Date.parse(v.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
    }
  });
export type UndoSelection = z.infer<typeof undoSelectionSchema>;

const BLOCK_REASON_MAX = 500;
/** Longest block an undo or a standing can set, in hours (a year); null = until lifted. */
const STANDING_HOURS_MAX = 24 * 366;

const blockSchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(BLOCK_REASON_MAX),
  hours: z.number().int().min(1).max(STANDING_HOURS_MAX).nullable(),
});

export const undoApplySchema = z.object({ selection: undoSelectionSchema, block: blockSchema.optional() });

const undoPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** 'restore' puts fields back; 'remove' takes a place the selection added out of public view. */
  action: z.enum(['restore', 'remove']),
  fields: z.array(z.object({ field: z.string(), current: z.unknown(), restored: z.unknown() })),
  /** Fields someone else changed after the selection: their change is kept. */
  kept: z.array(z.object({ field: z.string(), by: z.enum(['administrator', 'contributor']), at: z.string() })),
});
const undoTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.enum(['rename', 'remove', 'restore']),
  restoredName: z.string().nullable(),
});

export const undoPreviewSchema = z.object({
  /** Changes (revisions) the selection holds. */
  changes: z.number().int(),
  places: z.array(undoPlaceSchema),
  tags: z.array(undoTagSchema),
  /** Held items of the selection, rejected by the undo. */
  pending: pendingCountsSchema,
});
export type UndoPreview = z.infer<typeof undoPreviewSchema>;
export const undoResultSchema = undoPreviewSchema.extend({ revisionIds: z.array(z.number().int()) });

export const STANDING_KINDS = ['contributor', 'network', 'network48'] as const;
export const standingInputSchema = z.object({
  kind: z.enum(STANDING_KINDS, { error: 'kind must be contributor, network or network48' }),
  /** contributor: '<clientHash>:<sessionId>'; network, network48: the hash. */
  key: z
    .string()
    .trim()
    .min(1)
    .max(SESSION_ID_MAX + 130),
  standing: z.enum(['trusted', 'blocked'], { error: 'standing must be trusted or blocked' }),
  reason: z.string().trim().min(1, 'Give a reason').max(BLOCK_REASON_MAX),
  hours: z.number().int().min(1).max(STANDING_HOURS_MAX).nullable(),
});
export type StandingInput = z.infer<typeof standingInputSchema>;

export const standingSchema = standingInputSchema.omit({ hours: true }).extend({
  id: z.number().int(),
  until: z.string().nullable(),
  setBy: z.string(),
  createdAt: z.string(),
});
export type Standing = z.infer<typeof standingSchema>;
