// The reference host alone, with small fake parts written here: dispatch to the parts' routes, the
// generic control API (capabilities merge, reset, the one shared clock, the clock hook), the fault
// switch and the control token. Real loopback HTTP.

import { afterEach, describe, expect, it } from 'vitest';
import { type RunningHost, startReferenceHost } from '../../reference/host/index.ts';
import { errorReply, json, noContent } from '../../reference/host/http.ts';
import type { Fault, HostContext, PartCapabilities, HostModule, MountedModule, Route } from '../../reference/host/types.ts';

interface FakeLog {
  ctx?: HostContext;
  resets: number;
  clockHooks: number;
  closed: boolean;
}

interface FakeOptions {
  faults?: string[];
  capabilities?: PartCapabilities;
  /** ms the clock hook takes */
  hookMs?: number;
  routes?: (log: FakeLog) => Route[];
  controlRoutes?: (log: FakeLog) => Route[];
}

function fault(id: string, domain: string): Fault {
  return { id, domain, description: `fake fault ${id}`, breaks: ['FAKE-001'] };
}

/** a part under /<name>/…: GET now (its view of the clock), GET items/:id, POST echo (JSON), GET secret (needs "Bearer <name>"), GET fault/:id */
function fakePart(name: string, o: FakeOptions = {}): HostModule & { log: FakeLog } {
  const log: FakeLog = { resets: 0, clockHooks: 0, closed: false };
  return {
    name,
    log,
    faults: (o.faults ?? []).map((id) => fault(id, name)),
    create(ctx): MountedModule {
      log.ctx = ctx;
      const routes: Route[] = o.routes?.(log) ?? [
        { method: 'GET', path: `/${name}/now`, handle: () => json(200, { part: name, now: ctx.clock.nowMs() }) },
        { method: 'GET', path: `/${name}/items/:id`, handle: (req, p) => json(200, { part: name, id: p.id, q: req.query.get('q') }) },
        { method: 'POST', path: `/${name}/echo`, json: true, handle: (req) => json(200, { got: req.body }) },
        {
          method: 'GET',
          path: `/${name}/secret`,
          authorize: (req) => (req.headers.authorization === `Bearer ${name}` ? undefined : errorReply(401, 'no')),
          handle: () => json(200, { secret: true }),
        },
        { method: 'GET', path: `/${name}/fault/:id`, handle: (_req, p) => json(200, { active: ctx.fault(p.id) }) },
      ];
      return {
        routes,
        controlRoutes: o.controlRoutes?.(log) ?? [{ method: 'POST', path: `/${name}-poke`, handle: () => noContent() }],
        capabilities: () => o.capabilities ?? { flags: {} },
        reset: () => void log.resets++,
        async onClockAdvanced() {
          await new Promise((r) => setTimeout(r, o.hookMs ?? 0));
          log.clockHooks++;
        },
        async close() {
          log.closed = true;
        },
      };
    },
  };
}

const running: RunningHost[] = [];

async function start(o: Parameters<typeof startReferenceHost>[0]): Promise<RunningHost> {
  const h = await startReferenceHost(o);
  running.push(h);
  return h;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.close()));
});

async function call(url: string, init: { method?: string; body?: unknown; token?: string; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    date: res.headers.get('date'),
    body: text ? JSON.parse(text) : undefined,
  };
}

