// The reference's POST /__control/actions (TARGET-CONTRACT §3b) through the harness's control
// client: the kinds it lists, each action done by a user at the app's now with the ids it made,
// a malformed action refusing the whole call before any is done, an impossible one refused, and
// a tenant's actions done by its own users only. What the service emits after each action is
// judged by the EVT, SUB and CONN rules (and their faults in the kill matrix).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { embeddedReference } from '../../domains/reference.ts';
import { startLocalTarget } from '../../harness/engine/local-target.ts';
import { ControlClient, ControlError } from '../../harness/target/control.ts';
import { HttpClient } from '../../harness/target/http.ts';

let local: Awaited<ReturnType<typeof startLocalTarget>>;
let http: HttpClient;
let control: ControlClient;

beforeAll(async () => {
  local = await startLocalTarget(embeddedReference(), { withReceiver: false });
  http = new HttpClient({ timeoutMs: 5000 });
  control = new ControlClient(http, (local.target as { control: { baseUrl: string; token: string } }).control);
});

afterAll(async () => {
  await http.close();
  await local.close();
});

/** the status a control call was refused with, or 'done' */
async function outcome(call: Promise<unknown>): Promise<number | 'done'> {
  try {
    await call;
    return 'done';
  } catch (e) {
    if (e instanceof ControlError && e.status !== undefined) return e.status;
    throw e;
  }
}

describe('POST /__control/actions on the reference', () => {
  test('the capabilities list every action kind it performs, and users', async () => {
    const caps = await control.capabilities();
    expect(caps.lists.actions).toEqual(
      expect.arrayContaining(['subscribe', 'post.create', 'post.delete', 'dm.send', 'profile.update', 'spaces.start', 'stream.connect']),
    );
    expect(caps.flags.users).toBe(true);
  });

  test("each action is done at the app's now, one after the other, with the ids it made", async () => {
    const [a, b] = [await control.createUser(), await control.createUser()];
    const before = (await control.now()).getTime();
    const performed = await control.actions([
      { kind: 'post.create', user_id: a.user_id, text: 'hello' },
      { kind: 'dm.send', user_id: a.user_id, to_user_id: b.user_id, text: 'hi', via_api: true },
      { kind: 'spaces.start', user_id: b.user_id },
    ]);
    const after = (await control.now()).getTime();
    expect(performed.map((p) => p.kind)).toEqual(['post.create', 'dm.send', 'spaces.start']);
    for (const p of performed) {
      expect(Date.parse(p.at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(p.at)).toBeLessThanOrEqual(after);
    }
    expect(typeof performed[0].ids.post_id).toBe('string');
    expect(typeof performed[1].ids.message_id).toBe('string');
    expect(typeof performed[2].ids.space_id).toBe('string');
    // the post made can be deleted by its author, and by nobody else
    const post = { kind: 'post.delete', post_id: performed[0].ids.post_id as string };
    expect(await outcome(control.actions([{ ...post, user_id: b.user_id }]))).toBe(409);
    expect(await outcome(control.actions([{ ...post, user_id: a.user_id }]))).toBe('done');
  });

  test('a malformed action refuses the whole call before any action is done', async () => {
    const u = await control.createUser();
    for (const bad of [
      { kind: 'post.fly', user_id: u.user_id },
      { kind: 'post.create', user_id: 'no-such-user' },
      { kind: 'profile.update', user_id: u.user_id, field: 'shoe_size', value: 44 },
      { kind: 'subscribe', user_id: u.user_id, direction: 'sideways' },
    ])
      expect(await outcome(control.actions([{ kind: 'spaces.start', user_id: u.user_id }, bad])), bad.kind).toBe(400);
    // none of those calls started the space: there is none to end
    expect(await outcome(control.actions([{ kind: 'spaces.end', user_id: u.user_id }]))).toBe(409);
  });

  test("on a tenant, the tenant's users act; a user of another app is no user of the tenant", async () => {
    const tenant = await control.createTenant();
    const onTenant = control.forTenant(tenant.id);
    try {
      const own = await onTenant.createUser();
      const other = await control.createUser();
      expect((await onTenant.actions([{ kind: 'post.create', user_id: own.user_id, text: 'x' }]))[0].kind).toBe('post.create');
      expect(await outcome(onTenant.actions([{ kind: 'post.create', user_id: other.user_id, text: 'x' }]))).toBe(400);
    } finally {
      await control.deleteTenant(tenant.id);
    }
  });
});
