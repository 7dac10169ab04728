// The example consumer: the documented CRC and signature rules, dedup and kinds seen through the
// probe, each answer style, and one test per fault showing it deviates the way it says.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCertificate, type TlsMaterial } from '../../../harness/receiver/cert.ts';
import {
  CONSUMER_FAULTS,
  type ConsumerFault,
  DEDUP_TTL_FAULT_MS,
  type ExampleConsumer,
  type ExampleConsumerOptions,
  SIGNATURE_HEADER,
  signBody,
  startExampleConsumer,
} from '../../../examples/consumer/index.ts';

const REAL = process.env.CONFORM_REAL_FIXTURES ?? fileURLToPath(new URL('../../../../shared/fixtures/real/', import.meta.url));
const EVENTS_DIR = `${REAL}events/xaa/`;
const SECRET = 'consumer-secret-ŝ';
const BEARER = 'AAAAbearer-token';
const RULE_IDS = [
  ...[1, 2, 3, 4, 5, 6].map((n) => `CON-CRC-00${n}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `CON-SIG-${String(n).padStart(3, '0')}`),
  ...[1, 2, 3, 4, 5].map((n) => `CON-EVT-00${n}`),
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let tls: TlsMaterial;

function call(url: string, method: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const u = new URL(url);
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(u, { method, headers, ca: tls.certPem, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function crc(c: ExampleConsumer, token: string): Promise<Answer> {
  return call(`${c.callbackUrl}?crc_token=${encodeURIComponent(token)}`, 'GET');
}

function expected(key: string, message: string): string {
  return `sha256=${createHmac('sha256', key).update(message).digest('base64')}`;
}

/** Posts an event; signed correctly unless `signature` is given (null: no signature header). */
function deliver(c: ExampleConsumer, body: string, signature?: string | null): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers[SIGNATURE_HEADER] = signature ?? signBody(SECRET, body);
  return call(c.callbackUrl, 'POST', body, headers);
}

function event(id: string, kind = 'post.create', payload: Record<string, unknown> = {}): string {
  return JSON.stringify({ data: { event_uuid: id, filter: { user_id: '1111111111111111111' }, event_type: kind, tag: 't', payload } });
}

async function processed(c: ExampleConsumer): Promise<{ id: string; kind: string; count: number }[]> {
  const a = await call(`${c.probeUrl}/processed`, 'GET');
  expect(a.status).toBe(200);
  return JSON.parse(a.body).events;
}

/** the probe's list once it shows each of `ids` (read every 20 ms, for up to 5 s) */
async function shownSoon(c: ExampleConsumer, ids: string[]): Promise<{ id: string; kind: string; count: number }[]> {
  for (let i = 0; ; i++) {
    const got = await processed(c);
    if (ids.every((id) => got.some((e) => e.id === id)) || i >= 250) return got;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const started: ExampleConsumer[] = [];
async function start(o: Partial<ExampleConsumerOptions> = {}): Promise<ExampleConsumer> {
  const c = await startExampleConsumer({ consumerSecret: SECRET, bearerToken: BEARER, tls, ...o });
  started.push(c);
  return c;
}
const withFault = (fault: ConsumerFault) => start({ fault });

beforeAll(async () => {
  tls = await createCertificate('127.0.0.1');
});
afterAll(async () => {
  await Promise.all(started.map((c) => c.close()));
});

describe('example consumer: CRC', () => {
  test('published vectors: the answer is sha256= + Base64 HMAC-SHA-256 of the token under the consumer secret', async () => {
    const vectors = JSON.parse(readFileSync(`${REAL}crc-vectors.json`, 'utf8'));
    const all = [
      ...vectors.published_vectors.map((v: { consumer_secret: string; message: string; expected_header_value: string }) => ({
        secret: v.consumer_secret,
        token: v.message,
        answer: v.expected_header_value,
      })),
      ...vectors.computed_vectors.map((v: { consumer_secret: string; crc_token: string; response_token: string }) => ({
        secret: v.consumer_secret,
        token: v.crc_token,
        answer: v.response_token,
      })),
    ];
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const v of all) {
      const c = await start({ consumerSecret: v.secret });
      const a = await crc(c, v.token);
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(a.body)).toEqual({ response_token: v.answer });
    }
  });

  test('over exactly the received token: + / = %, unicode, long; each CRC from its own token; no token → 400', async () => {
    const c = await start();
    for (const token of ['a+b/c==', '100%25 sure&x=1', 'ünïcødé-☃-𝄞', 'x'.repeat(4000), 'plain']) {
      const a = await crc(c, token);
      expect(JSON.parse(a.body).response_token).toBe(expected(SECRET, token));
    }
    expect((await call(c.callbackUrl, 'GET')).status).toBe(400);
  });

  test('plain http when no TLS material is given; any Host header is served', async () => {
    const c = await start({ tls: undefined });
    expect(c.callbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/vendor\/webhook$/);
    const a = await call(`${c.callbackUrl}?crc_token=t`, 'GET', undefined, { host: 'hooks.acme.test' });
    expect(JSON.parse(a.body).response_token).toBe(expected(SECRET, 't'));
  });
});

describe('example consumer: signatures', () => {
  let c: ExampleConsumer;
  beforeAll(async () => {
    c = await start();
  });

  test('a correctly signed event is accepted (200) and processed once', async () => {
    const a = await deliver(c, event('1'));
    expect(a.status).toBe(200);
    expect((await processed(c)).find((e) => e.id === '1')).toEqual({ id: '1', kind: 'post.create', count: 1 });
  });

  test('published signature vector over a JSON body is accepted (not an event: acknowledged, not processed)', async () => {
    const v = JSON.parse(readFileSync(`${REAL}crc-vectors.json`, 'utf8')).published_vectors.find(
      (x: { id: string }) => x.id === 'autohook-signature-json-body',
    );
    const k = await start({ consumerSecret: v.consumer_secret });
    expect((await deliver(k, v.message, v.expected_header_value)).status).toBe(200);
    expect((await deliver(k, v.message, `${v.expected_header_value.slice(0, -2)}A=`)).status).toBe(401);
    expect(await processed(k)).toEqual([]);
  });

  test('refused: another key, truncated, hex, bearer-keyed, missing, body altered after signing, no prefix, the case changed', async () => {
    const body = event('2');
    const hex = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const bad: [string, string, string | null][] = [
      ['another key', body, signBody('other', body)],
      ['truncated', body, signBody(SECRET, body).slice(0, -4)],
      ['hex', body, hex],
      ['bearer-keyed', body, signBody(BEARER, body)],
      ['missing', body, null],
      ['empty', body, ''],
      ['prefix alone', body, 'sha256='],
      ['altered', body.replace('post.create', 'post.delete'), signBody(SECRET, body)],
      ['lowercase prefix only', body, signBody(SECRET, body).replace('sha256=', 'SHA256=')],
      ['no prefix', body, signBody(SECRET, body).slice('sha256='.length)],
      ['digest in upper case', body, `sha256=${signBody(SECRET, body).slice('sha256='.length).toUpperCase()}`],
    ];
    for (const [, b, sig] of bad) expect((await deliver(c, b, sig)).status).toBe(401);
    expect((await processed(c)).find((e) => e.id === '2')).toBeUndefined();
  });

  test('raw bytes: unusual whitespace, key order and unicode escapes are accepted when correctly signed', async () => {
    const bodies = [
      '{ "data" : {\n\t"event_type":"post.create" ,"event_uuid":"3",  "payload":{"text":"caf\\u00e9 \\ud83d\\ude00"}}}\n',
      '{"data":{"payload":{"a":1.50,"b":"\\/"},"event_uuid":"4","event_type":"dm.received"}}',
      '  {"data":{"event_uuid":"5","event_type":"spaces.start"}}  ',
    ];
    for (const b of bodies) expect((await deliver(c, b)).status).toBe(200);
    const ids = (await processed(c)).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['3', '4', '5']));
  });
});

describe('example consumer: events', () => {
  test('every real payload file is processed under its event id and kind; the one without id too', async () => {
    const c = await start();
    const files = readdirSync(EVENTS_DIR).filter((f) => f.endsWith('.json'));
    const want: { id: string; kind: string; count: number }[] = [];
    for (const f of files) {
      const raw = readFileSync(`${EVENTS_DIR}${f}`, 'utf8');
      const data = JSON.parse(raw).data;
      expect((await deliver(c, raw)).status).toBe(200);
      want.push({ id: data.event_uuid ?? '', kind: data.event_type, count: 1 });
    }
    // envelope.json is a post.create without payload, with its own id
    expect(await processed(c)).toEqual(expect.arrayContaining(want));
    expect((await processed(c)).length).toBe(new Set(want.map((w) => w.id)).size);
  });

  test('documented kinds recognised, profile.update.<any> too; PascalCase and unknown kinds not processed', async () => {
    const c = await start();
    const kinds = [
      'post.create',
      'post.delete',
      'spaces.start',
      'spaces.end',
      'dm.received',
      'dm.sent',
      'dm.read',
      'dm.indicate_typing',
      'profile.update.bio',
      'profile.update.verified',
      'profile.update.affiliate',
      'profile.update.screenname',
      'profile.update.something_new',
    ];
    for (const [i, k] of kinds.entries()) expect((await deliver(c, event(`k${i}`, k))).status).toBe(200);
    for (const [i, k] of ['ProfileBioUpdate', 'profile_update_bio', 'Post.Create', 'nothing.known'].entries()) {
      expect((await deliver(c, event(`u${i}`, k))).status).toBe(200);
    }
    const got = await processed(c);
    expect(got.map((e) => e.kind).sort()).toEqual([...kinds].sort());
  });

  test('dedup: the same event twice (also concurrently) is processed once; a replayed old event is processed; reset forgets', async () => {
    const c = await start();
    const body = event('dup');
    await Promise.all([deliver(c, body), deliver(c, body), deliver(c, body)]);
    expect((await deliver(c, body)).status).toBe(200);
    const old = event('old', 'post.create', { created_at: new Date(Date.now() - 23 * 3600_000).toISOString() });
    await deliver(c, old);
    expect(await processed(c)).toEqual([
      { id: 'dup', kind: 'post.create', count: 1 },
      { id: 'old', kind: 'post.create', count: 1 },
    ]);
    expect((await call(`${c.probeUrl}/reset`, 'POST')).status).toBe(204);
    expect(await processed(c)).toEqual([]);
    await deliver(c, body);
    expect(await processed(c)).toEqual([{ id: 'dup', kind: 'post.create', count: 1 }]);
  });

  test('answer styles: refuse 403, refuse ignore-200, accept 204', async () => {
    const r403 = await start({ refuse: 403 });
    expect((await deliver(r403, event('a'), 'sha256=x')).status).toBe(403);
    const ignore = await start({ refuse: 'ignore-200', accept: 204 });
    const refused = await deliver(ignore, event('b'), 'sha256=x');
    expect(refused.status).toBe(200);
    const accepted = await deliver(ignore, event('c'));
    expect(accepted.status).toBe(204);
    expect(accepted.body).toBe('');
    expect((await processed(ignore)).map((e) => e.id)).toEqual(['c']);
  });

  test('never crashes: bad JSON 400, over 1 MiB 413, other paths 404, other methods 405, odd bodies acknowledged', async () => {
    const c = await start();
    expect((await deliver(c, '{"data":')).status).toBe(400);
    expect((await deliver(c, '')).status).toBe(400);
    expect((await deliver(c, 'null')).status).toBe(200);
    expect((await deliver(c, '[1,2]')).status).toBe(200);
    expect((await deliver(c, '{"data":{"event_uuid":{"x":1},"event_type":7}}')).status).toBe(200);
    const huge = `{"data":{"event_uuid":"big","event_type":"post.create","payload":{"t":"${'x'.repeat(1024 * 1024)}"}}}`;
    expect((await deliver(c, huge)).status).toBe(413);
    const chunked = await call(c.callbackUrl, 'POST', huge, { 'transfer-encoding': 'chunked', [SIGNATURE_HEADER]: signBody(SECRET, huge) });
    expect(chunked.status).toBe(413);
    const twice = await call(c.callbackUrl, 'POST', event('two'), {
      [SIGNATURE_HEADER]: [signBody(SECRET, event('two')), signBody(SECRET, event('two'))] as unknown as string,
    });
    expect(twice.status).toBe(401);
    expect((await call(`${c.callbackUrl}/x`, 'GET')).status).toBe(404);
    expect((await call(c.callbackUrl.replace('/vendor/webhook', '/'), 'POST', '{}')).status).toBe(404);
    expect((await call(c.callbackUrl, 'PUT', '{}')).status).toBe(405);
    expect((await call(c.callbackUrl, 'DELETE')).status).toBe(405);
    expect((await call(`${c.probeUrl}/processed`, 'POST')).status).toBe(405);
    expect((await call(`${c.probeUrl}/nothing`, 'GET')).status).toBe(404);
    expect(await processed(c)).toEqual([]);
    expect((await crc(c, 'still-up')).status).toBe(200);
  });

  test('acting later (actAfterMs): answered at once, shown by the probe once the worker acted; duplicates once, also while queued; reset forgets the queue', async () => {
    const c = await start({ actAfterMs: 1000 });
    expect((await deliver(c, event('q1'))).status).toBe(200);
    expect(await processed(c)).toEqual([]); // answered, not acted on yet
    expect((await deliver(c, event('q1'))).status).toBe(200);
    expect((await deliver(c, event('q2', 'ProfileBioUpdate'))).status).toBe(200);
    expect((await deliver(c, event('q3'), 'sha256=x')).status).toBe(401);
    expect(await shownSoon(c, ['q1'])).toEqual([{ id: 'q1', kind: 'post.create', count: 1 }]);
    await deliver(c, event('q4'));
    expect((await call(`${c.probeUrl}/reset`, 'POST')).status).toBe(204);
    await deliver(c, event('q5'));
    expect((await shownSoon(c, ['q5'])).map((e) => e.id)).toEqual(['q5']); // q4 was forgotten with the queue
  });

  test('probe: false serves no probe', async () => {
    const c = await start({ probe: false });
    expect(c.probeUrl).toBeUndefined();
  });
});

describe('example consumer: faults', () => {
  test('CONSUMER_FAULTS: every fault once, breaking only known consumer rule ids', () => {
    const ids = CONSUMER_FAULTS.map((f) => f.id);
    expect(new Set(ids).size).toBe(27);
    expect(ids.length).toBe(27);
    for (const f of CONSUMER_FAULTS) {
      expect(f.description.length).toBeGreaterThan(10);
      expect(f.breaks.length).toBeGreaterThan(0);
      for (const r of f.breaks) expect(RULE_IDS).toContain(r);
    }
  });

  test('hex-crc: sha256= + hex digest', async () => {
    const c = await withFault('hex-crc');
    const a = JSON.parse((await crc(c, 'tok')).body).response_token;
    expect(a).toBe(`sha256=${createHmac('sha256', SECRET).update('tok').digest('hex')}`);
  });

  test('no-prefix: Base64 digest without sha256=', async () => {
    const c = await withFault('no-prefix');
    expect(JSON.parse((await crc(c, 'tok')).body).response_token).toBe(expected(SECRET, 'tok').slice('sha256='.length));
  });

  test('urlsafe-crc: the digest in the URL-safe Base64 alphabet', async () => {
    const c = await withFault('urlsafe-crc');
    // a token whose right digest holds both + and / under SECRET
    const token = Array.from({ length: 500 }, (_, i) => `t${i}`).find((t) => /\+.*\/|\/.*\+/.test(expected(SECRET, t))) as string;
    const a = JSON.parse((await crc(c, token)).body).response_token;
    expect(a).toBe(expected(SECRET, token).replaceAll('+', '-').replaceAll('/', '_'));
    expect(a).not.toMatch(/[+/]/);
  });

  test('bearer-key: CRC and signatures keyed with the bearer token; needs bearerToken', async () => {
    await expect(startExampleConsumer({ consumerSecret: SECRET, fault: 'bearer-key' })).rejects.toThrow(/bearerToken/);
    const c = await withFault('bearer-key');
    expect(JSON.parse((await crc(c, 'tok')).body).response_token).toBe(expected(BEARER, 'tok'));
    expect((await deliver(c, event('s'))).status).toBe(401);
    expect((await deliver(c, event('b'), signBody(BEARER, event('b')))).status).toBe(200);
    expect((await processed(c)).map((e) => e.id)).toEqual(['b']);
  });

  test('plain-text-crc: text/plain with the token string', async () => {
    const c = await withFault('plain-text-crc');
    const a = await crc(c, 'tok');
    expect(a.headers['content-type']).toMatch(/^text\/plain/);
    expect(a.body).toBe(expected(SECRET, 'tok'));
  });

  test('cached-crc: the first answer repeated for later tokens, until a reset', async () => {
    const c = await withFault('cached-crc');
    const first = JSON.parse((await crc(c, 'first')).body).response_token;
    expect(first).toBe(expected(SECRET, 'first'));
    expect(JSON.parse((await crc(c, 'second')).body).response_token).toBe(first);
    await call(`${c.probeUrl}/reset`, 'POST');
    expect(JSON.parse((await crc(c, 'third')).body).response_token).toBe(expected(SECRET, 'third'));
  });

  test('reserialised-signature: compact bodies pass, whitespace or escapes make a correct signature fail', async () => {
    const c = await withFault('reserialised-signature');
    expect((await deliver(c, event('r1'))).status).toBe(200);
    expect((await deliver(c, '{ "data": {"event_uuid":"r2","event_type":"post.create"} }')).status).toBe(401);
    expect((await deliver(c, '{"data":{"event_uuid":"r3","event_type":"post.create","payload":{"t":"\\u00e9"}}}')).status).toBe(401);
    expect((await processed(c)).map((e) => e.id)).toEqual(['r1']);
  });

  test('any-signature: any non-empty header accepted; missing or empty still refused', async () => {
    const c = await withFault('any-signature');
    expect((await deliver(c, event('x1'), 'sha256=nonsense')).status).toBe(200);
    expect((await deliver(c, event('x2'), signBody(BEARER, event('x2')))).status).toBe(200);
    expect((await deliver(c, event('x3'), null)).status).toBe(401);
    expect((await deliver(c, event('x4'), '')).status).toBe(401);
    expect((await deliver(c, event('x5'), 'sha256=')).status).toBe(200);
  });

  test("empty-signature-accepted: an empty header or 'sha256=' alone accepted; a missing or wrong header still refused", async () => {
    const c = await withFault('empty-signature-accepted');
    expect((await deliver(c, event('e1'), '')).status).toBe(200);
    expect((await deliver(c, event('e2'), 'sha256=')).status).toBe(200);
    expect((await deliver(c, event('e3'), null)).status).toBe(401);
    expect((await deliver(c, event('e4'), 'sha256=nonsense')).status).toBe(401);
    expect((await processed(c)).map((e) => e.id).sort()).toEqual(['e1', 'e2']);
  });

  test('missing-header-accepted: no header accepted, a wrong header still refused', async () => {
    const c = await withFault('missing-header-accepted');
    expect((await deliver(c, event('m1'), null)).status).toBe(200);
    expect((await deliver(c, event('m2'), 'sha256=nonsense')).status).toBe(401);
    expect((await processed(c)).map((e) => e.id)).toEqual(['m1']);
  });

  test('prefix-optional-signature: the bare digest accepted too; a wrong one still refused', async () => {
    const c = await withFault('prefix-optional-signature');
    const bare = (body: string) => signBody(SECRET, body).slice('sha256='.length);
    expect((await deliver(c, event('p1'), bare(event('p1')))).status).toBe(200);
    expect((await deliver(c, event('p2'))).status).toBe(200);
    expect((await deliver(c, event('p3'), bare(event('other')))).status).toBe(401);
    expect((await processed(c)).map((e) => e.id).sort()).toEqual(['p1', 'p2']);
  });

  test('case-blind-signature: the digest in another letter case accepted too; a wrong one still refused', async () => {
    const c = await withFault('case-blind-signature');
    const upper = (body: string) => `sha256=${signBody(SECRET, body).slice('sha256='.length).toUpperCase()}`;
    expect((await deliver(c, event('c1'), upper(event('c1')))).status).toBe(200);
    expect((await deliver(c, event('c2'), upper(event('other')))).status).toBe(401);
    expect((await processed(c)).map((e) => e.id)).toEqual(['c1']);
  });

  test("algorithm-blind-signature: the right digest after any algorithm's prefix accepted; a wrong one still refused", async () => {
    const c = await withFault('algorithm-blind-signature');
    const under = (algo: string, body: string) => `${algo}=${signBody(SECRET, body).slice('sha256='.length)}`;
    expect((await deliver(c, event('a1'), under('sha1', event('a1')))).status).toBe(200);
    expect((await deliver(c, event('a2'), under('sha256', event('other')))).status).toBe(401);
    expect((await processed(c)).map((e) => e.id)).toEqual(['a1']);
  });

  test("legacy-header-accepted: without the documented header, the real API's header is checked; a wrong one there is still refused", async () => {
    const c = await withFault('legacy-header-accepted');
    const legacy = (body: string, signature: string) =>
      call(c.callbackUrl, 'POST', body, { 'content-type': 'application/json', 'x-twitter-webhooks-signature': signature });
    expect((await legacy(event('l1'), signBody(SECRET, event('l1')))).status).toBe(200);
    expect((await legacy(event('l2'), signBody(SECRET, event('other')))).status).toBe(401);
    expect((await processed(c)).map((e) => e.id)).toEqual(['l1']);
  });

  test('profile-unverified: a wrongly signed profile event is taken, a wrongly signed event of another kind still refused', async () => {
    const c = await withFault('profile-unverified');
    const bio = event('p1', 'profile.update.bio');
    expect((await deliver(c, bio, signBody(BEARER, bio))).status).toBe(200);
    expect((await deliver(c, event('p2'), signBody(BEARER, event('p2')))).status).toBe(401);
    expect((await processed(c)).map((e) => e.id)).toEqual(['p1']);
  });

  test('dedup-before-verify: after a refused delivery of an event, its correctly signed delivery is dropped as a duplicate', async () => {
    const c = await withFault('dedup-before-verify');
    expect((await deliver(c, event('r1'), signBody(BEARER, event('r1')))).status).toBe(401);
    expect((await deliver(c, event('r1'))).status).toBe(200);
    await deliver(c, event('r2'));
    expect((await processed(c)).map((e) => e.id)).toEqual(['r2']);
  });

  test('dedup-last-only: an event again right after itself is a duplicate, again after another is processed again', async () => {
    const c = await withFault('dedup-last-only');
    for (const id of ['d1', 'd1', 'd2', 'd1']) await deliver(c, event(id));
    expect((await processed(c)).map((e) => [e.id, e.count])).toEqual([
      ['d1', 2],
      ['d2', 1],
    ]);
  });

  test("id-from-payload: the payload's id taken for the event id: two events about one post are one; events without one keep their id", async () => {
    const c = await withFault('id-from-payload');
    expect((await deliver(c, event('i1', 'post.create', { id: 'post-7' }))).status).toBe(200);
    expect((await deliver(c, event('i2', 'post.delete', { id: 'post-7' }))).status).toBe(200);
    expect((await deliver(c, event('i3', 'spaces.start'))).status).toBe(200);
    expect(await processed(c)).toEqual([
      { id: 'post-7', kind: 'post.create', count: 1 },
      { id: 'i3', kind: 'spaces.start', count: 1 },
    ]);
  });

  test('id-as-float: the id kept as Python prints a double: ids that differ past the 17th digit are one', async () => {
    const c = await withFault('id-as-float');
    expect((await deliver(c, event('9313131988557044123'))).status).toBe(200);
    expect((await deliver(c, event('9313131988557044124'))).status).toBe(200);
    expect(await processed(c)).toEqual([{ id: '9.313131988557044e+18', kind: 'post.create', count: 1 }]);
  });

  test('crc-long-token-error: a token over 1000 characters answered 500; shorter ones answered right', async () => {
    const c = await withFault('crc-long-token-error');
    expect((await crc(c, 'x'.repeat(1001))).status).toBe(500);
    expect(JSON.parse((await crc(c, 'x'.repeat(1000))).body).response_token).toBe(expected(SECRET, 'x'.repeat(1000)));
  });

  test('double-act: an event acted on twice when it first comes; the same event again is dropped', async () => {
    const c = await withFault('double-act');
    expect((await deliver(c, event('d1'))).status).toBe(200);
    expect((await deliver(c, event('d1'))).status).toBe(200);
    expect(await processed(c)).toEqual([{ id: 'd1', kind: 'post.create', count: 2 }]);
  });

  test('no-dedup: the same event id processed on every delivery', async () => {
    const c = await withFault('no-dedup');
    await deliver(c, event('d'));
    await deliver(c, event('d'));
    expect(await processed(c)).toEqual([{ id: 'd', kind: 'post.create', count: 2 }]);
  });

  test(`dedup-ttl: a duplicate within ${DEDUP_TTL_FAULT_MS} ms of the processing is dropped, one after that processed again`, async () => {
    const c = await withFault('dedup-ttl');
    await deliver(c, event('t'));
    await deliver(c, event('t'));
    expect(await processed(c)).toEqual([{ id: 't', kind: 'post.create', count: 1 }]);
    await new Promise((r) => setTimeout(r, DEDUP_TTL_FAULT_MS + 20));
    await deliver(c, event('t'));
    await deliver(c, event('t'));
    expect(await processed(c)).toEqual([{ id: 't', kind: 'post.create', count: 2 }]);
  });

  test('replay-dropped: payloads older than 5 minutes ignored (created_at or a ms timestamp), fresh ones and timeless ones processed', async () => {
    const c = await withFault('replay-dropped');
    const hourAgo = Date.now() - 3600_000;
    await deliver(c, event('old-iso', 'post.create', { created_at: new Date(hourAgo).toISOString() }));
    await deliver(c, event('old-ms', 'dm.received', { created_timestamp: String(hourAgo) }));
    await deliver(c, event('fresh', 'post.create', { created_at: new Date().toISOString() }));
    await deliver(c, event('timeless', 'profile.update.bio', { before: 'a', after: 'b' }));
    expect((await processed(c)).map((e) => e.id)).toEqual(['fresh', 'timeless']);
  });

  test('pascal-only: lowercase profile kinds ignored, PascalCase ones and other kinds processed', async () => {
    const c = await withFault('pascal-only');
    await deliver(c, event('p1', 'profile.update.bio'));
    await deliver(c, event('p2', 'ProfileBioUpdate'));
    await deliver(c, event('p3', 'post.create'));
    expect((await processed(c)).map((e) => e.kind)).toEqual(['ProfileBioUpdate', 'post.create']);
  });

  test('queued-unverified: every event answered 200 and acted on a moment later, whatever its signature', async () => {
    const c = await withFault('queued-unverified');
    expect((await deliver(c, event('v1'), 'sha256=nonsense')).status).toBe(200);
    expect((await deliver(c, event('v2'), null)).status).toBe(200);
    expect((await deliver(c, event('v3'), signBody(BEARER, event('v3')))).status).toBe(200);
    expect((await shownSoon(c, ['v1', 'v2', 'v3'])).map((e) => e.id)).toEqual(['v1', 'v2', 'v3']);
  });

  test('queued-dedup-on-arrival: a duplicate that comes while the first is queued is acted on again; one after it is not', async () => {
    const c = await start({ fault: 'queued-dedup-on-arrival', actAfterMs: 500 });
    await Promise.all([deliver(c, event('w')), deliver(c, event('w'))]);
    await shownSoon(c, ['w']);
    await deliver(c, event('later')); // the worker acts in order: once 'later' shows, both 'w' were acted on
    await shownSoon(c, ['later']);
    await deliver(c, event('w'));
    await deliver(c, event('last'));
    expect((await shownSoon(c, ['last'])).find((e) => e.id === 'w')?.count).toBe(2);
  });
});

describe('example consumer: CLI', () => {
  test('start.ts prints its callback and probe URLs and serves the CRC', async () => {
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../../../examples/consumer/start.ts', import.meta.url)),
        '--secret',
        'env:EXAMPLE_SECRET',
        '--port',
        '0',
        '--refuse',
        '403',
      ],
      { env: { ...process.env, EXAMPLE_SECRET: SECRET }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (d: Buffer) => {
          text += d.toString();
          if (text.includes('probe')) resolve(text);
        });
        child.on('exit', (code) => reject(new Error(`start.ts exited ${code}`)));
      });
      const callback = /callback (\S+)/.exec(out)?.[1] ?? '';
      expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/vendor\/webhook$/);
      expect(out).toMatch(/probe {4}http:\/\/127\.0\.0\.1:\d+\/__probe/);
      const a = await call(`${callback}?crc_token=cli`, 'GET');
      expect(JSON.parse(a.body).response_token).toBe(expected(SECRET, 'cli'));
      expect((await deliver({ callbackUrl: callback, port: 0, close: async () => {} }, event('z'), 'sha256=x')).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