describe('reference host', () => {
  it("dispatches to each part's routes, with decoded path params, query, JSON bodies and the part's own authorization", async () => {
    const h = await start({ modules: [fakePart('a'), fakePart('b')] });
    expect((await call(`${h.baseUrl}/a/items/x%20y?q=1`)).body).toEqual({ part: 'a', id: 'x y', q: '1' });
    expect((await call(`${h.baseUrl}/b/items/`)).body).toEqual({ part: 'b', id: '', q: null });
    expect((await call(`${h.baseUrl}/b/echo`, { method: 'POST', body: { n: 1 } })).body).toEqual({ got: { n: 1 } });
    const malformed = await call(`${h.baseUrl}/b/echo`, { method: 'POST', raw: '{nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(400);
    expect((await call(`${h.baseUrl}/a/secret`)).status).toBe(401);
    expect((await call(`${h.baseUrl}/a/secret`, { token: 'b' })).status).toBe(401);
    expect((await call(`${h.baseUrl}/a/secret`, { token: 'a' })).body).toEqual({ secret: true });
  });

  it('answers an unknown route (or method) with a 404 Error, and serves no control API outside test mode', async () => {
    const h = await start({ modules: [fakePart('a')] });
    const missing = await call(`${h.baseUrl}/nowhere`);
    expect(missing).toMatchObject({ status: 404, type: 'application/json', body: { code: 404, message: 'No route for GET /nowhere' } });
    expect((await call(`${h.baseUrl}/a/echo`)).status).toBe(404);
    expect((await call(`${h.controlBaseUrl}/capabilities`)).status).toBe(200);

    const prod = await start({ modules: [fakePart('a')], testMode: false });
    expect((await call(`${prod.controlBaseUrl}/capabilities`)).status).toBe(404);
    expect((await call(`${prod.controlBaseUrl}/a-poke`, { method: 'POST' })).status).toBe(404);
    expect((await call(`${prod.baseUrl}/a/items/1`)).status).toBe(200);
  });

  it('shares one clock among all parts; POST /clock moves it for every part and the Date header', async () => {
    const a = fakePart('a');
    const b = fakePart('b');
    const h = await start({ modules: [a, b] });
    expect(a.log.ctx?.clock).toBe(b.log.ctx?.clock);
    const before = Date.now();
    const moved = await call(`${h.controlBaseUrl}/clock`, { method: 'POST', body: { advance_seconds: 86_400 } });
    expect(moved.status).toBe(200);
    expect(new Date(moved.body.now).getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    for (const part of ['a', 'b']) {
      const seen = await call(`${h.baseUrl}/${part}/now`);
      expect(seen.body.now).toBeGreaterThanOrEqual(before + 86_400_000);
      expect(new Date(seen.date!).getTime()).toBeGreaterThan(before + 86_000_000);
    }
    const read = await call(`${h.controlBaseUrl}/clock`);
    expect(new Date(read.body.now).getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    expect((await call(`${h.controlBaseUrl}/clock`, { method: 'POST', body: { advance_seconds: -1 } })).status).toBe(400);
    expect((await call(`${h.controlBaseUrl}/clock`, { method: 'POST', body: {} })).status).toBe(400);
  });

  it("POST /clock awaits every part's onClockAdvanced() before answering", async () => {
    const slow = fakePart('slow', { hookMs: 300 });
    const other = fakePart('other');
    const h = await start({ modules: [slow, other] });
    const t0 = Date.now();
    const res = await call(`${h.controlBaseUrl}/clock`, { method: 'POST', body: { advance_seconds: 1 } });
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect([slow.log.clockHooks, other.log.clockHooks]).toEqual([1, 1]);
    await call(`${h.controlBaseUrl}/clock`);
    expect(slow.log.clockHooks).toBe(1); // reading the clock runs no hook
  });

  it('POST /reset sets the clock back and resets every part', async () => {
    const a = fakePart('a');
    const b = fakePart('b');
    const h = await start({ modules: [a, b] });
    await call(`${h.controlBaseUrl}/clock`, { method: 'POST', body: { advance_seconds: 7200 } });
    const reset = await call(`${h.controlBaseUrl}/reset`, { method: 'POST' });
    expect(reset.status).toBe(204);
    expect([a.log.resets, b.log.resets]).toEqual([1, 1]);
    const now = new Date((await call(`${h.controlBaseUrl}/clock`)).body.now).getTime();
    expect(Math.abs(now - Date.now())).toBeLessThan(5000);
  });

  it('GET /capabilities: clock and users from the host, flags OR-merged, lists joined, limits merged into one object', async () => {
    const h = await start({
      modules: [
        fakePart('a', { capabilities: { flags: { events: true, ads: false }, lists: { actions: ['x', 'y'] }, limits: { maxA: 1 } } }),
        fakePart('b', { capabilities: { flags: { ads: true }, lists: { actions: ['y', 'z'], roles: ['R'] }, limits: { maxB: 2 } } }),
        fakePart('c'),
      ],
    });
    expect((await call(`${h.controlBaseUrl}/capabilities`)).body).toEqual({
      clock: true,
      users: true,
      events: true,
      ads: true,
      actions: ['x', 'y', 'z'],
      roles: ['R'],
      limits: { maxA: 1, maxB: 2 },
    });
    const alone = await start({ modules: [] });
    expect((await call(`${alone.controlBaseUrl}/capabilities`)).body).toEqual({ clock: true, users: true, limits: {} });
  });

  it('refuses to start when two parts report the same limit, share a name, or claim the same route', async () => {
    const caps = { flags: {}, limits: { max: 1 } };
    await expect(
      startReferenceHost({ modules: [fakePart('a', { capabilities: caps }), fakePart('b', { capabilities: caps })] }),
    ).rejects.toThrow(/limit "max"/);
    await expect(startReferenceHost({ modules: [fakePart('a'), fakePart('a')] })).rejects.toThrow(/two parts are named "a"/);
    const clash = fakePart('b', { controlRoutes: () => [{ method: 'POST', path: '/reset', handle: () => noContent() }] });
    await expect(startReferenceHost({ modules: [fakePart('a'), clash] })).rejects.toThrow(/POST \/__control\/reset/);
    expect(clash.log.closed).toBe(true); // parts created before the failure are closed again
  });

  it('fault switch: one active id across all parts; an unknown id or an id two parts declare stops the start', async () => {
    const a = fakePart('a', { faults: ['a-1', 'a-2'] });
    const b = fakePart('b', { faults: ['b-1'] });
    const h = await start({ modules: [a, b], fault: 'b-1' });
    expect((await call(`${h.baseUrl}/a/fault/b-1`)).body).toEqual({ active: true });
    expect((await call(`${h.baseUrl}/b/fault/b-1`)).body).toEqual({ active: true });
    expect((await call(`${h.baseUrl}/b/fault/a-1`)).body).toEqual({ active: false });
    const none = await start({ modules: [a, b] });
    expect((await call(`${none.baseUrl}/a/fault/a-1`)).body).toEqual({ active: false });

    await expect(startReferenceHost({ modules: [a, b], fault: 'no-such-fault' })).rejects.toThrow(
      new TypeError('unknown fault "no-such-fault"'),
    );
    const dup = fakePart('c', { faults: ['a-2'] });
    await expect(startReferenceHost({ modules: [a, dup] })).rejects.toThrow(/fault "a-2" is declared by both a and c/);
    const wrongDomain: HostModule = { ...fakePart('d'), faults: [fault('d-1', 'elsewhere')] };
    await expect(startReferenceHost({ modules: [wrongDomain] })).rejects.toThrow(/names domain "elsewhere"/);
  });

  it("needs the control token on every control route (the parts' too) when one is set, and only there", async () => {
    const h = await start({ modules: [fakePart('a')], controlToken: 'ctl' });
    for (const [method, path] of [
      ['GET', '/capabilities'],
      ['POST', '/reset'],
      ['GET', '/clock'],
      ['POST', '/a-poke'],
    ]) {
      const refused = await call(`${h.controlBaseUrl}${path}`, { method });
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(refused.body.code).toBe(401);
      expect((await call(`${h.controlBaseUrl}${path}`, { method, token: 'wrong' })).status).toBe(401);
      expect((await call(`${h.controlBaseUrl}${path}`, { method, token: 'ctl' })).status).toBeLessThan(300);
    }
    expect((await call(`${h.baseUrl}/a/items/1`)).status).toBe(200);
    const open = await start({ modules: [fakePart('a')] });
    expect((await call(`${open.controlBaseUrl}/a-poke`, { method: 'POST' })).status).toBe(204);
  });

  it('answers a body over 1 MiB with 413; later() runs right after the answer; close() closes every part', async () => {
    const a = fakePart('a', {
      routes: (log) => [
        {
          method: 'POST',
          path: '/later',
          handle: () => {
            log.ctx?.later(() => void log.resets++);
            return noContent();
          },
        },
        { method: 'POST', path: '/big', json: true, handle: () => noContent() },
      ],
    });
    const h = await startReferenceHost({ modules: [a] });
    const big = await call(`${h.baseUrl}/big`, { method: 'POST', raw: JSON.stringify('x'.repeat(1024 * 1024)) });
    expect(big.status).toBe(413);
    expect((await call(`${h.baseUrl}/later`, { method: 'POST' })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 20));
    expect(a.log.resets).toBe(1); // later() ran right after the answer
    await h.close();
    expect(a.log.closed).toBe(true);
    await h.close(); // idempotent
    await expect(fetch(`${h.baseUrl}/later`, { method: 'POST' })).rejects.toThrow();
  });
});

describe('the wire liberties (choices of every part)', () => {
  it('write the same answer with members reversed, indented, with a charset parameter, and late', async () => {
    const plain = await start({ modules: [fakePart('a')] });
    const loose = await start({
      modules: [fakePart('a')],
      choices: ['wire-members-reversed', 'wire-json-indented', 'wire-json-charset', 'wire-answer-jitter'],
    });
    const raw = async (h: RunningHost) => {
      const res = await fetch(`${h.baseUrl}/a/items/7?q=z`);
      return { type: res.headers.get('content-type'), text: await res.text() };
    };
    const a = await raw(plain);
    const b = await raw(loose);
    expect(a).toEqual({ type: 'application/json', text: '{"part":"a","id":"7","q":"z"}' });
    expect(b.type).toBe('application/json; charset=utf-8');
    expect(b.text).toBe('{\n  "q": "z",\n  "id": "7",\n  "part": "a"\n}\n');
    expect(JSON.parse(b.text)).toEqual(JSON.parse(a.text));
    // jitter: answers held back 0..8 ms at random, so twenty of them do not all come at once
    const times = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const t = performance.now();
        await raw(loose);
        return performance.now() - t;
      }),
    );
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(1);
  });

  it('a wire liberty is known to every host, and an unknown choice is refused', async () => {
    await expect(start({ modules: [fakePart('a')], choices: ['wire-json-charset'] })).resolves.toBeDefined();
    await expect(start({ modules: [fakePart('a')], choices: ['wire-nope'] })).rejects.toThrow(/unknown choice "wire-nope"/);
  });
});
