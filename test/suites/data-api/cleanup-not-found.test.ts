// The cleanup takes a DELETE answered 404 as a webhook already gone. A target that answers 404 for
// a webhook it keeps left it on the app, and the run said nothing. At the run's end the client
// looks whether such webhooks are still listed, and says so.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { actAs } from '../../../harness/domain/owner.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { DataApiClient } from '../../../suites/data-api/client/data-api.ts';

describe('a webhook whose DELETE answers 404 but stays', () => {
  test('is a cleanup problem at the run end, not within a rule', async () => {
    const webhook = { id: '1460000000000000001', url: 'https://hooks.conformance.test/cb/1-0123456789ab', valid: true };
    const server = createServer((req, res) => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST') return send(200, { data: webhook });
      if (req.method === 'DELETE') return send(404, { title: 'Not Found', type: 'about:blank' });
      return send(200, { data: [webhook], meta: { result_count: 1 } });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const data = new DataApiClient(new HttpClient({ timeoutMs: 5000 }), {
        baseUrl: base,
        bearerToken: 't',
        consumerSecret: 's',
        problemTypeBase: base,
      });
      // a rule's cleanup: the 404 is taken at its word meanwhile (another rule may list the app)
      const inRule = await actAs('R', async () => {
        await data.createWebhook(webhook.url);
        return data.cleanup();
      });
      expect(inRule).toEqual([]);
      expect(await data.cleanup()).toEqual([`webhook ${webhook.id}: DELETE answered 404, yet GET /2/webhooks still lists it`]);
    } finally {
      server.close();
    }
  });
});
