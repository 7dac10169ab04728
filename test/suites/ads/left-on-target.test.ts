// What an ads run cannot remove is said at its end: a record whose DELETE is refused during a
// rule's cleanup stays known, the run's end tries it again, and compliance.json names it
// (cleanupProblems). A scheduled promoted post cannot be deleted after its scheduled_at (the
// documents' table of deletions), so ADS-SPT-002 leaves one on a target without tenants; on a
// tenant of its own it goes with the tenant.
// A DELETE answered with a success is not taken for a removal the run knows did not happen: its
// answer carried the record with deleted false, or a rule saw the record served after it.
import { afterAll, describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { leftBehindLine } from '../../../reports/notices.ts';
import { AdsApiClient } from '../../../suites/ads/client/ads-api.ts';
import { runLocal } from '../../runners/run-local.ts';
import { withFakeAdsTarget } from './fake-ads-target.ts';

describe('what an ads run leaves on the target', () => {
  test('without tenants, the scheduled promoted post ADS-SPT-002 cannot delete is named at the end, with why', async () => {
    const out = await runLocal('reference without tenants', embeddedReference({ tenants: false }), { rules: ['ADS-SPT-002'] });
    expect(out.byId.get('ADS-SPT-002')?.status).toBe('passed');
    expect(out.report.cleanupProblems).toEqual([
      expect.stringMatching(
        /^DELETE \/accounts\/\w+\/scheduled_promoted_tweets\/\w+ answered 403 \(a scheduled promoted post cannot be deleted after its scheduled_at: it stays on the target\)$/,
      ),
    ]);
  });

  test('on a tenant of its own, nothing is left: the tenant goes with it', async () => {
    const out = await runLocal('reference', embeddedReference(), { rules: ['ADS-SPT-002'] });
    expect(out.byId.get('ADS-SPT-002')?.status).toBe('passed');
    expect(out.report.cleanupProblems).toBeUndefined();
  });
});

describe('a DELETE that answered a success and left the record', () => {
  test('a media creative whose DELETE answers it with deleted false is named as left behind (ADS-MC-002 fails on it)', async () => {
    const out = await runLocal('reference without tenants', embeddedReference({ tenants: false, fault: 'ads-mc-delete-kept' }), {
      rules: ['ADS-MC-002'],
    });
    expect(out.byId.get('ADS-MC-002')?.status).toBe('failed');
    const left = out.report.cleanupProblems ?? [];
    expect(left).toEqual([
      expect.stringMatching(
        /^DELETE \/accounts\/\w+\/media_creatives\/\w+ answered 200 with the record's deleted false: by that answer it stays on the target$/,
      ),
    ]);
    expect(leftBehindLine(out.report)).toMatch(/media_creatives\/\w+ answered 200 with the record's deleted false/);
  });

  // DELETEs that answer the record deleted (or without a word) and leave it listed: the rule that sees it says so to the cleanup
  test.each([
    ['ads-pt-delete-kept', 'ADS-PT-002', 'promoted_tweets', 'ADS-PT-002 saw it still listed'],
    ['ads-pa-delete-noop', 'ADS-PA-006', 'promoted_accounts', 'ADS-PA-006 saw it still listed'],
    ['ads-spt-delete-kept', 'ADS-SPT-002', 'scheduled_promoted_tweets', 'ADS-SPT-002 saw it still listed'],
    ['ads-campaign-delete-not-stored', 'ADS-CMP-012', 'campaigns', 'ADS-CMP-012 saw it read back with deleted false'],
  ])('%s: what %s saw stay is named as left behind', async (fault, rule, collection, saw) => {
    const out = await runLocal('reference without tenants', embeddedReference({ tenants: false, fault }), { rules: [rule] });
    expect(out.byId.get(rule)?.status).toBe('failed');
    const named = (out.report.cleanupProblems ?? []).filter((p) => p.includes(`/${collection}/`) && p.includes(saw));
    expect(named, JSON.stringify(out.report.cleanupProblems)).toEqual([
      expect.stringMatching(
        new RegExp(`^DELETE /accounts/\\w+/${collection}/\\w+ answered 200, but ${saw} .*: it may stay on the target$`),
      ),
    ]);
  });

  const http = new HttpClient({ timeoutMs: 5000 });
  afterAll(async () => {
    await http.close();
  });

  test('a repeated POST answered with the record made before is deleted once', async () => {
    // "POST promoted_accounts for a user already promoted | request ignored": the target answers the same record;
    // the cleanup sent its DELETE twice side by side, one answered 404
    const deletes: string[] = [];
    await withFakeAdsTarget(
      (req, res) => {
        res.setHeader('content-type', 'application/json');
        if (req.method === 'DELETE') deletes.push(req.url ?? '');
        res.statusCode = req.method === 'POST' && deletes.length === 0 ? 201 : 200;
        res.end(JSON.stringify({ data: { id: 'pa1', deleted: req.method === 'DELETE' } }));
      },
      async (target) => {
        const ads = new AdsApiClient(http, target);
        for (let i = 0; i < 2; i++)
          await ads.call('POST', '/accounts/a/promoted_accounts', { query: { line_item_id: 'l1', user_id: '1' } });
        expect(ads.pending().map((c) => c.path)).toEqual(['/accounts/a/promoted_accounts/pa1']);
        expect(await ads.cleanup()).toEqual([]);
        expect(deletes).toEqual(['/12/accounts/a/promoted_accounts/pa1']);
      },
    );
  });

  test('without a deleted member in the answer: what a rule saw stay is named; a DELETE answered 404 removed it', async () => {
    // a fake target: creations answer their record; DELETE of c1 answers 204 and keeps it, of c2 deleted false
    // then 404, of c3 deleted true
    const deletes: string[] = [];
    const gone = new Set<string>();
    await withFakeAdsTarget(
      (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        res.setHeader('content-type', 'application/json');
        const id = url.pathname.split('/').at(-1) ?? '';
        if (req.method === 'POST') {
          const n = Number(url.searchParams.get('n'));
          res.statusCode = 201;
          res.end(JSON.stringify({ data: { id: `c${n}`, deleted: false } }));
        } else if (req.method === 'DELETE') {
          deletes.push(id);
          if (id === 'c1') {
            res.statusCode = 204;
            res.end();
          } else if (gone.has(id)) {
            res.statusCode = 404;
            res.end('{"errors":[{"code":"NOT_FOUND","message":"gone"}]}');
          } else {
            gone.add(id);
            res.end(JSON.stringify({ data: { id, deleted: id !== 'c2' } }));
          }
        } else res.end('{"data":[],"next_cursor":null}');
      },
      async (target) => {
        const ads = new AdsApiClient(http, target);
        for (const n of [1, 2, 3]) await ads.call('POST', '/accounts/a/media_creatives', { query: { n } });
        for (const n of [1, 2, 3]) await ads.call('DELETE', `/accounts/a/media_creatives/c${n}`);
        ads.kept('/accounts/a/media_creatives/c1', 'a rule saw GET serve it with deleted false after a DELETE answered 204');
        // c2's answer said deleted false: known; its next DELETE answers 404, so it went after all
        expect(
          ads
            .pending()
            .map((c) => c.path)
            .sort(),
        ).toEqual(['/accounts/a/media_creatives/c1', '/accounts/a/media_creatives/c2']);
        expect(await ads.cleanup()).toEqual([
          'DELETE /accounts/a/media_creatives/c1 answered 204, but a rule saw GET serve it with deleted false after a DELETE answered 204: it may stay on the target',
        ]);
        expect(deletes).toEqual(['c1', 'c2', 'c3', expect.stringMatching(/^c[12]$/), expect.stringMatching(/^c[12]$/)]);
        expect(ads.pending().map((c) => c.path)).toEqual(['/accounts/a/media_creatives/c1']);
      },
    );
  });
});
