// Side by side, the run is rate-aware as a whole: requestsPerSecond spaces every request of the
// client, whichever rule sends it, and a 429 with Retry-After pauses every call, not only the one
// that was limited, paying the rate-limit budget once. A loopback server records arrival times.
// (Lower bounds only: nothing here can flake on a slow machine.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { HttpClient } from '../../../harness/target/http.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
});

async function serve(answer: (n: number) => { status: number; headers?: Record<string, string> }) {
  const arrivals: number[] = [];
  server = createServer((_req, res) => {
    arrivals.push(performance.now());
    const a = answer(arrivals.length);
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
    res.end('{}');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, arrivals };
}

test('requestsPerSecond spaces calls made side by side, not only one after another', async () => {
  const { url, arrivals } = await serve(() => ({ status: 200 }));
  const http = new HttpClient({ timeoutMs: 5000, requestsPerSecond: 50 });
  const sentFrom = performance.now();
  await Promise.all(Array.from({ length: 8 }, () => http.send('GET', url)));
  await http.close();
  // eight calls at 50 per second: the last one goes 7 × 20 ms after the first
  expect(Math.max(...arrivals) - sentFrom).toBeGreaterThanOrEqual(7 * 20 - 2);
});

test('a 429 with Retry-After pauses every call of the client until it passes, and is paid for once', async () => {
  const { url, arrivals } = await serve((n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
  const http = new HttpClient({ timeoutMs: 5000, rateLimitBudgetMs: 1500 });
  const first = http.send('GET', url);
  while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 50)); // the 429 has been read: the pause is on
  const limitedAt = arrivals[0];
  const others = await Promise.all(Array.from({ length: 4 }, () => http.send('GET', url)));
  expect((await first).status).toBe(200);
  expect(others.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  await http.close();
  // every call after the 429 arrived a second later; the budget (1.5 s) covered the one pause
  for (const at of arrivals.slice(1)) expect(at - limitedAt).toBeGreaterThanOrEqual(990);
});
