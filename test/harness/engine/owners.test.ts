// Rules side by side on one target remove only what they created: the data-api and ads clients tag
// each record with the rule acting (harness/domain/owner.ts), a rule's cleanup and its property
// rollback touch only its own records, and the run's final cleanup (no rule acting) removes the
// rest. A loopback server stands in for the target and logs the DELETEs it gets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Chain, inChain } from '../../../harness/domain/lanes.ts';
import { actAs, actAsPart, currentOwner } from '../../../harness/domain/owner.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { AdsApiClient } from '../../../suites/ads/client/ads-api.ts';
import { DataApiClient } from '../../../suites/data-api/client/data-api.ts';

let server: Server;
let base = '';
let next = 0;
const deleted: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST') return res.end(JSON.stringify({ data: { id: String(++next) } }));
      if (req.method === 'DELETE') deleted.push(req.url ?? '');
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 300);
      res.statusCode = 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const http = () => new HttpClient({ timeoutMs: 5000 });

describe('owners of what rules create', () => {
  test('outside any rule there is no owner; inside, the rule and everything it starts', async () => {
    expect(currentOwner()).toBeUndefined();
    await actAs('R-1', async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentOwner()).toBe('R-1');
    });
  });

  test("a rule's stop ends that rule's calls only; rules beside it go on", async () => {
    const c = http();
    const other = actAs('B', () => c.send('GET', `${base}/slow`));
    const mine = actAs('A', async () => {
      const call = c.send('GET', `${base}/slow`);
      await new Promise((r) => setTimeout(r, 50));
      c.interrupt('A was stopped');
      await expect(call).rejects.toThrow('ended: A was stopped');
      await expect(c.send('GET', `${base}/slow`)).rejects.toThrow('not sent: A was stopped');
      c.resume();
    });
    await mine;
    expect((await other).status).toBe(200);
  });

  test('data-api webhooks: a rule deletes its own, back to its checkpoint; the run deletes the rest', async () => {
    deleted.length = 0;
    const data = new DataApiClient(http(), { baseUrl: base, bearerToken: 't', consumerSecret: 's', problemTypeBase: base });
    const [a] = await actAs('A', async () => [await data.createWebhook('https://x/a')]);
    let mark: ReadonlySet<string> = new Set();
    await actAs('B', async () => {
      await data.createWebhook('https://x/b1');
      mark = new Set(data.createdIds());
      await data.createWebhook('https://x/b2');
    });
    const id = (r: typeof a) => (r.body as { data: { id: string } }).data.id;
    await actAs('B', () => data.cleanup(mark)); // B's property case rolls back: b2 only
    expect(deleted).toEqual([`/2/webhooks/${Number(id(a)) + 2}`]);
    await actAs('A', () => data.cleanup()); // A's cleanup: a only
    expect(deleted.at(-1)).toBe(`/2/webhooks/${id(a)}`);
    await data.cleanup(); // the run's final cleanup: b1
    expect(deleted).toHaveLength(3);
    expect(data.createdIds()).toEqual([]);
  });

  test('ads records: a rule deletes its own since its mark, newest first; the run deletes the rest', async () => {
    deleted.length = 0;
    const ads = new AdsApiClient(http(), { baseUrl: `${base}/ads`, auth: { type: 'bearer', token: 't' }, allowWrites: true });
    const post = () => ads.call('POST', '/accounts/acc/campaigns', { json: {} });
    await actAs('A', post);
    const mark = await actAs('B', async () => {
      await post();
      return ads.pending().length;
    });
    await actAs('A', post);
    await actAs('B', post);
    // created in turn: A, B, A, B
    const [a1, b1, a2, b2] = [next - 3, next - 2, next - 1, next].map((n) => `/ads/12/accounts/acc/campaigns/${n}`);
    await actAs('B', async () => {
      expect(ads.pending().map((c) => `/ads/12${c.path}`)).toEqual([b1, b2]);
      await ads.cleanup(mark); // B's property case rolls back: b2 only
    });
    expect(deleted).toEqual([b2]);
    await actAs('A', () => ads.cleanup()); // A's cleanup: newest first
    expect(deleted).toEqual([b2, a2, a1]);
    await ads.cleanup(); // the run's final cleanup
    expect(deleted).toEqual([b2, a2, a1, b1]);
    expect(ads.pending()).toEqual([]);
  });

  test('ads cleanup with lanes: one collection side by side, a newer collection ended before an older one starts', async () => {
    deleted.length = 0;
    const ads = new AdsApiClient(http(), { baseUrl: `${base}/ads`, auth: { type: 'bearer', token: 't' }, allowWrites: true });
    const campaigns: string[] = [];
    const items: string[] = [];
    await actAs('A', async () => {
      for (let i = 0; i < 4; i++) {
        await ads.call('POST', '/accounts/acc/campaigns', { json: {} });
        campaigns.push(`/ads/12/accounts/acc/campaigns/${next}`);
      }
      for (let i = 0; i < 3; i++) {
        await ads.call('POST', '/accounts/acc/line_items', { json: {} });
        items.push(`/ads/12/accounts/acc/line_items/${next}`);
      }
    });
    const chain: Chain = { n: 0, lanes: 4 };
    await actAs('A', () => inChain(chain, () => ads.cleanup()));
    // the line items (newest) first, all of them before any campaign; each collection one round trip
    expect(new Set(deleted.slice(0, 3))).toEqual(new Set(items));
    expect(new Set(deleted.slice(3))).toEqual(new Set(campaigns));
    expect(chain.n).toBe(2);
  });

  test("a part of a rule (a property case side by side) removes only its own; the rule removes its parts' too", async () => {
    deleted.length = 0;
    const data = new DataApiClient(http(), { baseUrl: base, bearerToken: 't', consumerSecret: 's', problemTypeBase: base });
    const id = (r: { body: unknown }) => (r.body as { data: { id: string } }).data.id;
    const own = await actAs('R', () => data.createWebhook('https://x/r'));
    const [one, two] = await actAs('R', () =>
      Promise.all([actAsPart(1, () => data.createWebhook('https://x/1')), actAsPart(2, () => data.createWebhook('https://x/2'))]),
    );
    await actAs('R', () => actAsPart(1, () => data.cleanup()));
    expect(deleted).toEqual([`/2/webhooks/${id(one)}`]);
    await actAs('R', () => data.cleanup());
    expect(new Set(deleted.slice(1))).toEqual(new Set([`/2/webhooks/${id(own)}`, `/2/webhooks/${id(two)}`]));
  });

  test("a rule's stop ends its parts' calls too", async () => {
    const c = http();
    await actAs('P', async () => {
      const call = actAsPart(3, () => c.send('GET', `${base}/slow`));
      await new Promise((r) => setTimeout(r, 50));
      c.interrupt('P was stopped');
      await expect(call).rejects.toThrow('ended: P was stopped');
      await expect(actAsPart(4, () => c.send('GET', `${base}/slow`))).rejects.toThrow('not sent: P was stopped');
      c.resume();
    });
  });
});
