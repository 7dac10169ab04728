// The rules that judge every failed call of the run (ERR-001..003) judge it once every other Data
// API rule has ended: a failed call that a rule listed after them makes is judged too, one at a time
// and side by side, with and without tenants. Before, they judged the calls made before they ended,
// so a bare HTML answer to a later rule's call went unseen in a full run, and the verdict hung on
// the schedule (an outside implementer: exit 0 in a full run, exit 1 with two rules picked).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ALL_RULES } from '../../../cli/app.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { actAs } from '../../../harness/domain/owner.ts';
import { runScheduled } from '../../../harness/engine/schedule.ts';
import { holdsWithTenants } from '../../../harness/engine/tenants.ts';
import { CallRecord, isDocumentedEndpoint } from '../../../suites/data-api/call-record.ts';
import type { HttpExchange } from '../../../harness/model/result.ts';
import { dataApiBehindProxy } from '../../runners/behind-proxy.ts';
import { runLocal } from '../../runners/run-local.ts';

/** GET /2/tweets naming tweet.fields (FS-007's calls; none of ERR-001's own) is answered by a bare front-proxy page */
const BARE_PAGE = (tenants: boolean) =>
  dataApiBehindProxy(embeddedReference({ tenants }), (req, url, res) => {
    if (req.method !== 'GET' || !url.pathname.endsWith('/2/tweets') || !url.searchParams.has('tweet.fields')) return false;
    res.writeHead(400, { 'content-type': 'text/html' }).end('<html><body>oops</body></html>');
    return true;
  });

describe('the failed calls of the run, judged after every other Data API rule', () => {
  for (const tenants of [true, false])
    for (const concurrency of [1, 8])
      test(`a bare page answered to a rule listed after ERR-001 fails it (${tenants ? 'tenants' : 'no tenants'}, --concurrency ${concurrency})`, async () => {
        const out = await runLocal('bare page on tweet.fields', BARE_PAGE(tenants), { rules: ['ERR-001', 'FS-007'], concurrency });
        const err = out.byId.get('ERR-001');
        expect(err?.status, err?.reason).toBe('failed');
        expect(err?.reason).toMatch(/GET \/2\/tweets → 400: content type "text\/html" is neither/);
        // each failed call judged counts as examined once, the failure too; the curl line repeats the first offender
        const note = (err?.evidence ?? [])
          .flatMap((e) => ('note' in e ? [e.note] : []))
          .find((n) => / failed call\(s\) of this run examined/.test(n));
        expect(err?.examined).toBe(Number(/^(\d+) failed call/.exec(note ?? '')?.[1]));
        expect(err?.curl).toMatch(/tweet\.fields/);
        // ERR-001 started after FS-007 ended
        const fs = out.byId.get('FS-007')!;
        expect(Date.parse(err!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(fs.startedAt!) + fs.durationMs);
      });
});

/**
 * a replay request whose window is a few minutes (RP-WIN-001's case 2 minutes back; RP-REQ-001's own
 * reach back an hour) is answered 200 with a job without created_at, by the proxy
 */
const SHORT_WINDOW_JOB_BARE = (tenants: boolean) =>
  dataApiBehindProxy(embeddedReference({ tenants }), (req, url, res, body) => {
    if (req.method !== 'POST' || !url.pathname.endsWith('/2/webhooks/replay')) return false;
    const b = JSON.parse(body.toString('utf8') || 'null') as { from_date?: string; to_date?: string } | null;
    if (typeof b?.from_date !== 'string' || typeof b.to_date !== 'string' || Number(b.to_date) - Number(b.from_date) > 5) return false;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ job_id: '4242' }));
    return true;
  });

describe('the replay jobs of the run, judged after every other Data API rule', () => {
  for (const tenants of [true, false])
    for (const concurrency of [1, 8])
      test(`a replay job without created_at answered to a rule listed after RP-REQ-001 fails it (${tenants ? 'tenants' : 'no tenants'}, --concurrency ${concurrency})`, async () => {
        const out = await runLocal('a bare job for a short window', SHORT_WINDOW_JOB_BARE(tenants), {
          rules: ['RP-REQ-001', 'RP-WIN-001'],
          concurrency,
        });
        const rp = out.byId.get('RP-REQ-001');
        expect(rp?.status, rp?.reason).toBe('failed');
        expect(rp?.reason).toMatch(/^\d+ of the \d+ replay jobs answered in this run .*first: \{"job_id":"4242"\}: .*created_at/);
        expect(rp?.examined).toBeGreaterThanOrEqual(3);
      });
});

/** an exchange with the Data API below {base_url} http://api.test/base */
const exchange = (method: string, path: string, status: number): HttpExchange => ({
  request: { method, url: `http://api.test/base${path}`, headers: {} },
  response: { status, headers: {} },
});

