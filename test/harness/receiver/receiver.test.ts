// The generic receiver on loopback, driven over TLS by undici (trusting only the receiver's
// certificate): responders, inspectors, holds, recording, waitFor, lifecycle. The Data API's
// callbacks on it are tested in data-hook.test.ts.

import { X509Certificate } from 'node:crypto';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCertificate,
  startReceiver,
  type ArrivedRequest,
  type Inspector,
  type Receiver,
  type Responder,
} from '../../../harness/receiver/index.ts';
import { RECORD_OVERHEAD_BYTES, recordBytes } from '../../../harness/receiver/keep-budget.ts';
import { PUBLIC_HOST, clientFor, startTestReceiver, withTimeout, type Client } from './client.ts';
import { actAs } from '../../../harness/domain/owner.ts';

/** Holds every request. */
const holdAll: Responder = () => ({ hold: true });
/** A verdict on the "x-check" header: valid when it equals the raw body reversed. */
const reversedBody: Inspector = (req) => {
  const expected = Buffer.from(req.rawBody).reverse().toString('latin1');
  const header = req.headers['x-check'];
  return { header, expected, valid: header === expected };
};

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
    expect(r.listenHost).toBe('127.0.0.1');
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

  it('encodes a path suffix segment by segment and routes equivalent encodings to the hook', async () => {
    const h = r.hook({ pathSuffix: '/a b/c;d=e' });
    expect(h.path).toMatch(/\/a%20b\/c;d=e$/);
    expect((await c.send('GET', h.path)).status).toBe(200);
    expect((await c.send('GET', h.path.replace('c;d=e', 'c%3Bd%3De'))).status).toBe(200);
    expect(h.requests()).toHaveLength(2);
  });

  it('answers 200 with no body by default, to any method', async () => {
    const h = r.hook();
    for (const m of ['GET', 'POST', 'PUT', 'DELETE']) {
      const res = await c.send(m, `${h.path}?x=1`, m === 'GET' || m === 'DELETE' ? {} : { body: 'b' });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
    }
    expect(h.requests().map((x) => [x.method, x.answered])).toEqual([
      ['GET', 200],
      ['POST', 200],
      ['PUT', 200],
      ['DELETE', 200],
    ]);
  });

  it("sends the responder's status, JSON body and headers, and records the status", async () => {
    const seen: ArrivedRequest[] = [];
    const h = r.hook({
      respond: (req) => {
        seen.push(req);
        return { status: 418, body: { got: req.query.q ?? null, method: req.method }, headers: { 'X-Extra': 'yes', allow: 'GET' } };
      },
    });
    const res = await c.send('GET', `${h.path}?q=%C3%A9%20&q=second&n=1`);
    expect(res.status).toBe(418);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-extra']).toBe('yes');
    expect(res.headers.allow).toBe('GET');
    expect(JSON.parse(res.text)).toEqual({ got: 'é ', method: 'GET' });
    const [rec] = h.requests();
    expect(rec).toMatchObject({ method: 'GET', path: h.path, query: { q: 'é ', n: '1' }, answered: 418 });
    expect(rec.url).toBe(`${h.path}?q=%C3%A9%20&q=second&n=1`);
    expect(rec.signature).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ seq: rec.seq, path: h.path, query: rec.query });
    expect('answered' in seen[0]).toBe(false);
  });

  it('lets a responder set its own content-type, but not the content-length', async () => {
    const h = r.hook({
      respond: () => ({ status: 200, body: 'text', headers: { 'content-type': 'text/plain', 'content-length': '999' } }),
    });
    const res = await c.send('GET', h.path);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-length']).toBe('6');
    expect(res.text).toBe('"text"');
  });

  it('setResponder switches the answer of an existing hook', async () => {
    const h = r.hook({ respond: () => ({ status: 201, body: { n: 1 } }) });
    expect((await c.send('GET', h.path)).status).toBe(201);
    h.setResponder(() => ({ status: 202, body: { n: 2 } }));
    const res = await c.send('GET', h.path);
    expect(res.status).toBe(202);
    expect(JSON.parse(res.text)).toEqual({ n: 2 });
    expect(h.requests().map((x) => x.answered)).toEqual([201, 202]);
  });

  it('answers 500 when the responder throws or its answer cannot be sent', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const answers: Responder[] = [
      () => {
        throw new Error('responder bug');
      },
      () => ({ status: 99 }),
      () => ({ status: 600 }),
      () => ({ status: 200.5 }),
      () => ({ status: 200, body: circular }),
      () => ({ status: 200, body: 10n }),
      () => ({ status: 200, body: () => 1 }),
      () => ({ status: 200, headers: { 'bad header': 'x' } }),
      () => ({ status: 200, headers: { 'x-bad': 'line\r\nbreak' } }),
      () => ({ hold: false }) as never,
      () => undefined as never,
    ];
    for (const respond of answers) {
      const h = r.hook({ respond });
      const res = await c.send('GET', h.path);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.text)).toEqual({ error: 'responder failed' });
      expect(h.requests()[0].answered).toBe(500);
    }
  });

  it("records the inspector's verdict, computed over the raw bytes, and shows it to the responder", async () => {
    let shown: ArrivedRequest['signature'] | 'none' = 'none';
    const h = r.hook({
      inspect: (req) => (req.method === 'POST' ? reversedBody(req) : undefined),
      respond: (req) => {
        shown = req.signature;
        return { status: req.signature?.valid === false ? 401 : 200 };
      },
    });
    const body = Buffer.from([0x61, 0xff, 0x62]);
    const reversed = Buffer.from([0x62, 0xff, 0x61]).toString('latin1');
    expect((await c.send('POST', h.path, { body, headers: { 'x-check': reversed } })).status).toBe(200);
    expect(shown).toEqual({ header: reversed, expected: reversed, valid: true });
    expect((await c.send('POST', h.path, { body, headers: { 'x-check': 'nope' } })).status).toBe(401);
    expect((await c.send('POST', h.path, { body })).status).toBe(401);
    expect((await c.send('GET', h.path)).status).toBe(200);
    expect(shown).toBeUndefined();

    const rec = h.requests();
    expect(rec[0].signature).toEqual({ header: reversed, expected: reversed, valid: true });
    expect(rec[0].rawBody.equals(body)).toBe(true);
    expect(rec[1].signature).toEqual({ header: 'nope', expected: reversed, valid: false });
    expect(rec[2].signature).toEqual({ header: undefined, expected: reversed, valid: false });
    expect(rec[3].signature).toBeUndefined();
    expect('signature' in rec[3]).toBe(false);
    expect(rec.map((x) => x.answered)).toEqual([200, 401, 401, 200]);
  });

  it('a throwing inspector gives no verdict; the request is still answered', async () => {
    const h = r.hook({
      inspect: () => {
        throw new Error('inspector bug');
      },
    });
    expect((await c.send('POST', h.path, { body: 'x' })).status).toBe(200);
    expect(h.requests()[0].signature).toBeUndefined();
  });

  it('records the raw body bytes, headers and query as received', async () => {
    const h = r.hook();
    const body = Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x0a]);
    await c.send('POST', `${h.path}?constructor=1&__proto__=2&toString=3`, {
      body,
      headers: { 'content-type': 'application/octet-stream', 'x-Mixed-Case': 'v' },
    });
    const [rec] = h.requests();
    expect(rec.rawBody.equals(body)).toBe(true);
    expect(rec.headers['content-type']).toBe('application/octet-stream');
    expect(rec.headers['x-mixed-case']).toBe('v');
    expect(Object.keys(rec.query)).toEqual(['constructor', '__proto__', 'toString']);
    expect(Object.getOwnPropertyDescriptor(rec.query, '__proto__')?.value).toBe('2');
    expect(rec.query.toString).toBe('3');
  });

  it('answers an unknown path 404 and records it anyway, with no verdict', async () => {
    const before = r.lastSeq();
    const res = await c.send('POST', '/base/cb/nope?x=y', { body: 'abc', headers: { 'x-check': 'cba' } });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ error: 'unknown callback path' });
    const rec = r.all().find((x) => x.seq > before);
    expect(rec).toMatchObject({ method: 'POST', path: '/base/cb/nope', answered: 404, query: { x: 'y' } });
    expect(rec?.rawBody.toString()).toBe('abc');
    expect(rec?.signature).toBeUndefined();
  });

  it("a path that reaches no hook but carries a hook's name is recorded as that hook's rule's; others as nobody's", async () => {
    // a target that read https:///base/cb/<name> with an empty host calls host "base" at /cb/<name>
    const h = await actAs('WH-URL-003', async () => r.hook());
    const name = h.path.split('/').pop() as string;
    const before = r.lastSeq();
    expect((await c.send('GET', `/cb/${name}?crc_token=x`)).status).toBe(404);
    expect((await c.send('GET', '/cb/1-000000000000')).status).toBe(404);
    const [named, other] = r.all().filter((x) => x.seq > before);
    expect(named).toMatchObject({ path: `/cb/${name}`, answered: 404, owner: 'WH-URL-003' });
    expect(other.owner).toBeUndefined();
    expect(h.requests()).toEqual([]);
  });

  it('routes a hook with a trailing path difference to 404, not to the hook', async () => {
    const h = r.hook();
    expect((await c.send('GET', `${h.path}/?x=a`)).status).toBe(404);
    expect(h.requests()).toEqual([]);
  });

  it('numbers every request globally in arrival order', async () => {
    const a = r.hook();
    const b = r.hook();
    const start = r.lastSeq();
    await c.send('GET', `${a.path}?n=1`);
    await c.send('GET', `${b.path}?n=2`);
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
    await c.send('GET', `${h.path}?n=old`);
    const old = await h.waitFor((x) => x.method === 'GET', 50);
    expect(old?.query.n).toBe('old');

    const since = r.lastSeq();
    const pending = h.waitFor((x) => x.method === 'GET', 2000, since);
    expect(await withTimeout(pending, 30)).toBe('pending');
    await c.send('GET', `${h.path}?n=new`);
    const got = await pending;
    expect(got?.query.n).toBe('new');
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
    await c.send('GET', `${h.path}?n=x`);
    await expect(
      h.waitFor(() => {
        throw new Error('bad predicate');
      }, 100),
    ).rejects.toThrow('bad predicate');
  });

  it('holds a request until release(), then answers 503 and stops holding until setResponder', async () => {
    const h = r.hook({ respond: holdAll });
    const res = c.send('GET', `${h.path}?n=t`);
    const rec = await h.waitFor((x) => x.method === 'GET', 2000);
    expect(rec?.answered).toBe('held');
    expect(await withTimeout(res, 150)).toBe('pending');
    h.release();
    const released = await res;
    expect(released.status).toBe(503);
    expect(JSON.parse(released.text)).toEqual({ error: 'released' });

    // released: further holds are answered 503 at once
    expect((await c.send('GET', `${h.path}?n=t2`)).status).toBe(503);
    // setResponder re-arms
    h.setResponder(holdAll);
    const again = c.send('GET', `${h.path}?n=t3`);
    expect(await withTimeout(again, 100)).toBe('pending');
    h.release();
    expect((await again).status).toBe(503);
    expect(h.requests().map((x) => x.answered)).toEqual(['held', 503, 'held']);
  });

  it('a released hook still sends immediate answers', async () => {
    const h = r.hook({ respond: (req) => (req.method === 'GET' ? { hold: true } : { status: 204 }) });
    h.release();
    expect((await c.send('POST', h.path, { body: '{}' })).status).toBe(204);
    expect((await c.send('GET', h.path)).status).toBe(503);
  });

  it('release() holds several requests at once and answers them all', async () => {
    const h = r.hook({ respond: holdAll });
    const res = [c.send('GET', `${h.path}?n=1`), c.send('POST', h.path, { body: 'x' })];
    const t0 = Date.now();
    while (h.requests().length < 2 && Date.now() - t0 < 2000) await new Promise((ok) => setTimeout(ok, 10));
    expect(h.requests().map((x) => x.answered)).toEqual(['held', 'held']);
    h.release();
    expect((await Promise.all(res)).map((x) => x.status)).toEqual([503, 503]);
  });

  it('records an aborted upload with the bytes that arrived', async () => {
    const h = r.hook();
    await new Promise<void>((resolve, reject) => {
      const s = connect({ host: '127.0.0.1', port: r.listenPort, servername: PUBLIC_HOST, ca: r.certPem }, () => {
        s.write(`POST ${h.path} HTTP/1.1\r\nhost: ${PUBLIC_HOST}\r\ncontent-length: 100\r\n\r\npartial`, () => {
          setTimeout(() => {
            s.destroy();
            resolve();
          }, 50);
        });
      });
      s.on('error', reject);
    });
    const rec = await h.waitFor(() => true, 2000);
    expect(rec?.method).toBe('POST');
    expect(rec?.rawBody.toString()).toBe('partial');
  });
});

