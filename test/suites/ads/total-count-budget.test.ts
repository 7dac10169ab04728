// The with_total_count budget (Limits: "currently 200 per 15 minutes") holds across the run: the
// client refuses to send one request more than the window allows, and frees the window after 15
// minutes; the config can lower the figure.
import { afterAll, describe, expect, test } from 'vitest';
import { adsApiConfig } from '../../../config/ads/index.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { AdsApiClient } from '../../../suites/ads/client/ads-api.ts';
import {
  DEFAULT_TOTAL_COUNT_PER_WINDOW,
  TOTAL_COUNT_WINDOW_MS,
  TotalCountBudget,
  TotalCountBudgetExhausted,
} from '../../../suites/ads/client/total-count-budget.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const http = new HttpClient({ timeoutMs: 5000 });
let hits = 0;
const server = createServer((_req, res) => {
  hits++;
  res.setHeader('content-type', 'application/json');
  res.end('{"data":[],"next_cursor":null,"total_count":0}');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
afterAll(async () => {
  await http.close();
  server.close();
});

describe('with_total_count budget', () => {
  test('the document figure by default; a full window refuses, 15 minutes later it frees', () => {
    let now = 0;
    const b = new TotalCountBudget(undefined, () => now);
    expect(b.perWindow).toBe(DEFAULT_TOTAL_COUNT_PER_WINDOW);
    for (let i = 0; i < 200; i++) b.take();
    expect(() => b.take()).toThrow(TotalCountBudgetExhausted);
    now += TOTAL_COUNT_WINDOW_MS - 1;
    expect(b.left()).toBe(0);
    now += 1;
    expect(b.left()).toBe(200);
  });

  test('the client sends no request beyond the budget, and counts only with_total_count=true', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const target = adsApiConfig.parse({ baseUrl: base, auth: { type: 'bearer', token: 't' } }, { secret: (v) => v, baseDir: '.' });
    const ads = new AdsApiClient(http, target, new TotalCountBudget(2));
    for (let i = 0; i < 3; i++) await ads.call('GET', '/accounts/a/campaigns', { query: { with_total_count: false } });
    await ads.call('GET', '/accounts/a/campaigns', { query: { with_total_count: true } });
    await ads.call('GET', '/accounts/a/campaigns', { query: { with_total_count: 'true' } as never });
    await expect(ads.call('GET', '/accounts/a/campaigns', { query: { with_total_count: true } })).rejects.toThrow(
      /limits.totalCountPer15Min/,
    );
    expect(hits).toBe(5);
  });
});
