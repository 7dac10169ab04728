// Deviations of a list answer, for catalog faults: a page reached by a cursor that loses its first
// record, and a total_count that is off or missing. The correct answer is left as it is.
import type { Reply } from '../../host/http.ts';
import type { Call } from '../route.ts';

type ListBody = { data?: unknown[]; total_count?: number; [k: string]: unknown };

/** a page asked for with a cursor drops its first record (when `on`) */
export function cursorSkipsFirst(call: Call, reply: Reply, on: boolean): Reply {
  const cursor = call.raw.get('cursor');
  const body = reply.body as ListBody | undefined;
  if (!on || cursor === undefined || cursor === '' || !Array.isArray(body?.data)) return reply;
  return { ...reply, body: { ...body, data: body.data.slice(1) } };
}

/** total_count changed by `change` (undefined removes it) when `on` and the answer has one */
export function totalCountChanged(reply: Reply, on: boolean, change: (n: number) => number | undefined): Reply {
  const body = reply.body as ListBody | undefined;
  if (!on || typeof body?.total_count !== 'number') return reply;
  const { total_count, ...rest } = body;
  const changed = change(total_count);
  return { ...reply, body: changed === undefined ? rest : { ...rest, total_count: changed } };
}
