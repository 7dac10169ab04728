// Users of the app (TARGET-CONTRACT §3b) as the engine meets them: the reference makes, lists and
// deletes them (a tenant has its own, and its users' tokens reach it); a run's users join its
// secrets and are deleted when it closes; `conform sweep` deletes what a killed run left; the
// capabilities' lists (actions, roles) become grants that say what is missing.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { parseConfig } from '../../../harness/config-loader/load.ts';
import { controlListed } from '../../../harness/engine/capabilities.ts';
import { startLocalTarget } from '../../../harness/engine/local-target.ts';
import { sweepTarget } from '../../../harness/engine/sweep.ts';
import { RunUsers } from '../../../harness/engine/users.ts';
import type { Grants } from '../../../harness/model/grants.ts';
import { ControlClient } from '../../../harness/target/control.ts';
import { HttpClient } from '../../../harness/target/http.ts';

async function withReference(fn: (o: { control: ControlClient; target: Record<string, unknown>; http: HttpClient }) => Promise<void>) {
  const local = await startLocalTarget(embeddedReference(), { withReceiver: false });
  const http = new HttpClient({ timeoutMs: 5000 });
  try {
    const target = local.target as Record<string, unknown> & { control: { baseUrl: string; token: string } };
    await fn({ control: new ControlClient(http, target.control), target, http });
  } finally {
    await http.close();
    await local.close();
  }
}

describe('users of the app', () => {
  test('made, listed and deleted through the control API; a tenant has its own; reset forgets them', async () => {
    await withReference(async ({ control }) => {
      expect((await control.capabilities()).flags.users).toBe(true);
      const u = await control.createUser({});
      expect(u).toMatchObject({ user_id: expect.any(String), username: expect.any(String), access_token: expect.any(String) });
      expect(await control.users()).toEqual([u.user_id]);
      const t = await control.createTenant();
      const onTenant = control.forTenant(t.id);
      const v = await onTenant.createUser({});
      expect(await onTenant.users()).toEqual([v.user_id]);
      expect(await control.users()).toEqual([u.user_id]);
      await control.deleteUser(u.user_id);
      await expect(control.deleteUser(u.user_id)).rejects.toThrow(/404/);
      await control.createUser({});
      await control.reset();
      expect(await control.users()).toEqual([]);
      await control.deleteTenant(t.id);
    });
  });

  test("a run's users join its secrets at once and are deleted when it closes", async () => {
    await withReference(async ({ control }) => {
      const secrets: string[] = [];
      const names: Record<string, string> = {};
      const users = new RunUsers(secrets, names);
      const a = await users.make(control);
      const b = await users.make(control);
      expect(secrets).toEqual(expect.arrayContaining([a.access_token, b.access_token]));
      expect(names[a.access_token]).toBe('USER_ACCESS_TOKEN');
      await users.remove(a.user_id);
      expect(await control.users()).toEqual([b.user_id]);
      expect(await users.closeAll()).toEqual([]);
      expect(await control.users()).toEqual([]);
    });
  });

  test('conform sweep deletes the users a killed run left', async () => {
    await withReference(async ({ control, target }) => {
      await control.createUser({});
      await control.createUser({});
      const config = parseConfig(
        { target: { name: 'left over', dataApi: target.dataApi, control: target.control } },
        process.cwd(),
        {},
        DOMAINS,
      );
      const report = await sweepTarget(config, DOMAINS);
      expect(report.domains.find((d) => d.domain === 'users')?.outcome?.removed).toHaveLength(2);
      expect(await control.users()).toEqual([]);
    });
  });

  test('an item of a control list is a grant, else the reason names the list', () => {
    const g: Grants = { has: [], missing: {} };
    const caps = { flags: {}, lists: { actions: ['post.create'] }, limits: {} };
    controlListed(g, caps, 'control.action.post.create', 'actions', 'post.create');
    controlListed(g, caps, 'control.action.dm.send', 'actions', 'dm.send');
    controlListed(g, caps, 'control.role.ANALYST', 'roles', 'ANALYST');
    controlListed(g, undefined, 'control.role.AD_MANAGER', 'roles', 'AD_MANAGER');
    expect(g.has).toEqual(['control.action.post.create']);
    expect(g.missing).toEqual({
      'control.action.dm.send': "the control API's actions do not include dm.send",
      'control.role.ANALYST': 'the control API offers no roles (TARGET-CONTRACT §3b)',
      'control.role.AD_MANAGER': 'the target offers no test-control API (config key target.control)',
    });
  });
});
