// A vendor's sandbox app already has webhooks of its own, registered by its team, with callbacks
// that answer the CRC. Without the control API nothing resets the app (TARGET-CONTRACT §3 POST
// /reset would empty it), so the run must work around them: every rule ends as it does on a clean
// app, but those that need the room they take (two free slots, an empty list: not checkable, saying
// why), and the app's own webhooks are still there, untouched, when the run has ended.
import { createServer, type Server } from 'node:https';
import { afterAll, describe, expect, test } from 'vitest';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { createCertificate } from '../../../harness/receiver/cert.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import { correctToken } from '../../../suites/data-api/callbacks/index.ts';
import { runLocal } from '../../runners/run-local.ts';

const OWN_HOST = 'callbacks.own-app.test';
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** the embedded reference whose app has `n` webhooks of its own, and what the app lists after the run */
function appWithWebhooks(n: number, after: { listed?: unknown[] }): LocalTargetFactory {
  return async (o) => {
    const tls = await createCertificate(OWN_HOST);
    let secret = '';
    // the team's own callback: answers every CRC with the app's consumer secret
    const own = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
      const token = new URL(req.url ?? '/', `https://${OWN_HOST}`).searchParams.get('crc_token');
      res.setHeader('content-type', 'application/json');
      res.end(token ? JSON.stringify({ response_token: correctToken(secret, token) }) : '{}');
    });
    servers.push(own);
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r));
    const { port } = own.address() as { port: number };
    const ref = await embeddedReference()({
      resolve: { ...o.resolve, [`${OWN_HOST}:443`]: `127.0.0.1:${port}` },
      trustCaPem: [o.trustCaPem, tls.certPem].filter(Boolean).join('\n'),
    });
    const api = (ref.target as { dataApi: { baseUrl: string; bearerToken: string; consumerSecret: string } }).dataApi;
    secret = api.consumerSecret;
    const call = (method: string, body?: unknown) =>
      fetch(`${api.baseUrl}/2/webhooks`, {
        method,
        headers: { authorization: `Bearer ${api.bearerToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (let i = 0; i < n; i++) expect((await call('POST', { url: `https://${OWN_HOST}/hooks/${i}` })).status).toBe(200);
    return {
      ...ref,
      close: async () => {
        after.listed = ((await (await call('GET')).json()) as { data?: unknown[] }).data;
        await ref.close();
      },
    };
  };
}

describe('an app with webhooks of its own, without the control API', () => {
  test('every rule ends as on a clean app but those that need the room they take, and the app keeps its webhooks', async () => {
    const clean = await runLocal('clean app', appWithWebhooks(0, {}), { suites: ['data-api'], withoutControl: true, concurrency: 8 });
    const after: { listed?: unknown[] } = {};
    const busy = await runLocal('app with 2 webhooks of its own', appWithWebhooks(2, after), {
      suites: ['data-api'],
      withoutControl: true,
      concurrency: 8,
    });
    // only the rules that need room the app's own webhooks take are not checkable, saying why
    const changed = busy.report.rules.filter((r) => r.status !== clean.byId.get(r.id)?.status);
    expect(changed.map((r) => `${r.id} ${r.status}: ${r.reason}`)).toEqual([
      expect.stringMatching(/^WH-LC-002 not-checkable: needs 2 webhooks at once; the target allows fewer/),
      expect.stringMatching(/^WH-LC-003 not-checkable: the app has 2 webhook\(s\) this run did not create/),
    ]);
    expect(busy.report.summary.failed + busy.report.summary.error).toBe(0);
    expect(after.listed).toEqual([
      expect.objectContaining({ url: `https://${OWN_HOST}/hooks/0` }),
      expect.objectContaining({ url: `https://${OWN_HOST}/hooks/1` }),
    ]);
  });
});

describe('an app whose webhook slots are all taken before WH-DEL-005 begins', () => {
  test('WH-DEL-005 is not checkable, and says what it knows of them: listed before it began, not who made them', async () => {
    // the slots may hold an earlier run's webhooks, or this run's deleted ones that the target still lists
    const out = await runLocal('app full of its own webhooks', appWithWebhooks(3, {}), {
      rules: ['WH-DEL-005'],
      withoutControl: true,
      limits: { maxWebhooks: 3 },
    });
    const r = out.byId.get('WH-DEL-005');
    expect(`${r?.status}: ${r?.reason}`).toMatch(
      /^not-checkable: the app's 3 webhook slots are all taken by webhooks listed before this rule began, none of them one this run deleted: the app's own, or an earlier run's/,
    );
  });
});
