// The shared envelope on the catalog document's endpoints ("Document 2 … defines the shared
// conventions used here: the response envelope (request, data, next_cursor)"): request.params
// echoes the parameters the call sent and the target accepted, data is one object on a single-item
// call and an array on a list, and a list answer carries next_cursor (a string, or null on its last page).
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, ok, what } from '../reading/answers.ts';

export type Sent = Record<string, string | number | boolean | readonly string[]>;

/** the answer of a call that sent `sent` is in the shared envelope, as a list (next_cursor) or a single record */
export function expectEnvelope(ctx: AdsCtx, res: HttpResult, call: string, sent: Sent, shape: 'list' | 'single' | 'array'): void {
  ctx.check(ok(res), `${call} answered ${what(res)}`);
  const e = envelope(res);
  const params = e.request?.params;
  ctx.check(params !== null && typeof params === 'object', `${call}: request.params is missing: ${res.text.slice(0, 200)}`);
  for (const [k, v] of Object.entries(sent)) {
    const want = Array.isArray(v) ? v.join(',') : String(v);
    const got = params[k];
    const echoed = Array.isArray(got) ? got.map(String).join(',') : got === undefined ? undefined : String(got);
    ctx.check(echoed === want, `${call}: request.params.${k} is ${JSON.stringify(got)}, the call sent ${want} (${JSON.stringify(params)})`);
  }
  const d = e.data;
  if (shape === 'single')
    ctx.check(d !== null && typeof d === 'object' && !Array.isArray(d), `${call}: data is not one object: ${res.text.slice(0, 200)}`);
  else ctx.check(Array.isArray(d), `${call}: data is not an array: ${res.text.slice(0, 200)}`);
  if (shape === 'list')
    ctx.check(
      'next_cursor' in e && (e.next_cursor === null || typeof e.next_cursor === 'string'),
      `${call}: a list answer without next_cursor (a string, or null on the last page): ${res.text.slice(0, 200)}`,
    );
}
