// The run's tenants (TARGET-CONTRACT §3a). A rule's tenant is cleaned up by deleting it: "the tenant
// and everything in it are gone", so nothing it made is deleted record by record first. Only when
// the tenant cannot be deleted are its records removed one by one (an empty tenant is all a run may
// leave). Side by side, tenants are made ahead, and those never taken are deleted at the run's end;
// a rule's tenant is closed beside what runs next, its problems said for the rule afterwards.
import { describe, expect, test } from 'vitest';
import type { Domain, DomainEnv, DomainSession } from '../../../harness/domain/types.ts';
import { TenantPool } from '../../../harness/engine/tenants.ts';
import type { ControlClient } from '../../../harness/target/control.ts';

function world(deletable: boolean, warm = 0) {
  const calls: string[] = [];
  let n = 0;
  const control = {
    async createTenant() {
      calls.push('create tenant');
      return { id: `t-${++n}`, bearerToken: 'b', consumerSecret: 'c' };
    },
    async deleteTenant(id: string) {
      calls.push(`delete tenant ${id}`);
      if (!deletable) throw new Error('503 from DELETE /tenants/t-1');
    },
    forTenant: () => control,
  } as unknown as ControlClient;
  const session: DomainSession = {
    api: {},
    grants: () => ({ has: new Set() }) as never,
    checkpoint: () => 0,
    async cleanup() {
      calls.push('delete its records');
      return [];
    },
    afterReset: () => undefined,
    async close() {
      calls.push('close session');
    },
  };
  const domain = {
    name: 'toy',
    suites: [],
    resources: [],
    open: async () => session,
    tenantSection: (section: unknown) => section,
  } as unknown as Domain;
  const pool = new TenantPool({
    control,
    controlCaps: undefined,
    domains: [domain],
    envOf: () => ({ section: {} }) as DomainEnv<unknown>,
    secrets: [],
    warm,
  });
  return { pool, calls };
}

describe("a rule's tenant at its end", () => {
  test('is deleted, and nothing in it is deleted record by record', async () => {
    const { pool, calls } = world(true);
    const t = await pool.open({ domain: 'toy' });
    expect(await t.close()).toEqual([]);
    expect(calls).toEqual(['create tenant', 'delete tenant t-1', 'close session']);
  });

  test('that cannot be deleted has its records removed one by one, and the failure is said', async () => {
    const { pool, calls } = world(false);
    const t = await pool.open({ domain: 'toy' });
    const problems = await t.close();
    expect(calls).toEqual(['create tenant', 'delete tenant t-1', 'delete its records', 'close session']);
    expect(problems.join(' ')).toMatch(/tenant t-1 was not deleted: 503/);
  });

  test('side by side, tenants are made ahead once a domain used one, and those never taken are deleted at the end', async () => {
    const { pool, calls } = world(true, 2);
    const first = await pool.open({ domain: 'toy' });
    await new Promise((r) => setTimeout(r, 5));
    // the first was made when asked for; two more were made ahead meanwhile
    expect(calls.filter((c) => c === 'create tenant')).toHaveLength(3);
    const second = await pool.open({ domain: 'toy' });
    await Promise.all([first.close(), second.close()]);
    expect(calls).toContain('delete tenant t-1');
    expect(calls).toContain('delete tenant t-2');
    // t-2 was taken from those made ahead, and t-4 made ahead in its place: t-3 and t-4 are left for the end
    expect(await pool.closeAll()).toEqual([]);
    for (const id of ['t-3', 't-4']) expect(calls).toContain(`delete tenant ${id}`);
    expect(pool.created).toBe(4);
    await expect(pool.open({ domain: 'toy' })).rejects.toThrow(/the run is ending/);
  });

  test('released by its rule, it is closed beside what runs next; a failure is said for that rule once settled', async () => {
    const { pool, calls } = world(false);
    const t = await pool.open({ domain: 'toy' });
    t.release('RULE-1');
    // it returns at once: the tenant's deletion and what follows it go on after
    expect(calls).not.toContain('close session');
    const late = await pool.settle();
    expect(late).toHaveLength(1);
    expect(late[0].owner).toBe('RULE-1');
    expect(late[0].problem).toMatch(/tenant t-1 was not deleted: 503/);
    expect(calls).toEqual(['create tenant', 'delete tenant t-1', 'delete its records', 'close session']);
    expect(await pool.settle()).toEqual([]);
  });
});
