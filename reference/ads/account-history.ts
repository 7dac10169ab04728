// GET /accounts/:account_id/account_history: the recorded changes of one entity between two
// whole-hour times (start inclusive, end exclusive), optionally by one user, paginated.

import { ownAccount } from './context.ts';
import { list } from './envelope.ts';
import { AdsError } from './errors.ts';
import { HISTORY_ENTITIES } from './history.ts';
import { paginate, readList } from './list-params.ts';
import { readParams } from './params.ts';
import type { AdsRoute, Call } from './route.ts';

function accountHistory(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const wholeHour = !call.ctx.fault('ads-history-minutes-accepted');
  const p = readParams(call.raw, {
    entity_type: { t: 'enum', values: HISTORY_ENTITIES, required: true },
    entity_id: { t: 'string', required: true },
    start_time: { t: 'time', wholeHour, required: true },
    end_time: { t: 'time', wholeHour, required: true },
    user_id: { t: 'numericId' },
  });
  Object.assign(call.echo, p);
  const lp = readList(
    call.ctx,
    call.raw,
    { noDeleted: true, noTotalCount: true, noSort: true, countMax: call.ctx.fault('ads-history-count-over-1000') ? 5000 : 1000 },
    call.echo,
  );
  const start = Date.parse(p.start_time as string);
  const end = Date.parse(p.end_time as string);
  if (end <= start) {
    throw new AdsError(400, [{ code: 'INVALID_TIME_WINDOW', message: 'end_time must be after start_time', parameter: 'end_time' }]);
  }
  const changeByIdOnly = call.ctx.fault('ads-history-change-by-id-only');
  const rows = acc.history
    .filter((h) => h.entity === p.entity_type && h.entityId === p.entity_id && h.at >= start && h.at < end)
    .filter((h) => p.user_id === undefined || h.userId === p.user_id)
    .map((h) => ({
      seq: h.seq,
      rec: {
        change_by: changeByIdOnly ? h.userId : { user_id: h.userId, platform: 'API_OTHER' },
        changes: h.changes,
        change_time: new Date(h.at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        entity_id: h.entityId,
        entity: h.entity,
        entity_data: h.entityData,
        change_type: h.changeType,
      },
    }));
  return list(call.echo, paginate(rows, lp));
}

export const historyRoutes: AdsRoute[] = [{ method: 'GET', path: '/accounts/:account_id/account_history', handle: accountHistory }];