describe("the run's record of its calls", () => {
  test('keeps the failed calls of the endpoints called by the application and of those announced under Other endpoints', () => {
    for (const [method, path] of [
      ['POST', '/2/webhooks'],
      ['DELETE', '/2/webhooks/123'],
      ['POST', '/2/webhooks/replay'],
      ['GET', '/2/tweets'],
      ['GET', '/2/notes/search/posts_eligible_for_notes'],
      ['GET', '/2/notes/search/notes_written'],
      ['POST', '/2/notes'],
      ['POST', '/2/evaluate_note'],
      ['POST', '/2/account_activity/replay/webhooks/0/subscriptions/all'],
      ['POST', '/2/activity/subscriptions'],
      ['GET', '/2/activity/stream'],
      ['GET', '/2/connections'],
      ['DELETE', '/2/connections/all'],
      ['DELETE', '/2/connections'],
      ['GET', '/2/news/search'],
      ['GET', '/2/news/0'],
      ['GET', '/2/powerstream/rules'],
      ['GET', '/2/tweets/search/recent'],
      ['GET', '/2/tweets/counts/all'],
      ['DELETE', '/2/tweets/search/stream/rules'],
      ['POST', '/2/tweets'],
    ])
      expect(isDocumentedEndpoint(method, path), `${method} ${path}`).toBe(true);
    // a path or a method the document does not name may be answered by something else (a proxy)
    for (const [method, path] of [
      ['GET', '/2/unknown'],
      ['GET', '/2/notes'],
      ['PATCH', '/2/connections'],
      ['GET', '/3/webhooks'],
    ])
      expect(isDocumentedEndpoint(method, path), `${method} ${path}`).toBe(false);
    const record = new CallRecord();
    record.add(exchange('GET', '/2/notes/search/notes_written', 403), '/base');
    record.add(exchange('GET', '/2/webhooks', 200), '/base');
    record.add(exchange('GET', '/2/unknown', 404), '/base');
    record.add(exchange('GET', '/2/webhooks', 401), '/other');
    expect(record.failures.map((x) => `${x.request.method} ${x.request.url}`)).toEqual([
      'GET http://api.test/base/2/notes/search/notes_written',
    ]);
  });

  test('keeps every replay job answered: each 200 to POST /2/webhooks/replay', () => {
    const record = new CallRecord();
    record.add(exchange('POST', '/2/webhooks/replay', 200), '/base');
    record.add(exchange('POST', '/2/webhooks/replay', 409), '/base');
    record.add(exchange('POST', '/2/webhooks', 200), '/base');
    expect(record.replayJobs).toHaveLength(1);
    expect(record.failures).toHaveLength(1);
  });
});

describe('the judges of the run, scheduled with the whole catalogue', () => {
  const JUDGES = ['ERR-001', 'ERR-002', 'ERR-003', 'RP-REQ-001'];

  test('every Data API rule adds to the record; its judges hold it late, side by side', () => {
    for (const r of ALL_RULES.filter((x) => x.domain === 'data-api')) {
      const h = r.holds.find((x) => x.resource === 'data-api.calls');
      expect(h, r.id).toBeDefined();
      expect({ mode: h?.mode, late: h?.late === true }, r.id).toEqual(
        JUDGES.includes(r.id) ? { mode: 'shared', late: true } : { mode: 'shared', late: false },
      );
    }
  });

  test('whatever the rules picked, the suites, the concurrency, the tenants and the durations, a judge starts after every other Data API rule has ended', async () => {
    const holdsOnTenants = holdsWithTenants(DOMAINS);
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(ALL_RULES, { minLength: 1 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 10 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 2 })),
        async (picked, limit, tenants, slots, durations) => {
          const rules = ALL_RULES.filter((r) => picked.includes(r) || JUDGES.includes(r.id));
          const items = rules.map((r) => ({
            id: r.id,
            domain: r.domain,
            holds: tenants ? holdsOnTenants(r) : r.holds,
            ms: durations.next().value,
          }));
          const events: string[] = [];
          await runScheduled(
            items,
            limit,
            async (item) => {
              events.push(`start ${item.id}`);
              await new Promise((r) => setTimeout(r, item.ms));
              events.push(`end ${item.id}`);
            },
            new Map([['data-api.webhooks', slots]]),
          );
          const early = items.flatMap((judge) =>
            JUDGES.includes(judge.id)
              ? items
                  .filter((r) => r.domain === 'data-api' && !JUDGES.includes(r.id))
                  .filter((r) => events.indexOf(`start ${judge.id}`) < events.indexOf(`end ${r.id}`))
                  .map((r) => `${judge.id} started before ${r.id} ended`)
              : [],
          );
          expect(early).toEqual([]);
        },
      ),
      { numRuns: 25, seed: 20261124 },
    );
  });
});

describe('the judges of the run, side by side', () => {
  test("each sees the record without the other judges' calls, whichever ended first", async () => {
    const record = new CallRecord();
    const failed = (path: string) => exchange('GET', path, 400);
    const a = failed('/2/webhooks');
    const b = failed('/2/tweets');
    const c = failed('/2/webhooks/1');
    await actAs('FS-007', async () => record.add(a, '/base'));
    await actAs('ERR-001', async () => record.add(b, '/base'));
    await actAs('ERR-002#1', async () => record.add(c, '/base'));
    expect(record.seenBy('ERR-001').failures).toEqual([a, b]);
    expect(record.seenBy('ERR-002').failures).toEqual([a, c]);
    expect(record.seenBy('RP-REQ-001').failures).toEqual([a]);
  });

  test('with tenants, each judge on a tenant of its own: they start together once every other rule has ended', async () => {
    const out = await runLocal('judges side by side', embeddedReference({ tenants: true }), {
      rules: ['ERR-001', 'ERR-002', 'ERR-003', 'RP-REQ-001', 'WH-CRC-001'],
      concurrency: 8,
    });
    const judges = ['ERR-001', 'ERR-002', 'ERR-003', 'RP-REQ-001'].map((id) => out.byId.get(id)!);
    for (const j of judges) expect(j.status, `${j.id}: ${j.reason}`).toBe('passed');
    const firstEnd = Math.min(...judges.map((j) => Date.parse(j.startedAt!) + j.durationMs));
    for (const j of judges) expect(Date.parse(j.startedAt!), `${j.id} started after another judge ended`).toBeLessThan(firstEnd);
  });
});
