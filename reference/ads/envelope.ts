// The response envelope of the document: request.params echoing the accepted parameters, data
// (an object for single-item calls, an array for lists), next_cursor on lists (null on the last
// page), total_count only when with_total_count=true.

import { type Reply, json } from '../host/http.ts';
import type { Page } from './list-params.ts';

export type Params = Record<string, unknown>;

export function single(params: Params, data: unknown, status = 200): Reply {
  return json(status, { request: { params }, data });
}

export function list(params: Params, page: Page, status = 200): Reply {
  return json(status, { request: { params }, ...page });
}

/** an array answer that is not paginated (lookups, features, created records): next_cursor null */
export function array(params: Params, data: unknown[], status = 200): Reply {
  return json(status, { request: { params }, data, next_cursor: null });
}
