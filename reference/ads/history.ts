// Account history: every create, update and delete of the entity types the history endpoint
// names is recorded with the entity's fields at the change.

import type { Ctx } from './context.ts';
import { type AccountData, ME } from './state.ts';
import type { Rec } from './table.ts';

export type HistoryEntity = 'CAMPAIGN' | 'LINE_ITEM' | 'PROMOTED_TWEET' | 'TARGETING_CRITERIA' | 'PROMOTED_ACCOUNT';
export const HISTORY_ENTITIES: readonly HistoryEntity[] = [
  'CAMPAIGN',
  'LINE_ITEM',
  'PROMOTED_TWEET',
  'TARGETING_CRITERIA',
  'PROMOTED_ACCOUNT',
];

/** the fields that changed between two versions of a record, as {field: {old, new}} */
export function diff(before: Rec, after: Rec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (k === 'updated_at') continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out[k] = { old: before[k] ?? null, new: after[k] };
  }
  return out;
}

export function recordHistory(
  ctx: Ctx,
  acc: AccountData,
  entity: HistoryEntity,
  rec: Rec,
  changeType: 'CREATE' | 'UPDATE' | 'DELETE',
  changes: Record<string, unknown> = {},
): void {
  const entityData = structuredClone(rec) as Record<string, unknown>;
  delete entityData.id;
  acc.history.push({
    seq: ctx.state.seq(),
    at: ctx.clock.nowMs(),
    entity,
    entityId: rec.id,
    userId: ME,
    changeType,
    changes,
    entityData,
  });
}
