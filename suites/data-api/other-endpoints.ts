// The endpoints announced under "Other endpoints announced for the API": their payloads are not
// shown, so any success passes; a failure follows the error model (Error or Problem), as every
// failed call of the API does (ERR-004); each is served, not answered as an unknown path (API-001).
// What each answers is observed.
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
export const ANNOUNCED_CALLS: { method: string; path: string; json?: unknown; unjudged?: string }[] = [
  {
    method: 'POST',
    path: '/2/account_activity/replay/webhooks/0/subscriptions/all',
    json: {},
    unjudged: 'deprecated, effective March 25, 2026: a retired endpoint may answer as an unknown path',
  },
  { method: 'POST', path: '/2/activity/subscriptions', json: {} },
  { method: 'GET', path: '/2/connections' },
  { method: 'GET', path: '/2/news/search?query=conformance' },
  { method: 'GET', path: '/2/news/0', unjudged: 'a 404 for a story id the run cannot know tells no missing endpoint apart' },
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

/**
 * Statuses of an unknown path or method: not found, method not allowed, gone, not implemented. Any
 * other answer is the endpoint's own (a success, a refused body, an access refusal: access to some
 * endpoints requires enrolment, Authentication 3, and the authentication of these is not shown).
 */
const UNSERVED = new Set([404, 405, 410, 501]);

export const otherEndpointChecks: Record<string, DataCheck> = {
  // The table states what each endpoint does ("lists active and historical streaming connections",
  // …) and What the service does 5 lists these families as the service's: an endpoint answered as an
  // unknown path does none of it. The payloads are not shown, so only that it is served is judged.
  'API-001': async (ctx: DataCtx) => {
    const calls = ANNOUNCED_CALLS.filter((c) => !c.unjudged);
    const answers = await inLanes(calls, (c) => ctx.api.data.call(c.method, c.path, { json: c.json }));
    const unserved = calls.flatMap((c, i) =>
      UNSERVED.has(answers[i].status) ? [`${c.method} ${c.path.split('?')[0]} → ${short(answers[i])}`] : [],
    );
    const skipped = ANNOUNCED_CALLS.filter((c) => c.unjudged).map((c) => `${c.method} ${c.path.split('?')[0]} (${c.unjudged})`);
    ctx.note(`${calls.length} announced endpoint call(s) judged; not judged: ${skipped.join('; ')}`);
    ctx.check(
      unserved.length === 0,
      `${unserved.length} of ${calls.length} announced endpoint(s) answer as an unknown path (404, 405, 410 or 501), so they do not do what the table states: ${unserved.slice(0, 4).join(' | ')}`,
    );
  },

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