describe('receiver lifecycle', () => {
  it('answers a held request after maxHoldMs', async () => {
    const r = await startTestReceiver({ maxHoldMs: 200 });
    const c = clientFor(r);
    try {
      const h = r.hook({ respond: holdAll });
      const t0 = Date.now();
      const res = await c.send('GET', `${h.path}?n=x`);
      expect(res.status).toBe(503);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(180);
      expect(h.requests()[0].answered).toBe('held');
    } finally {
      await r.close();
      await c.agent.close();
    }
  });

  it('close() answers held requests, ends pending waitFor, and resolves', async () => {
    const r = await startTestReceiver();
    const c = clientFor(r);
    const h = r.hook({ respond: holdAll });
    const res = c.send('GET', `${h.path}?n=x`);
    await h.waitFor(() => true, 2000);
    const waiting = h.waitFor((x) => x.method === 'POST', 5000);
    const t0 = Date.now();
    await r.close();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await res).status).toBe(503);
    expect(await waiting).toBeUndefined();
    expect(await h.waitFor(() => false, 5000)).toBeUndefined();
    await r.close(); // idempotent
    await expect(c.send('GET', `${h.path}?n=y`)).rejects.toThrow();
    await c.agent.close();
  });

  it('refuses a publicBaseUrl with a port or without https', async () => {
    const base = { listenHost: '127.0.0.1', listenPort: 0 };
    await expect(startReceiver({ ...base, publicBaseUrl: 'https://h.test:8443' })).rejects.toThrow(/port/);
    await expect(startReceiver({ ...base, publicBaseUrl: 'http://h.test' })).rejects.toThrow(/https/);
    await expect(startReceiver({ ...base, publicBaseUrl: 'https://h.test/?q=1' })).rejects.toThrow(/query/);
    await expect(startReceiver({ ...base, publicBaseUrl: 'not a url' })).rejects.toThrow(/not a URL/);
  });

  it('serves a configured certificate', async () => {
    const tls = await createCertificate('other.conformance.test');
    const r = await startReceiver({
      listenHost: '127.0.0.1',
      listenPort: 0,
      publicBaseUrl: 'https://hooks.conformance.test',
      tls,
    });
    try {
      expect(r.certPem).toBe(tls.certPem);
      expect(r.hook().path).toMatch(/^\/cb\//);
    } finally {
      await r.close();
    }
  });

  it('gives requests to an unknown path the verdict of inspectUnknown', async () => {
    const r = await startTestReceiver({ inspectUnknown: reversedBody });
    const c = clientFor(r);
    try {
      const h = r.hook();
      expect((await c.send('POST', '/base/cb/nope', { body: 'abc', headers: { 'x-check': 'cba' } })).status).toBe(404);
      expect((await c.send('POST', h.path, { body: 'abc', headers: { 'x-check': 'cba' } })).status).toBe(200);
      const [unknown, known] = r.all();
      expect(unknown.signature).toEqual({ header: 'cba', expected: 'cba', valid: true });
      // a hook's own inspector (here none) decides for its path
      expect(known.signature).toBeUndefined();
    } finally {
      await r.close();
      await c.agent.close();
    }
  });
});

