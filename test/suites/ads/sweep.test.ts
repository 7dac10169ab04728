// `conform sweep` removes what an earlier run left (records named conform-<run id>-…) and nothing
// else: a campaign a person named stays, and --run-id limits the sweep to one run.
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { type AdsApiTarget, adsApiConfig } from '../../../config/ads/index.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { parseConfig } from '../../../harness/config-loader/load.ts';
import { type LocalRun, startLocalTarget } from '../../../harness/engine/local-target.ts';
import { sweepTarget } from '../../../harness/engine/sweep.ts';
import { ControlClient } from '../../../harness/target/control.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import { AdsApiClient } from '../../../suites/ads/client/ads-api.ts';
import { sweepAds } from '../../../suites/ads/sweep.ts';
import { withFakeAdsTarget } from './fake-ads-target.ts';

let local: LocalRun | undefined;
const http = new HttpClient({ timeoutMs: 5000 });
afterAll(() => http.close());
afterEach(async () => {
  await local?.close();
  local = undefined;
});

/** the embedded reference with campaigns in a fresh account, as a run killed mid-way leaves them */
async function leftovers(names: string[]) {
  local = await startLocalTarget(embeddedReference(), { withReceiver: false });
  const { adsApi, control } = local.target as { adsApi: Record<string, unknown>; control: { baseUrl: string; token: string } };
  const fixtures = (await new ControlClient(http, control).call('POST', '/ads/fixtures')).body as Record<string, string>;
  const section = adsApiConfig.parse(adsApi, { secret: (v) => v, baseDir: '.' }) as AdsApiTarget;
  const ads = new AdsApiClient(http, section);
  const path = `/accounts/${fixtures.account_id}/campaigns`;
  for (const name of names) {
    const res = await ads.call('POST', path, {
      query: { funding_instrument_id: fixtures.funding_instrument_id, name, entity_status: 'PAUSED' },
    });
    expect(res.status, res.text).toBeLessThan(300);
  }
  ads.forgetAll(); // the "run" died: it will not clean up
  const config = parseConfig({ target: { name: 'left over', adsApi, control } }, process.cwd(), {}, DOMAINS);
  const names_ = async () => {
    const res = await ads.call('GET', path, { query: { count: 1000, with_draft: true } });
    return ((res.body as { data: { name: string }[] }).data ?? []).map((c) => c.name).sort();
  };
  return { config, names: names_ };
}

describe('conform sweep (ads)', () => {
  test('removes every campaign a run named and leaves the others', async () => {
    const t = await leftovers(['conform-0a1b2c3d-campaign-1', 'conform-0a1b2c3d-campaign-2', 'conform-99999999-campaign-1', 'my campaign']);
    const report = await sweepTarget(t.config, DOMAINS);
    const ads = report.domains.find((d) => d.domain === 'ads');
    expect(ads?.outcome?.problems).toEqual([]);
    expect(ads?.outcome?.removed).toHaveLength(3);
    expect(await t.names()).toEqual(['my campaign']);
  });

  test('--run-id sweeps one run only', async () => {
    const t = await leftovers(['conform-0a1b2c3d-campaign-1', 'conform-99999999-campaign-1', 'conform-run-not-hex']);
    const report = await sweepTarget(t.config, DOMAINS, '0a1b2c3d');
    expect(report.domains.find((d) => d.domain === 'ads')?.outcome?.removed).toHaveLength(1);
    expect(await t.names()).toEqual(['conform-99999999-campaign-1', 'conform-run-not-hex']);
  });
});

