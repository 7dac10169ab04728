// The HTTP client against misbehaving peers (nock fakes them): rate limits waited out only when the
// answer says so, garbage bodies kept as text, resets and timeouts reported as network errors.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, NetworkError, RateLimited, rateLimitWaitMs } from '../../../harness/target/http.ts';
import { UNREADABLE_WAIT_MS } from '../../../harness/target/rate-limit.ts';
import { actAs } from '../../../harness/domain/owner.ts';
import { freePort } from '../../runners/cli.ts';

const BASE = 'http://target.conform.test';

describe('HTTP client', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());

  test('a 429 with Retry-After is waited out and retried', async () => {
    nock(BASE).get('/2/webhooks').reply(429, '', { 'retry-after': '0' }).get('/2/webhooks').reply(200, { data: [] });
    const c = new HttpClient({ timeoutMs: 2000 });
    const res = await c.send('GET', `${BASE}/2/webhooks`);
    expect(res.status).toBe(200);
    expect(c.sent).toBe(2);
  });

  test('a 429 without rate-limit headers is an answer, not a limit', async () => {
    nock(BASE)
      .post('/2/webhooks/replay')
      .reply(429, { type: 'https://x/2/problems/conflict', title: 'Conflict' }, { 'content-type': 'application/problem+json' });
    const res = await new HttpClient({ timeoutMs: 2000 }).send('POST', `${BASE}/2/webhooks/replay`, { json: {} });
    expect(res.status).toBe(429);
    expect(res.contentType).toBe('application/problem+json');
  });

  test('rate-limit waits follow x-rate-limit-reset and Retry-After (the run budget bounds them, not this)', () => {
    expect(rateLimitWaitMs(429, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '1010' }, 1_000_000)).toBe(10_250);
    expect(rateLimitWaitMs(429, { 'retry-after': '9999' })).toBe(9_999_000);
    expect(rateLimitWaitMs(200, { 'retry-after': '1' })).toBeUndefined();
    // the reset time alone is a limit too; a header that cannot be read still says it is one
    expect(rateLimitWaitMs(429, { 'x-rate-limit-reset': '1010' }, 1_000_000)).toBe(10_250);
    const unreadable: Record<string, string>[] = [{ 'retry-after': 'banana' }, { 'retry-after': '1e400' }, { 'x-rate-limit-reset': 'NaN' }];
    for (const headers of unreadable) expect(rateLimitWaitMs(429, headers), JSON.stringify(headers)).toBe(UNREADABLE_WAIT_MS);
    expect(rateLimitWaitMs(429, {})).toBeUndefined();
  });

  test('429s without a rate-limit header: one rule asking again and again gets its answers; rule after rule meeting them stops the run', async () => {
    const answer429 = (n: number) => nock(BASE).post('/2/webhooks/replay').times(n).reply(429, { title: 'Conflict' });
    const c = new HttpClient({ timeoutMs: 2000 });
    // a rule waiting out a replay job: many 429s in a row, all its own
    answer429(6);
    for (let i = 0; i < 6; i++) expect((await actAs('RP-CONF-001', () => c.send('POST', `${BASE}/2/webhooks/replay`))).status).toBe(429);
    // an answer of another status ends a streak
    nock(BASE).get('/2/webhooks').reply(200, { data: [] });
    await c.send('GET', `${BASE}/2/webhooks`);
    answer429(3);
    expect((await actAs('RP-REQ-001', () => c.send('POST', `${BASE}/2/webhooks/replay`))).status).toBe(429);
    expect((await actAs('RP-REQ-002#2', () => c.send('POST', `${BASE}/2/webhooks/replay`))).status).toBe(429);
    await expect(actAs('RP-REQ-003', () => c.send('POST', `${BASE}/2/webhooks/replay`))).rejects.toThrow(
      /^rate limit: the target answered 429 to the last 3 calls \(of RP-REQ-001, RP-REQ-002, RP-REQ-003; 1 endpoint\(s\)\)/,
    );
  });

  test('a garbage body is kept as text and parsed as nothing', async () => {
    nock(BASE).get('/2/webhooks').reply(500, '<html>oops', { 'content-type': 'text/html; charset=utf-8' });
    const res = await new HttpClient({ timeoutMs: 2000 }).send('GET', `${BASE}/2/webhooks`);
    expect(res.body).toBeUndefined();
    expect(res.text).toBe('<html>oops');
    expect(res.contentType).toBe('text/html');
    expect(res.exchange.response?.text).toBe('<html>oops');
  });

  test('a reset connection is a NetworkError with evidence', async () => {
    nock(BASE).get('/2/webhooks').replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const c = new HttpClient({ timeoutMs: 2000 });
    const seen: unknown[] = [];
    c.addSink((x) => seen.push(x));
    await expect(c.send('GET', `${BASE}/2/webhooks`)).rejects.toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(1);
  });

  test('a peer that never answers times out as a NetworkError', async () => {
    // a real loopback server that accepts and stays silent (nock's delayed replies and aborts do not mix)
    const server = createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    nock.enableNetConnect('127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      await expect(new HttpClient({ timeoutMs: 200 }).send('GET', `http://127.0.0.1:${port}/2/webhooks`)).rejects.toThrow(
        /no answer within 200 ms/,
      );
    } finally {
      server.closeAllConnections();
      server.close();
      nock.disableNetConnect();
    }
  });

  test('a peer that sends its headers and then stalls the body times out as a body timeout', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    nock.enableNetConnect('127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      await expect(new HttpClient({ timeoutMs: 300 }).send('GET', `http://127.0.0.1:${port}/2/webhooks`)).rejects.toThrow(
        /BODY_TIMEOUT|the answer's body did not arrive within 300 ms/,
      );
    } finally {
      server.closeAllConnections();
      server.close();
      nock.disableNetConnect();
    }
  });

  test('the Authorization header is masked in the evidence', async () => {
    nock(BASE).get('/2/webhooks').reply(200, { data: [] });
    const res = await new HttpClient({ timeoutMs: 2000 }).send('GET', `${BASE}/2/webhooks`, {
      headers: { authorization: 'Bearer s3cr3t-token' },
    });
    expect(JSON.stringify(res.exchange)).not.toContain('s3cr3t-token');
    expect(res.exchange.request.headers.authorization).toBe('Bearer [REDACTED]');
  });

  test('an answer past maxResponseBytes is cut there, not parsed, marked truncated, and its evidence is bounded', async () => {
    nock(BASE)
      .get('/big')
      .reply(200, JSON.stringify({ data: 'x'.repeat(300_000) }), { 'content-type': 'application/json' });
    const res = await new HttpClient({ timeoutMs: 2000, maxResponseBytes: 100_000 }).send('GET', `${BASE}/big`);
    expect(res.truncated).toBe(true);
    expect(res.body).toBeUndefined();
    expect(res.text).toHaveLength(100_000);
    expect(res.exchange.response?.text).toMatch(
      /…\[conform: 34464 more characters not kept; answer larger than 100000 bytes, not read past that\]$/,
    );
  });

  test('a JSON body within the limit but over 64 KiB is kept as evidence only as cut text', async () => {
    nock(BASE)
      .get('/mid')
      .reply(200, JSON.stringify({ data: 'y'.repeat(80_000) }), { 'content-type': 'application/json' });
    const res = await new HttpClient({ timeoutMs: 2000 }).send('GET', `${BASE}/mid`);
    expect(res.truncated).toBeUndefined();
    expect((res.body as { data: string }).data).toHaveLength(80_000);
    expect(res.exchange.response?.body).toBeUndefined();
    expect(res.exchange.response?.text?.length).toBeLessThan(66 * 1024);
  });

  test('a wait longer than the rate-limit budget left is not waited: RateLimited at once', async () => {
    nock(BASE).get('/limited').reply(429, '', { 'retry-after': '3600' });
    const c = new HttpClient({ timeoutMs: 2000, rateLimitBudgetMs: 5000 });
    const err = await c.send('GET', `${BASE}/limited`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect((err as Error).message).toMatch(
      /^rate limit: the target asked to wait until .+Z \(budget spent: 5 s left of limits\.rateLimitBudgetMs\)$/,
    );
    expect(c.sent).toBe(1);
  });

  test('connection failures in a row make the target lost: reported once, and later calls are not sent', async () => {
    nock.enableNetConnect('127.0.0.1');
    try {
      const url = `http://127.0.0.1:${await freePort()}/gone`; // nothing listens there
      const lost: string[] = [];
      const c = new HttpClient({ timeoutMs: 2000, maxConnectionFailures: 3, onTargetLost: (d) => lost.push(d) });
      for (let i = 0; i < 3; i++) await expect(c.send('GET', url)).rejects.toThrow('connection refused (ECONNREFUSED)');
      expect(lost).toEqual([`3 connection failures in a row, the last: GET ${url}: connection refused (ECONNREFUSED)`]);
      await expect(c.send('GET', url)).rejects.toThrow('not sent: the target was lost');
      expect(c.sent).toBe(3);
    } finally {
      nock.disableNetConnect();
    }
  });

  test("an API that stops answering is lost although the control API beside it still answers (each part's failures in a row)", async () => {
    // the API's calls hang; the control API's answer (a reset before each rule) says nothing of the API
    const server = createServer((req, res) => {
      if (req.url?.startsWith('/__control/')) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    nock.enableNetConnect('127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const lost: string[] = [];
      const c = new HttpClient({ timeoutMs: 200, maxConnectionFailures: 3, onTargetLost: (d) => lost.push(d) });
      for (let i = 0; i < 3; i++) {
        expect((await c.send('POST', `${base}/__control/reset`)).status).toBe(200);
        await expect(c.send('GET', `${base}/2/webhooks`)).rejects.toThrow('no answer within 200 ms');
      }
      expect(lost).toEqual([`3 connection failures in a row, the last: GET ${base}/2/webhooks: no answer within 200 ms`]);
    } finally {
      server.closeAllConnections();
      server.close();
      nock.disableNetConnect();
    }
  });

  test('interrupt ends the calls in flight and refuses new ones until resume', async () => {
    const server = createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    nock.enableNetConnect('127.0.0.1');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hang`;
      const c = new HttpClient({ timeoutMs: 30_000 });
      const call = c.send('GET', url);
      await new Promise((r) => setTimeout(r, 100));
      c.interrupt('stopped by the test');
      await expect(call).rejects.toThrow('ended: stopped by the test');
      await expect(c.send('GET', url)).rejects.toThrow('not sent: stopped by the test');
      c.resume();
      expect(c.lost).toBeUndefined();
    } finally {
      server.closeAllConnections();
      server.close();
      nock.disableNetConnect();
    }
  });
});
