// The Data API's callbacks (suites/data-api/callbacks) on a real receiver on loopback, driven over
// TLS by undici: every CRC behaviour, the signature verdicts, event answers, holds.

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receiver } from '../../../harness/receiver/index.ts';
import {
  correctToken,
  dataHook,
  signatureFor,
  signatureInspector,
  swapCase,
  wrongSecret,
  type CrcBehaviour,
  type EventBehaviour,
} from '../../../suites/data-api/callbacks/index.ts';
import { clientFor, startTestReceiver, withTimeout, type Client } from './client.ts';

const SECRET = 'consumer-secret-under-test';
const BEARER = 'AAAA-bearer-token-under-test';
const secrets = { consumerSecret: SECRET, bearerToken: BEARER };

describe('dataHook', () => {
  let r: Receiver;
  let c: Client;
  const hook = (opts?: { crc?: CrcBehaviour; events?: EventBehaviour; pathSuffix?: string }) => dataHook(r, secrets, opts);

  beforeAll(async () => {
    r = await startTestReceiver({ inspectUnknown: signatureInspector(SECRET) });
    c = clientFor(r);
  });
  afterAll(async () => {
    await r.close();
    await c.agent.close();
  });

  it('is a hook of the receiver: a unique URL under publicBaseUrl, with the path suffix', () => {
    const a = hook();
    const b = hook({ pathSuffix: 'webhooks/x' });
    expect(a.url).toBe(`https://hooks.conformance.test${a.path}`);
    expect(a.path).toMatch(/^\/base\/cb\/\d+-[0-9a-f]+$/);
    expect(b.path).toMatch(/^\/base\/cb\/\d+-[0-9a-f]+\/webhooks\/x$/);
    expect(a.path).not.toBe(b.path);
  });

  const token = 'tok-8f1c+/=é';
  const mac = (key: string) => createHmac('sha256', key).update(token, 'utf8').digest();
  const correct = `sha256=${mac(SECRET).toString('base64')}`;
  const expected: Record<Exclude<CrcBehaviour, 'timeout'>, { status: number; body: unknown }> = {
    correct: { status: 200, body: { response_token: correct } },
    'wrong-key': { status: 200, body: { response_token: `sha256=${mac(wrongSecret(SECRET)).toString('base64')}` } },
    'bearer-key': { status: 200, body: { response_token: `sha256=${mac(BEARER).toString('base64')}` } },
    'hex-digest': { status: 200, body: { response_token: `sha256=${mac(SECRET).toString('hex')}` } },
    'no-prefix': { status: 200, body: { response_token: mac(SECRET).toString('base64') } },
    'wrong-field': { status: 200, body: { token: correct } },
    'swapped-case': { status: 200, body: { response_token: `sha256=${swapCase(mac(SECRET).toString('base64'))}` } },
    'http-error': { status: 500, body: { response_token: correct } },
  };

  for (const [behaviour, want] of Object.entries(expected)) {
    it(`CRC behaviour ${behaviour} answers ${want.status} ${JSON.stringify(want.body)}`, async () => {
      const h = hook({ crc: behaviour as CrcBehaviour });
      const res = await c.send('GET', `${h.path}?crc_token=${encodeURIComponent(token)}&nonce=1`);
      expect(res.status).toBe(want.status);
      expect(res.headers['content-type']).toBe('application/json');
      expect(JSON.parse(res.text)).toEqual(want.body);
      if (behaviour === 'correct') expect(JSON.parse(res.text).response_token).toBe(correctToken(SECRET, token));
      else if (behaviour !== 'http-error') expect(JSON.parse(res.text)).not.toEqual({ response_token: correct });
      const [rec] = h.crcRequests();
      expect(rec).toMatchObject({ method: 'GET', path: h.path, query: { crc_token: token, nonce: '1' }, answered: want.status });
      expect(rec.url).toBe(`${h.path}?crc_token=${encodeURIComponent(token)}&nonce=1`);
      expect(rec.signature).toBeUndefined();
      expect(h.eventRequests()).toEqual([]);
      expect(h.requests()).toEqual([rec]);
    });
  }

  it('defaults to a correct CRC and accepted events', async () => {
    const h = hook();
    expect(JSON.parse((await c.send('GET', `${h.path}?crc_token=d`)).text)).toEqual({ response_token: correctToken(SECRET, 'd') });
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(200);
  });

  it('setCrc switches the answer of an existing hook', async () => {
    const h = hook({ crc: 'hex-digest' });
    h.setCrc('correct');
    const res = await c.send('GET', `${h.path}?crc_token=abc`);
    expect(JSON.parse(res.text)).toEqual({ response_token: correctToken(SECRET, 'abc') });
  });

  it('records and answers 400 a GET without crc_token; an empty one is answered with the HMAC of ""', async () => {
    const h = hook();
    const missing = await c.send('GET', h.path);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text)).toEqual({ error: 'missing crc_token' });
    const empty = await c.send('GET', `${h.path}?crc_token=`);
    expect(empty.status).toBe(200);
    expect(JSON.parse(empty.text)).toEqual({ response_token: correctToken(SECRET, '') });
    expect(h.crcRequests().map((x) => x.answered)).toEqual([400, 200]);
  });

  it('answers the first crc_token when the query repeats it', async () => {
    const h = hook();
    const res = await c.send('GET', `${h.path}?crc_token=one&crc_token=two`);
    expect(JSON.parse(res.text)).toEqual({ response_token: correctToken(SECRET, 'one') });
  });

  it('checks event signatures against the raw bytes', async () => {
    const h = hook();
    const body = Buffer.concat([Buffer.from('{"for_user_id":"1","x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const changed = Buffer.from(body);
    changed[3] ^= 0x20;
    const hex = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const send = (b: Buffer, sig?: string) =>
      c.send('POST', h.path, {
        body: b,
        headers: { 'content-type': 'application/json', ...(sig ? { 'x-vendor-webhooks-signature': sig } : {}) },
      });

    const ok = await send(body, signatureFor(SECRET, body));
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('');
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
    const h = hook({ events: 'fail' });
    const failed = await c.send('POST', h.path, { body: '{}' });
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toEqual({ error: 'event rejected by test' });
    h.setEvents('accept');
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(200);
    expect(h.eventRequests().map((e) => e.answered)).toEqual([500, 200]);
  });

  it('answers other methods 405 with allow: GET, POST', async () => {
    const h = hook();
    const res = await c.send('PUT', h.path, { body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(h.requests()[0]).toMatchObject({ method: 'PUT', answered: 405 });
    expect(h.requests()[0].signature).toBeUndefined();
    expect(h.crcRequests()).toEqual([]);
    expect(h.eventRequests()).toEqual([]);
  });

  it('an unknown path is answered 404 and its POST signature checked (signatureInspector as inspectUnknown)', async () => {
    const before = r.lastSeq();
    const res = await c.send('POST', '/base/cb/nope?crc_token=x', { body: 'abc', headers: { 'x-vendor-webhooks-signature': 'sha256=zz' } });
    expect(res.status).toBe(404);
    const rec = r.all().find((x) => x.seq > before);
    expect(rec).toMatchObject({ method: 'POST', path: '/base/cb/nope', answered: 404, query: { crc_token: 'x' } });
    expect(rec?.rawBody.toString()).toBe('abc');
    expect(rec?.signature).toEqual({ header: 'sha256=zz', expected: signatureFor(SECRET, 'abc'), valid: false });
  });

  it('waitFor and requests go through to the hook', async () => {
    const h = hook();
    const since = r.lastSeq();
    const pending = h.waitFor((x) => x.method === 'POST', 2000, since);
    expect(await withTimeout(pending, 30)).toBe('pending');
    await c.send('GET', `${h.path}?crc_token=1`);
    await c.send('POST', h.path, { body: '{"n":1}' });
    const got = await pending;
    expect(got?.rawBody.toString()).toBe('{"n":1}');
    expect(h.requests().map((x) => x.method)).toEqual(['GET', 'POST']);
  });

  it('holds a timeout CRC until release(), then answers 503 and stops holding', async () => {
    const h = hook({ crc: 'timeout' });
    const res = c.send('GET', `${h.path}?crc_token=t`);
    const rec = await h.waitFor((x) => x.method === 'GET', 2000);
    expect(rec?.answered).toBe('held');
    expect(await withTimeout(res, 150)).toBe('pending');
    h.release();
    expect((await res).status).toBe(503);

    // released: further CRCs are answered 503 at once, and setEvents does not re-arm
    h.setEvents('accept');
    expect((await c.send('GET', `${h.path}?crc_token=t2`)).status).toBe(503);
    // setCrc re-arms
    h.setCrc('timeout');
    const again = c.send('GET', `${h.path}?crc_token=t3`);
    expect(await withTimeout(again, 100)).toBe('pending');
    h.release();
    expect((await again).status).toBe(503);
    expect(h.crcRequests().map((x) => x.answered)).toEqual(['held', 503, 'held']);
  });

  it('a timeout hook still answers a GET without crc_token 400 at once', async () => {
    const h = hook({ crc: 'timeout' });
    expect((await c.send('GET', h.path)).status).toBe(400);
  });

  it('still answers event POSTs on a hook whose CRC times out', async () => {
    const h = hook({ crc: 'timeout' });
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(200);
  });
});

describe('dataHook lifecycle', () => {
  it('answers a held CRC after maxHoldMs', async () => {
    const r = await startTestReceiver({ maxHoldMs: 200 });
    const c = clientFor(r);
    try {
      const h = dataHook(r, secrets, { crc: 'timeout' });
      const t0 = Date.now();
      const res = await c.send('GET', `${h.path}?crc_token=x`);
      expect(res.status).toBe(503);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(180);
    } finally {
      await r.close();
      await c.agent.close();
    }
  });

  it('close() answers held CRCs, ends pending waitFor, and resolves', async () => {
    const r = await startTestReceiver();
    const c = clientFor(r);
    const h = dataHook(r, secrets, { crc: 'timeout' });
    const res = c.send('GET', `${h.path}?crc_token=x`);
    await h.waitFor(() => true, 2000);
    const waiting = h.waitFor((x) => x.method === 'POST', 5000);
    const t0 = Date.now();
    await r.close();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await res).status).toBe(503);
    expect(await waiting).toBeUndefined();
    expect(await h.waitFor(() => false, 5000)).toBeUndefined();
    await c.agent.close();
  });

  it('without inspectUnknown, a POST to an unknown path carries no verdict', async () => {
    const r = await startTestReceiver();
    const c = clientFor(r);
    try {
      dataHook(r, secrets);
      expect((await c.send('POST', '/base/cb/nope', { body: 'abc', headers: { 'x-vendor-webhooks-signature': 'sha256=zz' } })).status).toBe(
        404,
      );
      expect(r.all()[0].signature).toBeUndefined();
    } finally {
      await r.close();
      await c.agent.close();
    }
  });
});
