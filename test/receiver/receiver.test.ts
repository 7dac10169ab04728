// A real receiver on loopback, driven over TLS by undici (trusting only the receiver's certificate).

import { createHmac, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import {
  correctToken,
  signatureFor,
  startReceiver,
  wrongSecret,
  type CrcBehaviour,
  type Receiver,
} from '../../harness/receiver/index.ts';

const PUBLIC_HOST = 'hooks.conformance.test';
const SECRET = 'consumer-secret-under-test';
const BEARER = 'AAAA-bearer-token-under-test';

interface Client {
  agent: Agent;
  send(method: string, path: string, opts?: { body?: Buffer | string; headers?: Record<string, string> }): Promise<{ status: number; text: string }>;
}

function clientFor(r: Receiver): Client {
  const agent = new Agent({ connect: { ca: r.certPem, servername: PUBLIC_HOST } });
  return {
    agent,
    async send(method, path, opts = {}) {
      const res = await request(`https://127.0.0.1:${r.listenPort}${path}`, {
        method,
        dispatcher: agent,
        headers: opts.headers,
        body: opts.body,
      });
      return { status: res.statusCode, text: await res.body.text() };
    },
  };
}

function startTestReceiver(extra: { maxHoldMs?: number } = {}): Promise<Receiver> {
  return startReceiver({
    listenHost: '127.0.0.1',
    listenPort: 0,
    publicBaseUrl: `https://${PUBLIC_HOST}/base/`,
    consumerSecret: SECRET,
    bearerToken: BEARER,
    ...extra,
  });
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | 'pending'> =>
  Promise.race([p, new Promise<'pending'>((res) => setTimeout(() => res('pending'), ms))]);

describe('receiver', () => {
  let r: Receiver;
  let c: Client;

  beforeAll(async () => {
    r = await startTestReceiver();
    c = clientFor(r);
  });
  afterAll(async () => {
    await r.close();
    await c.agent.close();
  });

  it('serves a certificate for the public host, localhost and 127.0.0.1', () => {
    const cert = new X509Certificate(r.certPem);
    expect(cert.checkHost(PUBLIC_HOST)).toBe(PUBLIC_HOST);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(r.listenPort).toBeGreaterThan(0);
    expect(r.publicBaseUrl).toBe(`https://${PUBLIC_HOST}/base`);
  });

  it('allocates unique hook URLs under publicBaseUrl', () => {
    const a = r.hook();
    const b = r.hook({ pathSuffix: 'webhooks/x' });
    expect(a.url).toBe(`https://${PUBLIC_HOST}${a.path}`);
    expect(a.path).toMatch(/^\/base\/cb\/\d+-[0-9a-f]+$/);
    expect(b.path).toMatch(/^\/base\/cb\/\d+-[0-9a-f]+\/webhooks\/x$/);
    expect(a.path).not.toBe(b.path);
    expect(new URL(a.url).port).toBe('');
  });

  const token = 'tok-8f1c+/=é';
  const mac = (key: string) => createHmac('sha256', key).update(token, 'utf8').digest();
  const correct = 'sha256=' + mac(SECRET).toString('base64');
  const expected: Record<Exclude<CrcBehaviour, 'timeout'>, { status: number; body: unknown }> = {
    correct: { status: 200, body: { response_token: correct } },
    'wrong-key': { status: 200, body: { response_token: 'sha256=' + mac(wrongSecret(SECRET)).toString('base64') } },
    'bearer-key': { status: 200, body: { response_token: 'sha256=' + mac(BEARER).toString('base64') } },
    'hex-digest': { status: 200, body: { response_token: 'sha256=' + mac(SECRET).toString('hex') } },
    'no-prefix': { status: 200, body: { response_token: mac(SECRET).toString('base64') } },
    'wrong-field': { status: 200, body: { token: correct } },
    'http-error': { status: 500, body: { response_token: correct } },
  };

  for (const [behaviour, want] of Object.entries(expected)) {
    it(`CRC behaviour ${behaviour} answers ${want.status} ${JSON.stringify(want.body)}`, async () => {
      const h = r.hook({ crc: behaviour as CrcBehaviour });
      const res = await c.send('GET', `${h.path}?crc_token=${encodeURIComponent(token)}&nonce=1`);
      expect(res.status).toBe(want.status);
      expect(JSON.parse(res.text)).toEqual(want.body);
      if (behaviour === 'correct') expect(JSON.parse(res.text).response_token).toBe(correctToken(SECRET, token));
      else if (behaviour !== 'http-error') expect(JSON.parse(res.text)).not.toEqual({ response_token: correct });
      const [rec] = h.crcRequests();
      expect(rec).toMatchObject({ method: 'GET', path: h.path, query: { crc_token: token, nonce: '1' }, answered: want.status });
      expect(rec.url).toBe(`${h.path}?crc_token=${encodeURIComponent(token)}&nonce=1`);
      expect(rec.signature).toBeUndefined();
      expect(h.eventRequests()).toEqual([]);
    });
  }

  it('setCrc switches the answer of an existing hook', async () => {
    const h = r.hook({ crc: 'hex-digest' });
    h.setCrc('correct');
    const res = await c.send('GET', `${h.path}?crc_token=abc`);
    expect(JSON.parse(res.text)).toEqual({ response_token: correctToken(SECRET, 'abc') });
  });

  it('records and answers 400 a GET without crc_token; an empty one is answered with the HMAC of ""', async () => {
    const h = r.hook();
    expect((await c.send('GET', h.path)).status).toBe(400);
    const empty = await c.send('GET', `${h.path}?crc_token=`);
    expect(empty.status).toBe(200);
    expect(JSON.parse(empty.text)).toEqual({ response_token: correctToken(SECRET, '') });
    expect(h.crcRequests().map((x) => x.answered)).toEqual([400, 200]);
  });

  it('checks event signatures against the raw bytes', async () => {
    const h = r.hook();
    const body = Buffer.concat([Buffer.from('{"for_user_id":"1","x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const changed = Buffer.from(body);
    changed[3] ^= 0x20;
    const hex = 'sha256=' + createHmac('sha256', SECRET).update(body).digest('hex');
    const send = (b: Buffer, sig?: string) =>
      c.send('POST', h.path, {
        body: b,
        headers: { 'content-type': 'application/json', ...(sig ? { 'x-vendor-webhooks-signature': sig } : {}) },
      });

    expect((await send(body, signatureFor(SECRET, body))).status).toBe(200);
    await send(changed, signatureFor(SECRET, body));
    await send(body, signatureFor(BEARER, body));
    await send(body, hex);
    await send(body);

    const ev = h.eventRequests();
    expect(ev.map((e) => e.signature?.valid)).toEqual([true, false, false, false, false]);
    expect(ev[0].rawBody.equals(body)).toBe(true);
    expect(ev[1].rawBody.equals(changed)).toBe(true);
    expect(ev[0].signature).toEqual({ header: signatureFor(SECRET, body), expected: signatureFor(SECRET, body), valid: true });
    expect(ev[3].signature?.header).toBe(hex);
    expect(ev[4].signature).toEqual({ header: undefined, expected: signatureFor(SECRET, body), valid: false });
    expect(ev.every((e) => e.answered === 200)).toBe(true);
    expect(ev[0].headers['content-type']).toBe('application/json');
  });

  it("answers event POSTs 500 with 'fail'", async () => {
    const h = r.hook({ events: 'fail' });
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(500);
    h.setEvents('accept');
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(200);
    expect(h.eventRequests().map((e) => e.answered)).toEqual([500, 200]);
  });

  it('answers other methods 405', async () => {
    const h = r.hook();
    expect((await c.send('PUT', h.path, { body: 'x' })).status).toBe(405);
    expect(h.requests()[0]).toMatchObject({ method: 'PUT', answered: 405 });
  });

  it('answers an unknown path 404 and records it anyway', async () => {
    const before = r.lastSeq();
    const res = await c.send('POST', '/base/cb/nope?crc_token=x', { body: 'abc', headers: { 'x-vendor-webhooks-signature': 'sha256=zz' } });
    expect(res.status).toBe(404);
    const rec = r.all().find((x) => x.seq > before);
    expect(rec).toMatchObject({ method: 'POST', path: '/base/cb/nope', answered: 404, query: { crc_token: 'x' } });
    expect(rec?.rawBody.toString()).toBe('abc');
    expect(rec?.signature?.valid).toBe(false);
  });

  it('routes a hook with a trailing path difference to 404, not to the hook', async () => {
    const h = r.hook();
    expect((await c.send('GET', `${h.path}/?crc_token=a`)).status).toBe(404);
    expect(h.requests()).toEqual([]);
  });

  it('numbers every request globally in arrival order', async () => {
    const a = r.hook();
    const b = r.hook();
    const start = r.lastSeq();
    await c.send('GET', `${a.path}?crc_token=1`);
    await c.send('GET', `${b.path}?crc_token=2`);
    await c.send('POST', `${a.path}`, { body: '{}' });
    expect(r.lastSeq()).toBe(start + 3);
    expect(a.requests().map((x) => x.seq)).toEqual([start + 1, start + 3]);
    expect(b.requests().map((x) => x.seq)).toEqual([start + 2]);
    const seqs = r.all().map((x) => x.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(Date.parse(a.requests()[0].at)).not.toBeNaN();
  });

  it('waitFor resolves for an already recorded request, a future one, and respects sinceSeq', async () => {
    const h = r.hook();
    await c.send('GET', `${h.path}?crc_token=old`);
    const old = await h.waitFor((x) => x.method === 'GET', 50);
    expect(old?.query.crc_token).toBe('old');

    const since = r.lastSeq();
    const pending = h.waitFor((x) => x.method === 'GET', 2000, since);
    expect(await withTimeout(pending, 30)).toBe('pending');
    await c.send('GET', `${h.path}?crc_token=new`);
    const got = await pending;
    expect(got?.query.crc_token).toBe('new');
    expect(got!.seq).toBeGreaterThan(since);
  });

  it('waitFor resolves undefined at the timeout', async () => {
    const h = r.hook();
    const t0 = Date.now();
    expect(await h.waitFor(() => true, 100)).toBeUndefined();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('waitFor rejects when the predicate throws', async () => {
    const h = r.hook();
    await c.send('GET', `${h.path}?crc_token=x`);
    await expect(h.waitFor(() => { throw new Error('bad predicate'); }, 100)).rejects.toThrow('bad predicate');
  });

  it('holds a timeout CRC until release(), then answers 503 and stops holding', async () => {
    const h = r.hook({ crc: 'timeout' });
    const res = c.send('GET', `${h.path}?crc_token=t`);
    const rec = await h.waitFor((x) => x.method === 'GET', 2000);
    expect(rec?.answered).toBe('held');
    expect(await withTimeout(res, 150)).toBe('pending');
    h.release();
    expect((await res).status).toBe(503);

    // released: further CRCs are answered 503 at once
    expect((await c.send('GET', `${h.path}?crc_token=t2`)).status).toBe(503);
    // setCrc re-arms
    h.setCrc('timeout');
    const again = c.send('GET', `${h.path}?crc_token=t3`);
    expect(await withTimeout(again, 100)).toBe('pending');
    h.release();
    expect((await again).status).toBe(503);
  });

  it('still answers event POSTs on a hook whose CRC times out', async () => {
    const h = r.hook({ crc: 'timeout' });
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(200);
  });
});

describe('receiver lifecycle', () => {
  it('answers a held request after maxHoldMs', async () => {
    const r = await startTestReceiver({ maxHoldMs: 200 });
    const c = clientFor(r);
    try {
      const h = r.hook({ crc: 'timeout' });
      const t0 = Date.now();
      const res = await c.send('GET', `${h.path}?crc_token=x`);
      expect(res.status).toBe(503);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(180);
    } finally {
      await r.close();
      await c.agent.close();
    }
  });

  it('close() answers held requests, ends pending waitFor, and resolves', async () => {
    const r = await startTestReceiver();
    const c = clientFor(r);
    const h = r.hook({ crc: 'timeout' });
    const res = c.send('GET', `${h.path}?crc_token=x`);
    await h.waitFor(() => true, 2000);
    const waiting = h.waitFor((x) => x.method === 'POST', 5000);
    const t0 = Date.now();
    await r.close();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await res).status).toBe(503);
    expect(await waiting).toBeUndefined();
    expect(await h.waitFor(() => false, 5000)).toBeUndefined();
    await r.close(); // idempotent
    await expect(c.send('GET', `${h.path}?crc_token=y`)).rejects.toThrow();
    await c.agent.close();
  });

  it('refuses a publicBaseUrl with a port or without https', async () => {
    const base = { listenHost: '127.0.0.1', listenPort: 0, consumerSecret: 's', bearerToken: 'b' };
    await expect(startReceiver({ ...base, publicBaseUrl: 'https://h.test:8443' })).rejects.toThrow(/port/);
    await expect(startReceiver({ ...base, publicBaseUrl: 'http://h.test' })).rejects.toThrow(/https/);
  });

  it('serves a configured certificate', async () => {
    const { createCertificate } = await import('../../harness/receiver/index.ts');
    const tls = await createCertificate('other.conformance.test');
    const r = await startReceiver({
      listenHost: '127.0.0.1',
      listenPort: 0,
      publicBaseUrl: 'https://hooks.conformance.test',
      consumerSecret: 's',
      bearerToken: 'b',
      tls,
    });
    try {
      expect(r.certPem).toBe(tls.certPem);
      expect(r.hook().path).toMatch(/^\/cb\//);
    } finally {
      await r.close();
    }
  });
});

describe('TLS failures', () => {
  it('counts handshakes from peers that do not trust the certificate', async () => {
    const { startReceiver } = await import('../../harness/receiver/index.ts');
    const { connect } = await import('node:tls');
    const rcv = await startReceiver({ listenHost: '127.0.0.1', listenPort: 0, publicBaseUrl: 'https://hooks.conformance.test', consumerSecret: 'secret-1', bearerToken: 'bearer-1' });
    try {
      await new Promise<void>((resolve) => {
        const s = connect({ host: '127.0.0.1', port: rcv.listenPort, servername: 'hooks.conformance.test', rejectUnauthorized: true });
        s.on('error', () => resolve());
        s.on('secureConnect', () => { s.destroy(); resolve(); });
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(rcv.tlsFailures().length).toBe(1);
    } finally {
      await rcv.close();
    }
  });
});
