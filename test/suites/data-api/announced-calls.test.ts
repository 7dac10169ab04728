// API-001 and ERR-004 call the endpoints announced under "Other endpoints announced for the API"
// and say which they do not call. Every row of that table is called or listed as not called (GET
// /2/activity/stream was neither: API-001 claimed every endpoint it "can call without side effects").
// Their POSTs carry an empty object, and a target may still act on one (a post made from `{}`):
// on a target with tenants they go on a tenant of the rule's own, and without tenants an accepted
// POST is listed among what the run left on the target.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { ANNOUNCED_ENDPOINTS, announcedEndpointOf } from '../../../suites/data-api/announced-endpoints.ts';
import { ANNOUNCED_CALLS, NOT_CALLED } from '../../../suites/data-api/other-endpoints.ts';
import { dataApiBehindProxy } from '../../runners/behind-proxy.ts';
import { runLocal } from '../../runners/run-local.ts';

/** the rows of the document's table: each method with each path it names */
function announcedRows(): { method: string; path: string }[] {
  const doc = readFileSync(new URL('../../../../shared/spec/data-api-webhooks-replay.md', import.meta.url), 'utf8');
  const table = doc.split('### Other endpoints announced for the API')[1].split('\n\nRules for POST /2/tweets')[0];
  return table
    .split('\n')
    .filter((l) => /^\| (GET|POST|DELETE)/.test(l))
    .flatMap((l) => {
      const [methods, paths] = l
        .split('|')
        .slice(1, 3)
        .map((c) => c.trim());
      return methods.split('/').flatMap((method) => paths.split(',').map((p) => ({ method, path: p.trim() })));
    });
}

describe('the announced endpoints API-001 and ERR-004 call', () => {
  test("the suite's table is the document's, row by row", () => {
    const rows = announcedRows();
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(ANNOUNCED_ENDPOINTS.map((e) => `${e.method} ${e.path}`)).toEqual(rows.map((r) => `${r.method} ${r.path}`));
  });

  test('every endpoint of the table is called, or listed among those not called with why', () => {
    const called = new Set(ANNOUNCED_CALLS.map((c) => announcedEndpointOf(c.method, c.path.split('?')[0])));
    expect(called.has(undefined), 'a call to an endpoint outside the table').toBe(false);
    const notCalled = NOT_CALLED.map((c) => `${c.method} ${c.path}`);
    const neither = ANNOUNCED_ENDPOINTS.filter((e) => !called.has(e) && !notCalled.includes(`${e.method} ${e.path}`));
    expect(neither).toEqual([]);
    for (const c of NOT_CALLED) expect(ANNOUNCED_ENDPOINTS.map((e) => `${e.method} ${e.path}`)).toContain(`${c.method} ${c.path}`);
    expect(notCalled).toContain('GET /2/activity/stream');
    for (const c of NOT_CALLED) expect(c.why.length, `${c.method} ${c.path}`).toBeGreaterThan(10);
  });

  /** POST /2/tweets {} is answered 201 with a post; the authorization of each such call and of the start check is kept */
  const acceptingPosts = (tenants: boolean, seen: { start?: string; posts: string[] }) =>
    dataApiBehindProxy(embeddedReference({ tenants }), (req, url, res) => {
      if (req.method === 'GET' && url.pathname.endsWith('/2/webhooks')) seen.start ??= req.headers.authorization;
      if (req.method !== 'POST' || !url.pathname.endsWith('/2/tweets')) return false;
      seen.posts.push(req.headers.authorization ?? '');
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: '1', text: '' } }));
      return true;
    });

  test('without tenants, a POST the target accepts is listed among what the run left on the target', async () => {
    const seen: { start?: string; posts: string[] } = { posts: [] };
    const out = await runLocal('posts accepted', acceptingPosts(false, seen), { rules: ['API-001', 'ERR-004'], concurrency: 8 });
    expect(out.report.rules.map((r) => `${r.id} ${r.status}`)).toEqual(['ERR-004 passed', 'API-001 passed']);
    expect(seen.posts).toEqual([seen.start, seen.start]);
    expect([...(out.report.cleanupProblems ?? [])].sort()).toEqual([
      expect.stringMatching(/^API-001: POST \/2\/tweets with \{\} was answered 201: whatever it made stays on the target/),
      expect.stringMatching(/^ERR-004: POST \/2\/tweets with \{\} was answered 201: whatever it made stays on the target/),
    ]);
  });

  test("with tenants, the calls go on a tenant of the rule's own: nothing is left", async () => {
    const seen: { start?: string; posts: string[] } = { posts: [] };
    const out = await runLocal('posts accepted', acceptingPosts(true, seen), { rules: ['API-001', 'ERR-004'], concurrency: 8 });
    expect(out.report.rules.map((r) => `${r.id} ${r.status}`)).toEqual(['ERR-004 passed', 'API-001 passed']);
    expect(seen.posts).toHaveLength(2);
    for (const a of seen.posts) expect(a).not.toBe(seen.start);
    expect(out.report.cleanupProblems).toBeUndefined();
  });

  test('each endpoint judged counts as examined once: API-001 its judged calls, ERR-004 every call', async () => {
    const out = await runLocal('examined', embeddedReference(), { rules: ['API-001', 'ERR-004'], concurrency: 8 });
    expect(out.byId.get('API-001')?.examined).toBe(ANNOUNCED_CALLS.filter((c) => !c.unjudged).length);
    expect(out.byId.get('ERR-004')?.examined).toBe(ANNOUNCED_CALLS.length);
  });
});
