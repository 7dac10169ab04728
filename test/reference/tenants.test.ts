// Tenants of the reference (TARGET-CONTRACT §3a): each an app of its own on the same port, with its
// own credentials, clock, webhooks and ads fixtures; control calls act on the tenant that
// x-conform-tenant names; a deleted tenant's credentials no longer open anything.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { embeddedReference } from '../../domains/reference.ts';
import { Clock } from '../../reference/host/clock.ts';
import { Tenants } from '../../reference/host/tenants.ts';
import type { HostContext } from '../../reference/host/types.ts';
import { Users } from '../../reference/host/users.ts';

let close: () => Promise<void>;
let api: string;
let control: string;
let auth: Record<string, string>;

beforeAll(async () => {
  const ref = await embeddedReference()({ resolve: {} });
  close = ref.close;
  const t = ref.target as { dataApi: { baseUrl: string; bearerToken: string }; control: { baseUrl: string; token: string } };
  api = t.dataApi.baseUrl;
  control = t.control.baseUrl;
  auth = { authorization: `Bearer ${t.control.token}` };
});
afterAll(() => close());

async function ctl(method: string, path: string, tenant?: string, body?: unknown) {
  const headers: Record<string, string> = { ...auth, ...(tenant ? { 'x-conform-tenant': tenant } : {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${control}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const newTenant = async () => (await ctl('POST', '/tenants')).body as { id: string; bearer_token: string; consumer_secret: string };
const webhooks = async (token: string) => {
  const res = await fetch(`${api}/2/webhooks`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as { data: unknown[] }) : undefined };
};

describe('tenants of the reference', () => {
  test('announced in the capabilities; POST /tenants gives fresh credentials, GET lists, DELETE removes', async () => {
    expect((await ctl('GET', '/capabilities')).body.tenants).toBe(true);
    const a = await newTenant();
    const b = await newTenant();
    expect(a.id).not.toBe(b.id);
    expect(a.bearer_token).not.toBe(b.bearer_token);
    expect(a.consumer_secret).not.toBe(b.consumer_secret);
    const ids = ((await ctl('GET', '/tenants')).body.tenants as { id: string; created_at: string }[]).map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await webhooks(a.bearer_token)).status).toBe(200);
    expect((await ctl('DELETE', `/tenants/${a.id}`)).status).toBe(204);
    expect((await webhooks(a.bearer_token)).status).toBe(401);
    expect((await ctl('DELETE', `/tenants/${a.id}`)).status).toBe(404);
    expect((await ctl('GET', '/clock', a.id)).status).toBe(404);
    await ctl('DELETE', `/tenants/${b.id}`);
  });

  test("each tenant has its own clock and its own posts; the default app's stay as they were", async () => {
    const a = await newTenant();
    const before = Date.parse((await ctl('GET', '/clock')).body.now);
    const moved = Date.parse((await ctl('POST', '/clock', a.id, { advance_seconds: 7200 })).body.now);
    expect(moved).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(Date.parse((await ctl('GET', '/clock')).body.now)).toBeLessThan(before + 3_600_000);
    expect(Date.parse((await ctl('GET', '/clock', a.id)).body.now)).toBeGreaterThanOrEqual(before + 7_200_000);
    // posts seeded on the tenant are served to the tenant's token only
    expect((await ctl('POST', '/posts', a.id, { posts: [{ id: '990001', text: 'only in a' }], users: [], media: [] })).status).toBe(204);
    const seen = async (token: string) =>
      (
        (await (await fetch(`${api}/2/tweets?ids=990001`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          data?: unknown[];
        }
      ).data ?? [];
    expect(await seen(a.bearer_token)).toHaveLength(1);
    const b = await newTenant();
    expect(await seen(b.bearer_token)).toHaveLength(0);
    // a reset of the tenant empties it and sets its clock back, nothing else
    expect((await ctl('POST', '/reset', a.id)).status).toBe(204);
    expect(await seen(a.bearer_token)).toHaveLength(0);
    await ctl('DELETE', `/tenants/${a.id}`);
    await ctl('DELETE', `/tenants/${b.id}`);
  });

  test('ads fixtures of a tenant are an account only its token reaches', async () => {
    const a = await newTenant();
    const fixtures = (await ctl('POST', '/ads/fixtures', a.id)).body as { account_id: string };
    const accountOf = async (token: string) =>
      (await fetch(`${api}/12/accounts/${fixtures.account_id}`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await accountOf(a.bearer_token)).toBe(200);
    const b = await newTenant();
    expect(await accountOf(b.bearer_token)).not.toBe(200);
    await ctl('DELETE', `/tenants/${a.id}`);
    await ctl('DELETE', `/tenants/${b.id}`);
  });
});

describe("a tenant's consumer key (an extension of §3a)", () => {
  const answerOf = async (choices: string[]) => {
    const ref = await embeddedReference({ choices })({ resolve: {} });
    try {
      const c = (ref.target as { control: { baseUrl: string; token: string } }).control;
      const res = await fetch(`${c.baseUrl}/tenants`, { method: 'POST', headers: { authorization: `Bearer ${c.token}` } });
      return (await res.json()) as Record<string, unknown>;
    } finally {
      await ref.close();
    }
  };

  test('POST /tenants names it by default, and leaves it out under either Data API choice that withholds it', async () => {
    expect(typeof (await answerOf([])).consumer_key).toBe('string');
    for (const choice of ['tenant-consumer-key-own', 'tenant-consumer-key-shared'])
      expect(Object.keys(await answerOf([choice]))).toEqual(['id', 'bearer_token', 'consumer_secret']);
  });
});

describe('the tenant a request names by its token', () => {
  const host = { clock: new Clock(), users: new Users() } as unknown as HostContext;

  test("a tenant's bearer token and its users' tokens name it until the user or the tenant is gone", async () => {
    const tenants = new Tenants(() => [], host, { mount() {}, unmount() {} });
    const [a, b] = [tenants.create(), tenants.create()];
    const u = a.ctx.users.create({}, 0);
    const v = b.ctx.users.create({}, 0);
    const oauth = (token: string) => `OAuth oauth_consumer_key="k", oauth_token="${token}", oauth_signature="s"`;
    expect(tenants.byBearer(`Bearer ${a.credentials.bearerToken}`)).toBe(a);
    expect(tenants.byBearer(`Bearer ${u.bearer_token}`)).toBe(a);
    expect(tenants.byBearer(oauth(u.access_token))).toBe(a);
    expect(tenants.byBearer(`Bearer ${v.bearer_token}`)).toBe(b);
    expect(tenants.byBearer('Bearer nobody')).toBeUndefined();
    a.ctx.users.delete(u.user_id);
    expect(tenants.byBearer(`Bearer ${u.bearer_token}`)).toBeUndefined();
    expect(tenants.byBearer(oauth(u.access_token))).toBeUndefined();
    b.ctx.users.reset();
    expect(tenants.byBearer(`Bearer ${v.bearer_token}`)).toBeUndefined();
    const w = a.ctx.users.create({}, 0);
    await tenants.delete(a.id);
    expect(tenants.byBearer(`Bearer ${a.credentials.bearerToken}`)).toBeUndefined();
    expect(tenants.byBearer(`Bearer ${w.bearer_token}`)).toBeUndefined();
    expect(tenants.byBearer(`Bearer ${b.credentials.bearerToken}`)).toBe(b);
  });
});

describe('route tables of tenants', () => {
  test("a deleted tenant's route table is dropped: a long-lived reference keeps no tenant it no longer has", async () => {
    const mounted = new Set<unknown>();
    const host = { clock: new Clock(), users: new Users() } as unknown as HostContext;
    const tenants = new Tenants(() => [], host, { mount: (w) => mounted.add(w), unmount: (w) => mounted.delete(w) });
    const [a, b, c] = [tenants.create(), tenants.create(), tenants.create()];
    expect([...mounted]).toEqual([a, b, c]);
    await tenants.delete(b.id);
    expect([...mounted]).toEqual([a, c]);
    await tenants.closeAll();
    expect(mounted.size).toBe(0);
  });
});
