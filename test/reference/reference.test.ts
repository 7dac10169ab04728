// Smoke test of the embedded reference: a webhook against a local HTTPS callback (resolver
// mapping + trusted self-signed certificate), signed events, a replay, auth, reset.

import { createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:https';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReference } from '../../domains/reference.ts';

const CONSUMER_SECRET = 'smoke-consumer-secret';
const BEARER = 'smoke-bearer-token';
const HOST = 'hooks.conformance.test';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const b64hmac = (key: string, msg: string | Buffer) => createHmac('sha256', key).update(msg).digest('base64');

let callback: Server;
let seen: Seen[] = [];
let ref: RunningReference;

async function startCallback(): Promise<{ server: Server; port: number; certPem: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: HOST }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: HOST }] }],
  });
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const token = new URL(req.url ?? '/', `https://${HOST}`).searchParams.get('crc_token');
      if (req.method === 'GET' && token) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ response_token: `sha256=${b64hmac(CONSUMER_SECRET, token)}` }));
      } else {
        res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return { server, port: typeof addr === 'object' && addr ? addr.port : 0, certPem: pems.cert };
}

async function call(method: string, url: string, body?: unknown, token: string | null = BEARER) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    date: res.headers.get('date'),
    body: text ? JSON.parse(text) : undefined,
  };
}

async function waitFor<T>(fn: () => T | undefined, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  const cb = await startCallback();
  callback = cb.server;
  ref = await startReference({
    credentials: { consumerSecret: CONSUMER_SECRET, bearerToken: BEARER },
    resolve: { [`${HOST}:443`]: `127.0.0.1:${cb.port}` },
    trustCaPem: cb.certPem,
  });
});

afterAll(async () => {
  await ref?.close();
  callback?.closeAllConnections();
  await new Promise((r) => callback?.close(r));
});

describe('reference target', () => {
  it('refuses webhook management without the bearer token', async () => {
    const res = await call('GET', `${ref.baseUrl}/2/webhooks`, undefined, null);
    expect(res.status).toBe(401);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
  });

  it('creates a webhook after a CRC, delivers signed events, replays them, and resets', async () => {
    seen = [];
    const url = `https://${HOST}/cb/smoke`;
    const created = await call('POST', `${ref.baseUrl}/2/webhooks`, { url });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ url, valid: true });
    expect(created.body.data.id).toMatch(/^[0-9]{1,19}$/);
    expect(created.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const crc = seen.find((s) => s.method === 'GET');
    expect(crc?.url).toMatch(/^\/cb\/smoke\?crc_token=.+/);

    const dup = await call('POST', `${ref.baseUrl}/2/webhooks`, { url });
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0].message).toMatch(/^DuplicateUrlFailed: /);

    const payload = { data: { event_uuid: 'e-1', text: 'ünïcødé ✓' } };
    const ev = await call('POST', `${ref.controlBaseUrl}/events`, { events: [{ id: 'e-1', kind: 'post.create', payload }] });
    expect(ev.body).toEqual({ deliveries: [{ event_id: 'e-1', webhook_id: created.body.data.id, status: 200 }] });
    const post = seen.find((s) => s.method === 'POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body.toString('utf8'))).toEqual(payload);
    expect(post?.headers['x-vendor-webhooks-signature']).toBe(`sha256=${b64hmac(CONSUMER_SECRET, post!.body)}`);

    const clock = await call('GET', `${ref.controlBaseUrl}/clock`);
    const now = new Date(clock.body.now);
    const ymdhm = (d: Date) =>
      d
        .toISOString()
        .replace(/[^0-9]/g, '')
        .slice(0, 12);
    const before = seen.length;
    const job = await call('POST', `${ref.baseUrl}/2/webhooks/replay`, {
      webhook_id: created.body.data.id,
      from_date: ymdhm(new Date(now.getTime() - 3_600_000)),
      to_date: ymdhm(now),
    });
    expect(job.status).toBe(200);
    expect(job.body.job_id).toMatch(/^[0-9]+$/);
    const replayed = await waitFor(() => seen.slice(before).find((s) => s.method === 'POST'));
    expect(replayed.body.equals(post!.body)).toBe(true);
    expect(replayed.headers['x-vendor-webhooks-signature']).toBe(`sha256=${b64hmac(CONSUMER_SECRET, replayed.body)}`);

    const bad = await call('POST', `${ref.baseUrl}/2/webhooks/replay`, {
      webhook_id: created.body.data.id,
      from_date: '202602300000',
      to_date: ymdhm(now),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].parameters).toHaveProperty('from_date');

    const advanced = await call('POST', `${ref.controlBaseUrl}/clock`, { advance_seconds: 7200 });
    expect(new Date(advanced.body.now).getTime()).toBeGreaterThanOrEqual(now.getTime() + 7_200_000);
    expect(new Date(advanced.date!).getTime()).toBeGreaterThan(now.getTime() + 7_000_000);

    expect((await call('POST', `${ref.controlBaseUrl}/reset`)).status).toBe(204);
    expect((await call('GET', `${ref.baseUrl}/2/webhooks`)).body).toEqual({ data: [], meta: { result_count: 0 } });
    const after = new Date((await call('GET', `${ref.controlBaseUrl}/clock`)).body.now).getTime();
    expect(Math.abs(after - Date.now())).toBeLessThan(5000);
  });

  it('serves GET /2/tweets with field selection and expansions', async () => {
    await call('POST', `${ref.controlBaseUrl}/posts`, {
      posts: [{ id: '10', text: 'hi', lang: 'en', author_id: '7', attachments: { media_keys: ['3_1'] } }],
      users: [{ id: '7', name: 'N', username: 'n', location: 'x' }],
      media: [{ media_key: '3_1', type: 'video', duration_ms: 5, public_metrics: { view_count: 1 } }],
    });
    const plain = await call('GET', `${ref.baseUrl}/2/tweets?ids=10,99`);
    expect(plain.body.data).toEqual([{ id: '10', text: 'hi' }]);
    expect(plain.body.errors[0]).toMatchObject({ parameter: 'ids', value: '99', resource_type: 'tweet' });
    const rich = await call(
      'GET',
      `${ref.baseUrl}/2/tweets?ids=10&tweet.fields=lang&expansions=attachments.media_keys,author_id&media.fields=duration_ms`,
    );
    expect(rich.body.data).toEqual([{ id: '10', text: 'hi', lang: 'en' }]);
    expect(rich.body.includes).toEqual({
      media: [{ media_key: '3_1', type: 'video', duration_ms: 5 }],
      users: [{ id: '7', name: 'N', username: 'n' }],
    });
  });
});
