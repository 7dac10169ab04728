// The connections endpoints: GET /2/connections "lists active and historical streaming
// connections"; DELETE /2/connections/all "terminates all active streaming connections of the
// app"; DELETE /2/connections/{endpoint_id} "terminates connections of one streaming endpoint";
// DELETE /2/connections "terminates specific connections by UUID". Their payloads are not shown:
// the reference lists {connection_id, endpoint_id, status, connected_at, disconnected_at?} under
// data (the connections-history-flat choice: another form), takes the UUIDs as {"uuids": […]}
// (or ?uuids=a,b), and answers a termination with the UUIDs it ended.
import { isoMillis } from '../../host/clock.ts';
import { type Incoming, type Reply, isObject, json, noContent } from '../../host/http.ts';
import type { Ctx } from '../context.ts';
import { invalidParams } from '../problems.ts';
import { type Connection, STREAM_ENDPOINTS } from './state.ts';

function shown(ctx: Ctx, c: Connection): Record<string, unknown> {
  const ended = c.endedAt !== undefined ? isoMillis(c.endedAt) : undefined;
  if (ctx.choice('connections-history-flat'))
    return { uuid: c.id, endpoint_name: c.endpointId, started_at: isoMillis(c.connectedAt), ...(ended ? { ended_at: ended } : {}) };
  return {
    connection_id: c.id,
    endpoint_id: c.endpointId,
    status: ended ? 'inactive' : 'active',
    connected_at: isoMillis(c.connectedAt),
    ...(ended ? { disconnected_at: ended, disconnect_reason: c.endReason } : {}),
  };
}

export function listConnections(ctx: Ctx): Reply {
  let all = ctx.state.activity.connections;
  if (ctx.fault('connections-not-listed')) all = all.filter((c) => c.endedAt !== undefined);
  if (ctx.fault('connections-terminated-forgotten')) all = all.filter((c) => c.endedAt === undefined);
  const items = all.map((c) => shown(ctx, c));
  return ctx.choice('connections-history-flat')
    ? json(200, { connections: items })
    : json(200, { data: items, meta: { result_count: items.length } });
}

/** ends the active connections `which` picks; the answer names them */
function terminate(ctx: Ctx, which: (c: Connection) => boolean, reason: string): Reply {
  const now = ctx.clock.nowMs();
  const ended = ctx.state.activity.active().filter(which);
  for (const c of ended) {
    c.endedAt = now;
    c.endReason = reason;
  }
  if (ctx.choice('connections-history-flat')) return noContent();
  return json(200, { data: { terminated: ended.map((c) => c.id) } });
}

export function terminateAll(ctx: Ctx): Reply {
  return terminate(ctx, () => !ctx.fault('connections-delete-all-noop'), 'ForceDisconnect');
}

export function terminateEndpoint(ctx: Ctx, endpointId: string): Reply {
  if (!(STREAM_ENDPOINTS as readonly string[]).includes(endpointId))
    return invalidParams(ctx, [{ message: `endpoint_id: no streaming endpoint ${endpointId}`, parameters: { endpoint_id: [endpointId] } }]);
  const all = ctx.fault('connections-endpoint-delete-all');
  return terminate(ctx, (c) => all || c.endpointId === endpointId, 'ForceDisconnect');
}

/** the UUIDs a DELETE /2/connections names: {"uuids": […]} in its body, or ?uuids=a,b */
function uuidsOf(req: Incoming): string[] | undefined {
  const b = isObject(req.body) ? req.body.uuids : undefined;
  if (Array.isArray(b) && b.length > 0 && b.every((u) => typeof u === 'string')) return b as string[];
  const q = req.query.get('uuids');
  return q ? q.split(',').filter(Boolean) : undefined;
}

export function terminateByUuid(ctx: Ctx, req: Incoming): Reply {
  const uuids = uuidsOf(req);
  if (!uuids) return invalidParams(ctx, [{ message: 'uuids: the connections to terminate, by UUID', parameters: { uuids: [] } }]);
  if (ctx.fault('connections-uuid-delete-noop')) return terminate(ctx, () => false, 'ForceDisconnect');
  const all = ctx.fault('connections-uuid-delete-all');
  return terminate(ctx, (c) => all || uuids.includes(c.id), 'ForceDisconnect');
}
