// `conform sweep` deletes the webhooks a killed run left on the app: those whose callback URL is a
// hook of the receiver (under receiver.publicBaseUrl), in any form a target lists it in, and no
// other; with --run-id it deletes none, since a hook names no run.
import { afterEach, describe, expect, test } from 'vitest';
import { type DataApiTarget, dataApiConfig } from '../../../config/data-api/index.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import { parseConfig } from '../../../harness/config-loader/load.ts';
import { type LocalRun, startLocalTarget } from '../../../harness/engine/local-target.ts';
import { sweepTarget } from '../../../harness/engine/sweep.ts';
import { isHookUrl } from '../../../harness/receiver/index.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { correctToken } from '../../../suites/data-api/callbacks/crc-answer.ts';
import { DataApiClient } from '../../../suites/data-api/client/data-api.ts';

const BASE = 'https://hooks.conformance.test/base';

describe('a hook URL (what a sweep deletes)', () => {
  test('a hook under the base path, in the forms a target may list it in', () => {
    for (const url of [
      `${BASE}/cb/7-0123456789ab`,
      `${BASE}/cb/7-0123456789ab/any/suffix?q=1`,
      'https://HOOKS.conformance.test:443/base/cb/7-0123456789ab',
      'https://hooks.conformance.test/%62ase/cb/7-0123456789ab',
    ])
      expect(isHookUrl(`${BASE}/`, url), url).toBe(true);
  });

  test('anything else: another host, scheme, port or path, or no hook id', () => {
    for (const url of [
      'https://hooks.example.test/base/cb/7-0123456789ab',
      'http://hooks.conformance.test/base/cb/7-0123456789ab',
      'https://hooks.conformance.test:8443/base/cb/7-0123456789ab',
      'https://hooks.conformance.test/cb/7-0123456789ab',
      'https://hooks.conformance.test/base/cb/my-hook',
      'https://hooks.conformance.test/base/cb/7-0123456789abc',
      'https://hooks.conformance.test/base/webhooks/7-0123456789ab',
      'not a url',
    ])
      expect(isHookUrl(BASE, url), url).toBe(false);
  });
});

describe('conform sweep (Data API)', () => {
  let local: LocalRun | undefined;
  const http = new HttpClient({ timeoutMs: 5000 });
  afterEach(async () => {
    await local?.close();
    local = undefined;
  });

  /** the embedded reference with webhooks registered at two of the receiver's hooks, as a run killed mid-way leaves them */
  async function leftovers() {
    local = await startLocalTarget(embeddedReference(), { withReceiver: true });
    const { dataApi, control } = local.target as { dataApi: Record<string, unknown>; control: unknown };
    const section = dataApiConfig.parse(dataApi, { secret: (v) => v, baseDir: '.' }) as DataApiTarget;
    const data = new DataApiClient(http, section);
    const answer = (req: { query: Record<string, string> }) => ({
      status: 200,
      body: { response_token: correctToken(section.consumerSecret, req.query.crc_token ?? '') },
    });
    for (const suffix of [undefined, 'a/path']) {
      const res = await data.createWebhook(local.receiver!.hook({ respond: answer, pathSuffix: suffix }).url);
      expect(res.status, res.text).toBe(200);
    }
    data.forgetAll(); // the "run" died: it will not clean up
    const config = parseConfig({ target: { name: 'left over', dataApi, control } }, process.cwd(), {}, DOMAINS);
    const listed = async () => ((await data.listWebhooks()).body as { data: unknown[] }).data.length;
    return { config, listed };
  }

  test('deletes every webhook whose callback is a hook of the receiver', async () => {
    const t = await leftovers();
    expect(await t.listed()).toBe(2);
    const report = await sweepTarget(t.config, DOMAINS);
    const swept = report.domains.find((d) => d.domain === 'data-api')?.outcome;
    expect(swept?.problems).toEqual([]);
    expect(swept?.removed).toEqual([
      expect.stringMatching(/^webhook \S+ \(https:\/\/hooks\.conformance\.test\/cb\/\d+-[0-9a-f]{12}\)$/),
      expect.stringMatching(/^webhook \S+ \(https:\/\/hooks\.conformance\.test\/cb\/\d+-[0-9a-f]{12}\/a\/path\)$/),
    ]);
    expect(await t.listed()).toBe(0);
  });

  test('--run-id: none, and it says why', async () => {
    const t = await leftovers();
    const report = await sweepTarget(t.config, DOMAINS, '0a1b2c3d');
    const swept = report.domains.find((d) => d.domain === 'data-api')?.outcome;
    expect(swept?.removed).toEqual([]);
    expect(swept?.skipped).toMatch(/^a webhook's callback URL does not name the run that registered it: sweep without --run-id/);
    expect(await t.listed()).toBe(2);
  });
});
