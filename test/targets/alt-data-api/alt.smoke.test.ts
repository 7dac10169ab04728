// Smoke test of the alt target against a tiny local HTTPS callback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttps, type Server } from 'node:https';
import { request } from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { startAltTarget, type RunningAlt } from './index.ts';

const SECRET = 'consumer-secret-for-alt';
const BEARER = 'bearer-for-alt';
const CONTROL = 'control-for-alt';
const mac = (data: string | Buffer) => `sha256=${createHmac('sha256', SECRET).update(data).digest('base64')}`;

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
let crcMode: 'correct' | 'wrong' = 'correct';
const seen: Seen[] = [];
let hooks: Server;
let alt: RunningAlt;

function call(method: string, url: string, body?: unknown, token: string | null = BEARER) {
  return new Promise<{ status: number; type: string; json: any }>((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      url,
      {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            json: text ? JSON.parse(text) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
const api = (m: string, p: string, b?: unknown, t: string | null = BEARER) => call(m, alt.dataBaseUrl + p, b, t);
const ctl = (m: string, p: string, b?: unknown) => call(m, alt.controlBaseUrl + p, b, CONTROL);

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 12);
}
async function until<T>(f: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'hooks.conformance.test' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'hooks.conformance.test' }] }],
  });
  hooks = createHttps({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const token = new URL(req.url ?? '/', 'https://x').searchParams.get('crc_token');
      if (req.method === 'GET' && token !== null) {
        const rt = crcMode === 'correct' ? mac(token) : `sha256=${createHmac('sha256', BEARER).update(token).digest('base64')}`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_token: rt }));
      } else res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  const port = (hooks.address() as AddressInfo).port;
  alt = await startAltTarget({
    consumerSecret: SECRET,
    bearerToken: BEARER,
    controlToken: CONTROL,
    resolve: { 'hooks.conformance.test:443': `127.0.0.1:${port}` },
    trustCaPem: pems.cert,
  });
});

afterAll(async () => {
  await alt?.close();
  hooks?.closeAllConnections();
  await new Promise((r) => hooks?.close(r));
});

describe('alt target', () => {
  it('serves capabilities and refuses a missing bearer', async () => {
    const caps = await ctl('GET', '/capabilities');
    expect(caps.json).toMatchObject({ clock: true, events: true, adsFixtures: false, limits: { maxWebhooks: 2 } });
    const r = await api('GET', '/2/webhooks', undefined, null);
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ code: 89 });
  });

  it('registers, delivers signed events, replays them, and handles hold/conflict and CRC failure', async () => {
    expect((await ctl('POST', '/reset')).status).toBe(204);
    const bad = await api('POST', '/2/webhooks', { url: 'https://hooks.conformance.test:8443/cb' });
    expect(bad.status).toBe(422);
    expect(bad.type).toContain('application/problem+json');
    expect(bad.json.errors[0].message).toBe('UrlValidationFailed');

    const reg = await api('POST', '/2/webhooks', { url: 'https://hooks.conformance.test/cb1' });
    expect(reg.status).toBe(200);
    expect(reg.json.data).toMatchObject({ url: 'https://hooks.conformance.test/cb1', valid: true });
    expect(reg.json.data.id).toMatch(/^[0-9]{19}$/);
    const id: string = reg.json.data.id;
    expect(seen.some((s) => s.method === 'GET' && s.url.startsWith('/cb1?crc_token='))).toBe(true);
    expect((await api('POST', '/2/webhooks', { url: 'https://hooks.conformance.test/cb1' })).status).toBe(409);

    const evAt = Date.parse((await ctl('GET', '/clock')).json.now);
    const payload = { for_user_id: '1', text: 'héllo ✓', n: 1 };
    const ev = await ctl('POST', '/events', { events: [{ id: 'e1', kind: 'post.create', payload }] });
    expect(ev.json.deliveries).toEqual([{ event_id: 'e1', webhook_id: id, status: 200 }]);
    const posts = () => seen.filter((s) => s.method === 'POST' && s.url === '/cb1');
    expect(posts()).toHaveLength(1);
    const first = posts()[0];
    expect(first.headers['x-vendor-webhooks-signature']).toBe(mac(first.body));
    expect(JSON.parse(first.body.toString())).toEqual(payload);

    const now = Date.parse((await ctl('POST', '/clock', { advance_seconds: 120 })).json.now);
    const window = { webhook_id: id, from_date: stamp(evAt), to_date: stamp(now) };
    expect((await api('POST', '/2/webhooks/replay', { ...window, to_date: stamp(now + 120_000) })).status).toBe(400);
    expect((await api('POST', '/2/webhooks/replay', { ...window, from_date: '202402300000' })).json.message).toContain('from_date');
    const job = await api('POST', '/2/webhooks/replay', window);
    expect(job.status).toBe(200);
    expect(job.json).toMatchObject({ webhook_id: id });
    const replayed = await until(() => posts()[1]);
    expect(replayed.body.equals(first.body)).toBe(true);
    expect(replayed.headers['x-vendor-webhooks-signature']).toBe(mac(replayed.body));

    await ctl('POST', '/replay-hold', { hold: true });
    await new Promise((r) => setTimeout(r, 60));
    expect((await api('POST', '/2/webhooks/replay', window)).status).toBe(200);
    const conflict = await api('POST', '/2/webhooks/replay', window);
    expect(conflict.status).toBe(429);
    expect(conflict.json.type).toBe(`${alt.problemTypeBase}/2/problems/conflict`);
    await new Promise((r) => setTimeout(r, 60));
    expect(posts()).toHaveLength(2);
    await ctl('POST', '/replay-hold', { hold: false });
    expect(posts()).toHaveLength(3);

    crcMode = 'wrong';
    await ctl('POST', '/clock', { advance_seconds: 3600 });
    expect((await api('GET', '/2/webhooks')).json.data[0].valid).toBe(false);
    const put = await api('PUT', `/2/webhooks/${id}`);
    expect(put.status).toBe(422);
    expect(put.json.errors[0].message).toBe('CrcValidationFailed');
    crcMode = 'correct';
    expect((await api('PUT', `/2/webhooks/${id}`)).json).toEqual({ data: { valid: true } });
    expect((await api('DELETE', `/2/webhooks/${id}`)).json).toEqual({ data: { deleted: true } });
    expect((await api('DELETE', `/2/webhooks/${id}`)).status).toBe(404);
  });

  it('selects post fields and expansions', async () => {
    await ctl('POST', '/posts', {
      posts: [{ id: '20', text: 'hi', lang: 'en', attachments: { media_keys: ['3_1'] } }],
      media: [{ media_key: '3_1', type: 'video', duration_ms: 1000, public_metrics: { view_count: 5 } }],
    });
    const plain = await api('GET', '/2/tweets?ids=20,21');
    expect(plain.json).toEqual({ data: [{ id: '20', text: 'hi', edit_history_tweet_ids: ['20'] }] });
    const rich = await api('GET', '/2/tweets?ids=20&tweet.fields=lang&expansions=attachments.media_keys&media.fields=duration_ms');
    expect(rich.json.data[0].lang).toBe('en');
    expect(rich.json.includes).toEqual({ media: [{ media_key: '3_1', type: 'video', duration_ms: 1000 }] });
    expect((await api('GET', '/2/tweets?ids=20', undefined, null)).status).toBe(401);
  });
});
