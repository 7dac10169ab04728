// The envelope faults (faults.ts), applied to a successful JSON answer after its handler ran.

import type { Reply } from '../host/http.ts';
import type { Ctx } from './context.ts';

type Body = Record<string, unknown> & { request?: { params?: Record<string, unknown> } };

/** `catalog`: a route of the catalog document, whose own faults of the shared envelope apply there */
export function withEnvelopeFaults(ctx: Ctx, method: string, path: Record<string, string>, reply: Reply, catalog = false): Reply {
  if (reply.status < 200 || reply.status > 299 || !reply.body || typeof reply.body !== 'object' || Array.isArray(reply.body)) return reply;
  const body = { ...(reply.body as Body) };
  const isList = 'next_cursor' in body && Array.isArray(body.data);
  if (ctx.fault('ads-params-not-echoed') && body.request && typeof body.request === 'object')
    body.request = { ...body.request, params: { ...path } };
  if (ctx.fault('ads-echo-drops-q') && body.request?.params && 'q' in body.request.params) {
    const { q: _, ...rest } = body.request.params;
    body.request = { ...body.request, params: rest };
  }
  if (
    ctx.fault('ads-single-as-array') &&
    method === 'GET' &&
    !isList &&
    body.data &&
    typeof body.data === 'object' &&
    !Array.isArray(body.data)
  )
    body.data = [body.data];
  if (ctx.fault('ads-last-page-no-cursor') && isList && body.next_cursor === null) delete body.next_cursor;
  const emptyLast = catalog ? ctx.fault('cat-last-page-empty-cursor') : ctx.fault('ads-last-page-empty-cursor');
  if (emptyLast && isList && body.next_cursor === null) body.next_cursor = '';
  if (ctx.fault('ads-total-count-always') && isList && !('total_count' in body)) body.total_count = (body.data as unknown[]).length;
  return { ...reply, body };
}
