// A seeded fuzz of the reference's routes (issue 7, "Done when"): random methods, paths, queries,
// headers and bodies over every route, the control routes included (deeply nested JSON, huge,
// negative and non-finite clock advances, huge numbers, invalid UTF-8, wrong content types), and
// malformed requests written raw to a socket. The reference must never answer 5xx, must stay up,
// and must leave no unhandled rejection or exception behind.
import { request } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../domains/reference.ts';

const SEED = 20261122;
const BEARER = 'fuzz-bearer-token';

let ref: RunningReference;
let port: number;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => void unhandled.push(e);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  // callbacks can only go to 127.0.0.1:443, where nothing listens: the fuzz never reaches out
  ref = await startReference({
    credentials: { consumerSecret: 'fuzz-consumer-secret', bearerToken: BEARER },
    crcTimeoutMs: 300,
    insecureCallbacks: true,
  });
  port = Number(new URL(ref.baseUrl).port);
});

afterAll(async () => {
  await ref?.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

interface Answer {
  status: number;
  contentType?: string;
  body: string;
}

interface Req {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A buffer that fast-check prints short in a counterexample. */
function shortly(b: Buffer): Buffer {
  const text = b.toString('latin1');
  return Object.assign(b, {
    [fc.toStringMethod]: () => `<${b.length} bytes: ${JSON.stringify(text.slice(0, 60))}${text.length > 60 ? '…' : ''}>`,
  });
}

function send(r: Req): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: r.method, path: r.path, headers: { ...r.headers, connection: 'close' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${r.method} ${r.path}`)));
    if (r.body) req.setHeader('content-length', r.body.length);
    req.end(r.body);
  });
}

/** Writes raw bytes and reads until the server closes; the first line of what came back. */
function raw(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const s = connect(port, '127.0.0.1');
    s.setTimeout(5_000, () => s.destroy());
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
    s.on('close', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n')[0]));
    s.write(bytes, () => s.end());
  });
}

function statusOf(firstLine: string): number | undefined {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(firstLine);
  return m ? Number(m[1]) : undefined;
}

async function stillUp(): Promise<void> {
  const list = await send({ method: 'GET', path: '/2/webhooks', headers: { authorization: `Bearer ${BEARER}` } });
  expect(list.status).toBe(200);
  const clock = await send({ method: 'GET', path: '/__control/clock', headers: {} });
  expect(clock.status).toBe(200);
  expect(Number.isNaN(Date.parse((JSON.parse(clock.body) as { now: string }).now))).toBe(false);
}

/** A 4xx from the host must carry the Error shape (or a Problem from a part). */
function expectNo5xx(what: string, a: Answer): void {
  expect(a.status, `${what} answered ${a.status}: ${a.body.slice(0, 300)}`).toBeLessThan(500);
}

const ROUTES = [
  '/2/webhooks',
  '/2/webhooks/1460000000000000001',
  '/2/webhooks/replay',
  '/2/tweets',
  '/__control/capabilities',
  '/__control/reset',
  '/__control/clock',
  '/__control/crc-sweep',
  '/__control/events',
  '/__control/replay-hold',
  '/__control/posts',
];

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

/** Bodies: valid JSON of every kind, deep nesting, huge and odd numbers, invalid UTF-8, not JSON at all. */
const bodyArb: fc.Arbitrary<Buffer | undefined> = fc.oneof<fc.Arbitrary<Buffer | undefined>[]>(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc
    .record({
      url: fc.oneof(fc.string(), fc.constantFrom('https://127.0.0.1/cb', 'http://127.0.0.1/cb', 'https://127.0.0.1:1/x', 'https:///x')),
    })
    .map((v) => Buffer.from(JSON.stringify(v))),
  fc
    .record({
      advance_seconds: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1e308, -1, 0, 2 ** 53, 8.64e15, 3.15e10, -1e308)),
    })
    .map((v) => Buffer.from(JSON.stringify(v))),
  fc
    .constantFrom('{"advance_seconds":1e400}', '{"advance_seconds":-1e400}', '{"advance_seconds":"1"}', '{"advance_seconds":NaN}')
    .map((s) => Buffer.from(s)),
  fc
    .record({
      webhook_id: fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{1,25}$/)),
      from_date: fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{12}$/)),
      to_date: fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{12}$/)),
    })
    .map((v) => Buffer.from(JSON.stringify(v))),
  fc
    .record({
      events: fc.array(fc.record({ id: fc.string(), kind: fc.string(), payload: fc.jsonValue({ maxDepth: 3 }) }), { maxLength: 3 }),
    })
    .map((v) => Buffer.from(JSON.stringify(v))),
  fc.record({ hold: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })) }).map((v) => Buffer.from(JSON.stringify(v))),
  fc
    .record({ posts: fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), { maxLength: 2 }) })
    .map((v) => Buffer.from(JSON.stringify(v))),
  fc.integer({ min: 1, max: 200_000 }).map((d) => Buffer.from(nested(d))),
  fc.integer({ min: 1, max: 200_000 }).map((d) => Buffer.from('['.repeat(d))),
  fc.integer({ min: 1, max: 50_000 }).map((d) => Buffer.from(`{"events":[{"id":"e","kind":"k","payload":${nested(d)}}]}`)),
  fc.integer({ min: 1, max: 50_000 }).map((d) => Buffer.from(`{"url":${nested(d, '{"a":', '}').replace(/\{"a":\}/, '1')}}`)),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
    Buffer.from('{"url":"\udc00"}'),
    Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  ),
);

const pathArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ROUTES),
  fc.tuple(fc.constantFrom(...ROUTES), fc.string({ unit: 'binary-ascii', maxLength: 30 })).map(([r, s]) => `${r}/${encodeURIComponent(s)}`),
  fc.tuple(fc.constantFrom('/2/webhooks/', '/__control/', '/2/'), fc.string({ maxLength: 40 })).map(([r, s]) => r + encodeURIComponent(s)),
  fc.constantFrom(
    '/2/webhooks/%',
    '/2/webhooks/%ZZ',
    '/2/webhooks/%00',
    '/2/webhooks/..%2F..',
    '//2/webhooks',
    '/2/webhooks/9'.repeat(50),
    '*',
  ),
);

const queryArb: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.constantFrom('ids', 'tweet.fields', 'expansions', 'media.fields', 'x'), fc.string({ maxLength: 30 }), { maxKeys: 4 })
    .map((d) => `?${new URLSearchParams(d).toString()}`),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => `?${encodeURIComponent(s).replace(/%3D/g, '=').replace(/%26/g, '&')}`),
  fc.constantFrom('?ids=', '?ids=,,,', `?ids=${'1,'.repeat(2000)}`, '?%', '?ids=%E0%A4%A'),
);

const reqArb: fc.Arbitrary<Req> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
    path: pathArb,
    query: queryArb,
    auth: fc.constantFrom(undefined, `Bearer ${BEARER}`, 'Bearer wrong', 'Basic Zm9vOmJhcg==', 'Bearer', ''),
    contentType: fc.constantFrom(
      undefined,
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'multipart/form-data',
    ),
    body: bodyArb,
  })
  .map(({ method, path, query, auth, contentType, body }) => {
    const headers: Record<string, string> = {};
    if (auth !== undefined) headers.authorization = auth;
    if (contentType !== undefined) headers['content-type'] = contentType;
    const sent = method === 'HEAD' || method === 'GET' || body === undefined ? undefined : shortly(body);
    return { method, path: path === '*' ? path : path + query, headers, body: sent };
  });

/** Malformed requests as raw bytes: bad versions, headers without colon, huge headers, NUL bytes, broken framing. */
const rawArb: fc.Arbitrary<Buffer> = fc.oneof<fc.Arbitrary<Buffer>[]>(
  fc
    .constantFrom(
      'GET / HTTP/9.9\r\n\r\n',
      'GET /2/webhooks HTTP/2.0\r\nHost: x\r\n\r\n',
      'GET /2/webhooks HTTP/1.1\r\nHost x\r\n\r\n',
      'GET /2/webhooks HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n',
      'GET /2/web\0hooks HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /2/webhooks HTTP/1.1\r\nHost: x\0y\r\n\r\n',
      'GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET http://x:99999/2/webhooks HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET //2/webhooks HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET http://a b/ HTTP/1.1\r\nHost: x\r\n\r\n',
      'FOO /2/webhooks HTTP/1.1\r\nHost: x\r\n\r\n',
      'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /__control/clock HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{"a":1}',
      'POST /__control/clock HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'POST /__control/clock HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /__control/clock HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"advance',
      '\r\n\r\n\r\n',
      'GET\r\n\r\n',
      ' / HTTP/1.1\r\n\r\n',
    )
    .map((s) => Buffer.from(s, 'latin1')),
  fc
    .integer({ min: 10_000, max: 200_000 })
    .map((n) => Buffer.from(`GET /2/webhooks HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(n)}\r\n\r\n`)),
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b)),
  fc
    .tuple(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }))
    .map(([line, header]) => Buffer.from(`${line}\r\n${header}\r\n\r\n`, 'utf8')),
);

describe('the reference under a seeded fuzz of its routes', () => {
  test('answers documented inputs at the edges without a 5xx', async () => {
    const post = (path: string, body: string | Buffer) =>
      send({
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${BEARER}`, 'content-type': 'application/json' },
        body: Buffer.from(body),
      });
    for (const [path, body] of [
      ['/__control/clock', '{"advance_seconds":1e308}'],
      ['/__control/clock', '{"advance_seconds":8.64e12}'],
      ['/__control/clock', '{"advance_seconds":-1}'],
      ['/__control/clock', '{"advance_seconds":1e400}'],
      ['/2/webhooks', nested(100_000)],
      ['/2/webhooks', '['.repeat(100_000)],
      ['/2/webhooks', `{"url":${nested(20_000)}}`],
      ['/2/webhooks/replay', `{"webhook_id":${nested(20_000)}}`],
      ['/__control/events', `{"events":[{"id":"e","kind":"k","payload":${nested(20_000)}}]}`],
      ['/__control/posts', `{"posts":[{"id":"1","x":${nested(20_000)}}]}`],
    ] as const) {
      const a = await post(path, body);
      expectNo5xx(`POST ${path} ${body.slice(0, 40)}…`, a);
      if (a.status >= 400 && a.contentType?.startsWith('application/json')) {
        const e = JSON.parse(a.body) as { code?: unknown; message?: unknown };
        expect(typeof e.code === 'number' && typeof e.message === 'string', `${path}: ${a.body}`).toBe(true);
      }
    }
    await stillUp();
  });

  test('random requests over every route: no 5xx, and it stays up', async () => {
    await fc.assert(
      fc.asyncProperty(reqArb, async (r) => {
        const a = await send(r);
        expectNo5xx(`${r.method} ${r.path.slice(0, 120)} (${r.body?.length ?? 0} body bytes)`, a);
      }),
      { seed: SEED, numRuns: 400, endOnFailure: true },
    );
    await stillUp();
    expect(unhandled).toEqual([]);
  });

  test('malformed request lines and headers on a raw socket: no 5xx, and it stays up', async () => {
    await fc.assert(
      fc.asyncProperty(rawArb.map(shortly), async (bytes) => {
        const first = await raw(bytes);
        const status = statusOf(first);
        expect(status === undefined || status < 500, `${JSON.stringify(bytes.toString('latin1').slice(0, 80))} → ${first}`).toBe(true);
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
    await stillUp();
    expect(unhandled).toEqual([]);
  });
});
