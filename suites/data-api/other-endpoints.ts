// The endpoints announced under "Other endpoints announced for the API": their payloads are not
// shown, so any success passes; a failure follows the error model (Error or Problem), as every
// failed call of the API does. What each answers is observed (served, or not found).
import type { DataCheck, DataCtx } from './api.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import { validate } from '../../schemas/data-api/index.ts';
import { short } from './verdicts/http.ts';

/**
 * Calls that cannot change anything: GETs, and POSTs with an empty object, which names nothing to
 * create. Not called: GET /2/activity/stream (a persistent stream), DELETE /2/connections/all,
 * /2/connections/{endpoint_id}, /2/connections and /2/tweets/search/stream/rules (they end the
 * app's streaming connections or remove its rules).
 */
export const ANNOUNCED_CALLS: { method: string; path: string; json?: unknown }[] = [
  { method: 'POST', path: '/2/account_activity/replay/webhooks/0/subscriptions/all', json: {} },
  { method: 'POST', path: '/2/activity/subscriptions', json: {} },
  { method: 'GET', path: '/2/connections' },
  { method: 'GET', path: '/2/news/search?query=conformance' },
  { method: 'GET', path: '/2/news/0' },
  { method: 'POST', path: '/2/evaluate_note', json: {} },
  { method: 'GET', path: '/2/notes/search/posts_eligible_for_notes' },
  { method: 'GET', path: '/2/notes/search/notes_written' },
  { method: 'POST', path: '/2/notes', json: {} },
  { method: 'GET', path: '/2/powerstream/rules' },
  { method: 'GET', path: '/2/tweets/search/recent?query=conformance' },
  { method: 'GET', path: '/2/tweets/search/all?query=conformance' },
  { method: 'GET', path: '/2/tweets/counts/recent?query=conformance' },
  { method: 'GET', path: '/2/tweets/counts/all?query=conformance' },
  { method: 'GET', path: '/2/tweets/search/stream/rules' },
  { method: 'POST', path: '/2/tweets/search/stream/rules', json: {} },
  { method: 'POST', path: '/2/tweets', json: {} },
];

export const otherEndpointChecks: Record<string, DataCheck> = {
  'ERR-004': async (ctx: DataCtx) => {
    // the calls side by side (--concurrency), then judged in order
    const answers = await inLanes(ANNOUNCED_CALLS, (c) => ctx.api.data.call(c.method, c.path, { json: c.json }));
    for (const [i, c] of ANNOUNCED_CALLS.entries()) {
      const res = answers[i];
      const name = `${c.method} ${c.path.split('?')[0]}`;
      ctx.observe(`answer of ${name}`, `${res.status} ${res.contentType || '(no content type)'}`);
      if (res.status >= 200 && res.status < 300) {
        ctx.check(true, 'a success: its payload is not shown');
        continue;
      }
      const type = res.contentType;
      const form = type === 'application/problem+json' ? 'problem' : type === 'application/json' ? 'error' : undefined;
      ctx.check(form, `${name} failed (${res.status}) with ${type || 'no content type'}, neither an Error nor a Problem: ${short(res)}`);
      const v = validate(form, res.body);
      ctx.check(v.ok, `${name} failed (${res.status}) with an invalid ${form}: ${v.errors.slice(0, 2).join('; ')}`);
    }
  },
};
