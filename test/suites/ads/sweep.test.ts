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
