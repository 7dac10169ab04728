// Account history: every create, update and delete of campaigns, line items, promoted posts,
// promoted accounts and targeting criteria is recorded at the target's now, with the fields that
// changed ({"field":{"from","to"}}) and the entity's fields after the change.
import { isoSeconds } from './clock.ts';
import { forbidden } from './errors.ts';
import { ownAccount } from './auth.ts';
import { listBody, page, readListParams } from './listing.ts';
import type { Answer, Call, Route } from './router.ts';
import type { Ctx, HistoryEntry } from './store.ts';

export const HISTORY_ENTITIES = ['CAMPAIGN', 'LINE_ITEM', 'PROMOTED_TWEET', 'TARGETING_CRITERIA', 'PROMOTED_ACCOUNT'] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

const HIDDEN = new Set(['id', 'created_at', 'updated_at']);

export function record(
  ctx: Ctx,
  o: {
    accountId: string;
    userId: string;
    entity: HistoryEntity;
    entityId: string;
    before?: Record<string, unknown>;
    after: Record<string, unknown>;
    type: HistoryEntry['changeType'];
  },
): void {
  const changes: HistoryEntry['changes'] = {};
  for (const [k, v] of Object.entries(o.after)) {
    if (HIDDEN.has(k)) continue;
    const was = o.before?.[k];
    if (o.type === 'CREATE' || JSON.stringify(was) !== JSON.stringify(v))
      changes[k] = { from: o.type === 'CREATE' ? null : (was ?? null), to: v };
  }
  const { id: _id, ...entityData } = o.after;
  ctx.st.history.push({
    accountId: o.accountId,
    at: ctx.clock.now(),
    userId: o.userId,
    entity: o.entity,
    entityId: o.entityId,
    changeType: o.type,
    changes,
    entityData,
  });
}

function view(h: HistoryEntry): Record<string, unknown> {
  return {
    change_by: { user_id: h.userId, platform: 'ADS_API' },
    change_time: isoSeconds(h.at),
    change_type: h.changeType,
    entity: h.entity,
    entity_id: h.entityId,
    changes: h.changes,
    entity_data: h.entityData,
  };
}

function history(c: Call): Answer {
  const acct = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = c.p;
  const entity = p.oneOf('entity_type', HISTORY_ENTITIES, { required: true });
  const entityId = p.str('entity_id', { required: true });
  const start = p.time('start_time', { required: true, wholeHour: true });
  const end = p.time('end_time', { required: true, wholeHour: true });
  const userId = p.str('user_id', { pattern: /^[0-9]{1,19}$/ });
  if (start !== undefined && end !== undefined && end <= start)
    p.fail('INVALID_TIME_RANGE', 'end_time must be after start_time', 'end_time');
  const lr = readListParams(c.ctx, c.user, p, { withDeleted: false, totalCount: false, sort: false, oldestFirst: true });
  if (!acct.historyAllowlisted) throw forbidden('NOT_ALLOWLISTED', 'account history is a beta this account is not allowlisted for');
  const entries = c.ctx.st.history
    .map((h, i) => ({ h, order: i + 1 }))
    .filter(
      ({ h }) =>
        h.accountId === acct.id &&
        h.entity === entity &&
        h.entityId === entityId &&
        h.at >= (start ?? 0) &&
        h.at <= (end ?? 0) &&
        (userId === undefined || h.userId === userId),
    );
  // history runs oldest first
  const pg = page(entries, lr, () => null);
  return { body: listBody(p, lr, pg, (x) => view(x.h)) };
}

export const historyRoutes: Route[] = [{ method: 'GET', pattern: '/accounts/:account_id/account_history', handler: history }];