describe('TLS failures', () => {
  it('counts handshakes from peers that do not trust the certificate', async () => {
    const rcv = await startReceiver({ listenHost: '127.0.0.1', listenPort: 0, publicBaseUrl: 'https://hooks.conformance.test' });
    try {
      await new Promise<void>((resolve) => {
        const s = connect({ host: '127.0.0.1', port: rcv.listenPort, servername: 'hooks.conformance.test', rejectUnauthorized: true });
        s.on('error', () => resolve());
        s.on('secureConnect', () => {
          s.destroy();
          resolve();
        });
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(rcv.tlsFailures().length).toBe(1);
      expect(rcv.tlsFailures()[0].message).toBeTruthy();
      expect(rcv.all()).toEqual([]);
    } finally {
      await rcv.close();
    }
  });
});

describe('body bounds', () => {
  it('keeps at most maxBodyBytes of a callback body, marks it truncated, and still answers', async () => {
    const rcv = await startTestReceiver({ maxBodyBytes: 1000 });
    const client = clientFor(rcv);
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
      const res = await client.send('POST', '/base/nobody-owns-this', { body: big, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(404);
      const small = await client.send('POST', '/base/nobody-owns-this', { body: 'x' });
      expect(small.status).toBe(404);
      const [first, second] = rcv.all();
      expect(first.rawBody.length).toBe(1000);
      expect(first.truncated).toBe(true);
      expect(second.rawBody.toString()).toBe('x');
      expect(second.truncated).toBeUndefined();
    } finally {
      await client.agent.close();
      await rcv.close();
    }
  });
});

describe('the budget of what a run keeps (maxKeptBytes)', () => {
  it('records requests until the budget is spent, then answers 503, records nothing and counts them', async () => {
    const MiB = 1024 * 1024;
    const rcv = await startTestReceiver({ maxKeptBytes: MiB });
    const client = clientFor(rcv);
    const hook = rcv.hook();
    try {
      expect(rcv.full()).toBeUndefined();
      const body = Buffer.alloc(100 * 1024, 0x61);
      const answers: number[] = [];
      // one after another, so the count is exact: 100 KiB and its record each, 11 spend 1 MiB
      for (let i = 0; i < 30; i++) answers.push((await client.send('POST', hook.path, { body })).status);
      expect(answers.slice(0, 11)).toEqual(Array(11).fill(200));
      expect(answers.slice(11)).toEqual(Array(19).fill(503));
      expect(rcv.all()).toHaveLength(11);
      expect(hook.requests()).toHaveLength(11);
      expect(rcv.lastSeq()).toBe(11);
      expect(rcv.full()?.refused).toBe(19);
      const full = rcv.full()!;
      expect(full).toMatchObject({ maxBytes: MiB, recorded: 11, refused: 19 });
      expect(Date.parse(full.since)).not.toBeNaN();
      // every path alike, the receiver's unknown ones and its media too
      const other = await client.send('GET', '/base/nobody-owns-this');
      expect(other.status).toBe(503);
      expect(JSON.parse(other.text)).toEqual({ error: 'the receiver is full: this run keeps no more requests' });
      expect(rcv.full()?.refused).toBe(20);
    } finally {
      await client.agent.close();
      await rcv.close();
    }
  });

  it('counts each record at its body, URL and headers and a share of 512 bytes for itself', () => {
    expect(RECORD_OVERHEAD_BYTES).toBe(512);
    expect(recordBytes({ url: '/abc', headers: { host: 'h.test', 'x-a': '12' }, rawBody: Buffer.alloc(1000) })).toBe(
      512 + 1000 + 4 + 4 + 6 + 3 + 2,
    );
  });
});

describe('the cap on connections open at once (maxConnections)', () => {
  /** a TLS connection to the receiver: resolves once it is up, or once the receiver closes it */
  const open = (port: number): Promise<{ socket: ReturnType<typeof connect>; closed: Promise<void> }> =>
    new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false });
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.once('secureConnect', () => resolve({ socket, closed }));
      socket.once('error', () => resolve({ socket, closed }));
    });

  it('closes a connection past the cap as it arrives, counts it, and serves again once one is free', async () => {
    const rcv = await startTestReceiver({ maxConnections: 16 });
    const sockets: ReturnType<typeof connect>[] = [];
    try {
      expect(rcv.full()).toBeUndefined();
      // 16 idle connections take the cap
      for (let i = 0; i < 16; i++) sockets.push((await open(rcv.listenPort)).socket);
      const extra = await Promise.all(Array.from({ length: 4 }, () => open(rcv.listenPort)));
      for (const e of extra) sockets.push(e.socket);
      await Promise.all(extra.map((e) => withTimeout(e.closed, 5000)));
      const full = rcv.full()!;
      expect(full).toMatchObject({ maxConnections: 16, droppedConnections: 4, refused: 0, recorded: 0 });
      expect(Date.parse(full.since)).not.toBeNaN();
      // the idle ones gone, a request gets through and is recorded
      for (const s of sockets) s.destroy();
      const hook = rcv.hook();
      const client = clientFor(rcv);
      try {
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = (await client.send('POST', hook.path, { body: 'x' }).catch(() => ({ status: 0 }))).status;
          if (status !== 200) await new Promise((r) => setTimeout(r, 20));
        }
        expect(status).toBe(200);
        expect(hook.requests()).toHaveLength(1);
      } finally {
        await client.agent.close();
      }
    } finally {
      for (const s of sockets) s.destroy();
      await rcv.close();
    }
  });
});