describe('a sweep DELETE that answers the record not deleted', () => {
  test("is named as a problem, not as removed; at a run's end, not again when the cleanup already named it", async () => {
    // a fake target: one campaign of a run; its DELETE answers 200 with the record, deleted false, and keeps it
    let deletes = 0;
    await withFakeAdsTarget(
      (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        res.setHeader('content-type', 'application/json');
        if (req.method === 'DELETE') deletes++;
        if (req.method === 'DELETE') res.end('{"data":{"id":"c1","name":"conform-0a1b2c3d-campaign-1","deleted":false}}');
        else if (url.pathname === '/12/accounts/acc1/campaigns')
          res.end('{"data":[{"id":"c1","name":"conform-0a1b2c3d-campaign-1","deleted":false}],"next_cursor":null}');
        else res.end('{"data":[],"next_cursor":null}');
      },
      async (target, port) => {
        const out = await sweepAds(new AdsApiClient(http, target), '0a1b2c3d', [{ id: 'acc1', sandbox: false }]);
        expect(out.removed).toEqual([]);
        expect(out.problems).toEqual([
          `http://127.0.0.1:${port}: DELETE /accounts/acc1/campaigns/c1 answered 200 with the record's deleted false: by that answer it stays on the target`,
        ]);
        const again = await sweepAds(
          new AdsApiClient(http, target),
          '0a1b2c3d',
          [{ id: 'acc1', sandbox: false }],
          new Set(['/accounts/acc1/campaigns/c1']),
        );
        expect(again).toEqual({ removed: [], problems: [] });
        expect(deletes).toBe(1);
      },
    );
  });
});

describe("the run's end looks for the run's records only in the collections the run wrote to", () => {
  test('a run that wrote cards and drafts only (the catalog suite) searches no campaigns: a 404 there is no cleanup problem', async () => {
    // a fake target that knows no campaigns or line items (as a catalog-only target may): their lists answer 404
    const seen: string[] = [];
    await withFakeAdsTarget(
      (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        seen.push(`${req.method} ${url.pathname}`);
        res.setHeader('content-type', 'application/json');
        if (/\/(campaigns|line_items)$/.test(url.pathname)) {
          res.statusCode = 404;
          res.end('{"errors":[{"code":"NOT_FOUND","message":"no such route"}]}');
        } else res.end('{"data":{"id":"x1","name":"conform-0a1b2c3d-card-1"},"request":{"params":{}}}');
      },
      async (target) => {
        const ads = new AdsApiClient(http, target);
        expect((await ads.call('POST', '/accounts/acc1/cards', { json: { name: 'conform-0a1b2c3d-card-1' } })).status).toBe(200);
        expect((await ads.call('POST', '/accounts/acc1/draft_tweets', { query: { text: 'x' } })).status).toBe(200);
        expect(ads.writtenAccounts()).toEqual([{ id: 'acc1', sandbox: false, collections: ['cards', 'draft_tweets'] }]);
        seen.length = 0;
        const out = await sweepAds(ads, '0a1b2c3d', ads.writtenAccounts());
        expect(out).toEqual({ removed: [], problems: [] });
        expect(seen).toEqual([]);
        // a run that wrote a campaign there searches campaigns, and names the refused search
        expect((await ads.call('POST', '/accounts/acc1/line_items', { query: { name: 'conform-0a1b2c3d-li-1' } })).status).toBe(404);
        expect((await ads.call('PUT', '/batch/accounts/acc1/campaigns', { json: [] })).status).toBe(404);
        expect(ads.writtenAccounts()[0]?.collections).toEqual(['cards', 'draft_tweets']);
      },
    );
  });

  test('a run that wrote a campaign searches the campaigns of that account (and not its line items)', async () => {
    const seen: string[] = [];
    await withFakeAdsTarget(
      (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        seen.push(`${req.method} ${url.pathname}`);
        res.setHeader('content-type', 'application/json');
        if (req.method === 'GET' && url.pathname.endsWith('/campaigns')) {
          res.statusCode = 404;
          res.end('{"errors":[{"code":"NOT_FOUND","message":"no such route"}]}');
        } else res.end('{"data":{"id":"c1","name":"conform-0a1b2c3d-campaign-1"},"request":{"params":{}}}');
      },
      async (target, port) => {
        const ads = new AdsApiClient(http, target);
        await ads.call('POST', '/accounts/acc1/campaigns', { query: { name: 'conform-0a1b2c3d-campaign-1' } });
        seen.length = 0;
        const out = await sweepAds(ads, '0a1b2c3d', ads.writtenAccounts());
        expect(seen).toEqual(['GET /12/accounts/acc1/campaigns']);
        expect(out.problems).toEqual([`http://127.0.0.1:${port}: GET /accounts/acc1/campaigns answered 404`]);
      },
    );
  });
});
