// Tenants (TARGET-CONTRACT §3a) in a run: rules that hold the clock or a whole list run on tenants
// of their own, side by side, and every suite gives the same verdicts rule by rule for the same
// seed with and without them (but the rules that need a second app, which only tenants give); every tenant a run creates is gone when it ends (also when it is
// interrupted), and `conform sweep` deletes what a killed run left.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { parseConfig } from '../../../harness/config-loader/load.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { startLocalTarget } from '../../../harness/engine/local-target.ts';
import { sweepTarget } from '../../../harness/engine/sweep.ts';
import { ControlClient } from '../../../harness/target/control.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { ALL_RULES, runConform } from '../../../cli/app.ts';

/** rules that need a second app of the target (a tenant): passed with tenants, not checkable without */
const SECOND_APP = new Set(ALL_RULES.filter((r) => r.needs.includes('control.tenants')).map((r) => r.id));

/** the embedded reference, noting the tenants it still has when the run closes it */
function watched(): { factory: LocalTargetFactory; left: string[][] } {
  const left: string[][] = [];
  const inner = embeddedReference();
  const factory: LocalTargetFactory = async (o) => {
    const running = await inner(o);
    const control = (running.target as { control: { baseUrl: string; token: string } }).control;
    return {
      ...running,
      async close() {
        const res = await fetch(`${control.baseUrl}/tenants`, { headers: { authorization: `Bearer ${control.token}` } });
        left.push(((await res.json()) as { tenants: { id: string }[] }).tenants.map((t) => t.id));
        await running.close();
      },
    };
  };
  return { factory, left };
}

const run = (
  factory: LocalTargetFactory,
  suites: string[],
  tenants: boolean,
  stop?: AbortSignal,
  more: { rules?: string[]; runs?: number } = {},
) =>
  runConform({
    local: { name: 'embedded reference', factory, limits: { deliveryWaitMs: 3000, callbackHoldMs: 10_000 } },
    suites,
    runs: more.runs ?? 10,
    ...(more.rules ? { rules: more.rules } : {}),
    seed: 777,
    concurrency: 4,
    tenants,
    allure: false,
    stop,
  });

describe('tenants in a run', () => {
  test.concurrent.each([['data-api'], ['ads'], ['catalog']])(
    '%s: the same status for every rule with and without tenants, and no tenant left',
    async (suite) => {
      const on = watched();
      const withTenants = await run(on.factory, [suite], true);
      const without = await run(embeddedReference(), [suite], false);
      expect(withTenants.stats.tenants).toBeGreaterThan(0);
      expect(without.stats.tenants).toBe(0);
      const statuses = (o: typeof without) => o.report.rules.filter((r) => !SECOND_APP.has(r.id)).map((r) => `${r.id} ${r.status}`);
      expect(statuses(withTenants)).toEqual(statuses(without));
      for (const r of withTenants.report.rules.filter((x) => SECOND_APP.has(x.id))) {
        expect(r.status, r.id).toBe('passed');
        const alone = without.report.rules.find((x) => x.id === r.id);
        expect(alone?.status, r.id).toBe('not-checkable');
        expect(alone?.reason, r.id).toMatch(/tenant/);
      }
      expect(on.left).toEqual([[]]);
    },
    180_000,
  );

  test('an interrupted run deletes the tenants its rules were using', async () => {
    const on = watched();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 1500);
    const out = await run(on.factory, ['data-api'], true, stop.signal);
    expect(out.report.interrupted).toBe(true);
    expect(out.stats.tenants).toBeGreaterThan(0);
    expect(on.left).toEqual([[]]);
  }, 60_000);

  // the stop's grace over, the calls of the rule under way are ended, and only its own: a stop
  // signalled outside any rule once ended every call of the run for good, the cleanup's too
  test('a rule still running when the grace after an interrupt is over: its calls are ended, and the tenants deleted', async () => {
    const on = watched();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 1000);
    // far more sequences than run in the 1 s before the stop and the 2 s grace after it
    const out = await run(on.factory, ['data-api'], true, stop.signal, { rules: ['WH-SEQ-001'], runs: 2000 });
    expect(out.report.interrupted).toBe(true);
    const seq = out.report.rules.find((r) => r.id === 'WH-SEQ-001');
    expect(seq?.reason).toMatch(/interrupted/);
    expect(out.stats.tenants).toBeGreaterThan(0);
    expect(on.left).toEqual([[]]);
  }, 60_000);

  test('conform sweep deletes the tenants a killed run left', async () => {
    const local = await startLocalTarget(embeddedReference(), { withReceiver: false });
    const http = new HttpClient({ timeoutMs: 5000 });
    try {
      const { dataApi, control } = local.target as { dataApi: Record<string, unknown>; control: { baseUrl: string; token: string } };
      const client = new ControlClient(http, control);
      await client.createTenant();
      await client.createTenant();
      expect(await client.tenants()).toHaveLength(2);
      const config = parseConfig({ target: { name: 'left over', dataApi, control } }, process.cwd(), {}, DOMAINS);
      const report = await sweepTarget(config, DOMAINS);
      const tenants = report.domains.find((d) => d.domain === 'tenants');
      expect(tenants?.outcome?.removed).toHaveLength(2);
      expect(await client.tenants()).toEqual([]);
    } finally {
      await http.close();
      await local.close();
    }
  });

  test("POST /tenants may name the tenant's consumer key (consumer_key, an extension): the client keeps it when named, and only then", async () => {
    for (const [choices, named] of [
      [[], true],
      [['tenant-consumer-key-own'], false],
      [['tenant-consumer-key-shared'], false],
    ] as const) {
      const local = await startLocalTarget(embeddedReference({ choices: [...choices] }), { withReceiver: false });
      const http = new HttpClient({ timeoutMs: 5000 });
      try {
        const { control } = local.target as { control: { baseUrl: string; token: string } };
        const t = await new ControlClient(http, control).createTenant();
        expect(typeof t.consumerKey === 'string' && t.consumerKey.length > 0, choices.join() || 'default').toBe(named);
      } finally {
        await http.close();
        await local.close();
      }
    }
  });
});
