// npm run bench: each suite against the embedded reference on loopback and behind a TCP proxy that
// adds BENCH_DELAY_MS (default 50) each way; the requests sent, the critical-path bound (a lower
// bound on wall time: see criticalChain, × the round trip), what sets it, and wall time / bound; and
// the reference's throughput on a cheap documented call. Side by side: BENCH_CONCURRENCY (default 8)
// rules at once on one target (--concurrency), and as many reference instances (--instances);
// each with and without tenants (TARGET-CONTRACT §3a), whose bound counts the per-tenant holds as
// each tenant rule's own. All suites in one run: without and with tenants, and with tenants and the
// rules' durations of an earlier run (as a rerun reads them from its report directory). Beside each
// bound, the floor of the rules that cannot run at once (exclusion-floor.ts): what no schedule beats.
// Figures only: nothing here is a test.
// BENCH_SUITES=data-api,consumer picks suites; BENCH_RUNS sets property runs (--runs; default: conform's, where
// a property whose cases each need the app alone runs ONE_APP_RUNS on a target without tenants).
import { EMBEDDED_CONCURRENCY } from '../cli/commands/run-request.ts';
import { DEFAULT_RUNS, ONE_APP_RUNS } from '../harness/engine/conform.ts';
import { request } from 'undici';
import { DOMAINS } from '../domains/registry.ts';
import { runConform } from '../cli/app.ts';
import { allRules } from '../harness/engine/conform.ts';
import type { RuleResult } from '../harness/model/result.ts';
import { referenceInThread, startReference } from '../domains/reference.ts';
import { behindProxy } from './behind-proxy.ts';
import { holdsWithTenants } from '../harness/engine/tenants.ts';
import { startOrder } from '../cli/live.ts';
import { exclusionFloor } from './exclusion-floor.ts';

const delayMs = Number(process.env.BENCH_DELAY_MS ?? 50);
const runs = process.env.BENCH_RUNS === undefined ? undefined : Number(process.env.BENCH_RUNS);
const suites = (process.env.BENCH_SUITES ?? 'data-api,ads,catalog,consumer').split(',');
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** BENCH_SERIAL=0 leaves out the runs one rule at a time behind the proxy (the ads suite's alone takes over 8 minutes) */
const serial = process.env.BENCH_SERIAL !== '0';
const RULES = new Map(allRules(DOMAINS).map((r) => [r.id, r]));
/** on a target with tenants, a rule that holds the clock or a whole list holds them on a tenant of its own */
const HOLDS_WITH_TENANTS = holdsWithTenants(DOMAINS);

/** what rule `id` holds, as the scheduler sees it with or without tenants (undefined: not a catalogued rule) */
const holdsOf = (id: string, tenants: boolean) => {
  const rule = RULES.get(id);
  return rule && (tenants ? HOLDS_WITH_TENANTS(rule) : rule.holds);
};

/** the app's webhook slots on the embedded reference by default */
const DEFAULT_WEBHOOKS = await (async () => {
  const ref = await startReference({});
  try {
    const caps = (await (await fetch(`${ref.controlBaseUrl}/capabilities`)).json()) as { limits: { maxWebhooks: number } };
    return caps.limits.maxWebhooks;
  } finally {
    await ref.close();
  }
})();

/** the pools its webhook rules share: the app's webhook slots (`maxWebhooks`, else the reference's default) */
const slotsOf = (maxWebhooks = DEFAULT_WEBHOOKS): Map<string, number> => new Map([['data-api.webhooks', maxWebhooks]]);

/** --runs for every property: what the property runs cost a target without tenants (25: as many for the one-app ones as for the others) */
const RUNS_FOR_ALL = [DEFAULT_RUNS, 10, 5];

/** a larger app than the reference's default, to show what the webhook limit costs */
const BIG_APP_WEBHOOKS = 10;

/**
 * A lower bound on the wall time of a run on one target with `n` rules at once, in round trips,
 * and what sets it. Each rule takes one of the n places for at least its chain (its requests that
 * waited one for another; its calls side by side count once), so the run takes at least its
 * longest chain and the sum of the chains over n. A rule that holds a resource exclusively runs
 * with no other rule that holds it: at least the exclusive holders' chains one after another, plus
 * the chains of the resource's other holders over n (over the pool's size for pooled slots,
 * weighed by units). `by`: the rule with the longest chain, "places" (the sum over n), or the
 * resource whose holders set the bound.
 */
function criticalChain(
  results: RuleResult[],
  n: number,
  slots: Map<string, number>,
  tenants: boolean,
  chain: (r: RuleResult) => number = (r) => r.chain ?? r.exchanges ?? 0,
): { rounds: number; by: string } {
  const longestRule = results.reduce<RuleResult | undefined>((a, r) => (!a || chain(r) > chain(a) ? r : a), undefined);
  const places = results.reduce((a, r) => a + chain(r), 0) / n;
  let bound =
    longestRule && chain(longestRule) >= places ? { rounds: chain(longestRule), by: longestRule.id } : { rounds: places, by: 'places' };
  const alone = new Map<string, number>();
  const beside = new Map<string, number>();
  for (const r of results) {
    for (const h of holdsOf(r.id, tenants) ?? []) {
      const add = (m: Map<string, number>, v: number) => m.set(h.resource, (m.get(h.resource) ?? 0) + v);
      if (h.mode === 'exclusive') add(alone, chain(r));
      else add(beside, (chain(r) * (h.units ?? 1)) / (slots.get(h.resource) ?? n));
    }
  }
  for (const [res, sum] of alone)
    if (sum + (beside.get(res) ?? 0) > bound.rounds) bound = { rounds: sum + (beside.get(res) ?? 0), by: res };
  return { rounds: Math.round(bound.rounds), by: bound.by };
}

/**
 * The same bound from the rules' measured durations instead of their chains (ms): however the rules
 * were placed, with these durations the run could not have ended sooner (each rule takes one of the n
 * places for its duration; a resource's exclusive holders one after another, its other holders over n)
 */
const durationFloor = (results: RuleResult[], n: number, slots: Map<string, number>, tenants: boolean) => {
  const f = criticalChain(results, n, slots, tenants, (r) => r.durationMs);
  return { ms: f.rounds, by: f.by };
};

/**
 * For each resource, the seconds its rules held it alone (exclusively, or a pool's every unit), one
 * after another: what no schedule can overlap, the longest first. Measured from each rule's duration.
 */
function heldAlone(results: RuleResult[], tenants: boolean, maxWebhooks?: number): string {
  const slots = slotsOf(maxWebhooks);
  const alone = new Map<string, number>();
  for (const r of results) {
    for (const h of holdsOf(r.id, tenants) ?? []) {
      const whole =
        h.mode === 'exclusive' || (slots.has(h.resource) && (h.units ?? 1) >= (slots.get(h.resource) ?? Number.POSITIVE_INFINITY));
      if (whole) alone.set(h.resource, (alone.get(h.resource) ?? 0) + r.durationMs);
    }
  }
  return [...alone.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([res, ms]) => `${res} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
}

/**
 * For each pool of slots (the app's webhook slots), the seconds its rules held its units, over its
 * size: no schedule ends before that, however the rules are placed (each holds its units for its
 * whole duration; a rule that holds the pool alone holds every unit). Measured from each rule's duration.
 */
function poolFloor(results: RuleResult[], maxWebhooks?: number): string {
  const slots = slotsOf(maxWebhooks);
  const held = new Map<string, number>();
  for (const r of results) {
    for (const h of RULES.get(r.id)?.holds ?? []) {
      const size = slots.get(h.resource);
      if (size === undefined) continue;
      const units = h.mode === 'exclusive' ? size : Math.min(size, h.units ?? 1);
      held.set(h.resource, (held.get(h.resource) ?? 0) + r.durationMs * units);
    }
  }
  return [...held.entries()]
    .map(
      ([res, ms]) =>
        `${res}: ${(ms / 1000).toFixed(1)} unit-s over ${slots.get(res)} = ${(ms / 1000 / (slots.get(res) ?? 1)).toFixed(1)} s`,
    )
    .join(', ');
}

/**
 * The rules that pairwise cannot run at once (exclusion-floor.ts), from their measured durations:
 * what no schedule at any concurrency overlaps. Its seconds and its longest rules.
 */
function apartFloor(results: RuleResult[], tenants: boolean, maxWebhooks?: number): string {
  const rules = results.flatMap((r) => {
    const holds = holdsOf(r.id, tenants);
    return holds ? [{ id: r.id, ms: r.durationMs, holds }] : [];
  });
  const f = exclusionFloor(rules, tenants ? new Map() : slotsOf(maxWebhooks));
  const longest = f.rules
    .slice(0, 4)
    .map((r) => `${r.id} ${(r.ms / 1000).toFixed(1)} s`)
    .join(', ');
  return `${f.exact ? '' : 'at least '}${(f.ms / 1000).toFixed(1)} s (${f.rules.length} rules one after another: ${longest}${f.rules.length > 4 ? ', …' : ''})`;
}

type Side = { concurrency?: number; instances?: number; tenants?: boolean; expectedMs?: ReadonlyMap<string, number>; runs?: number };

/** a first run against a target of a user's: the shipped durations with each rule's chain of round trips (cli/live.ts) */
const FIRST_RUN_ORDER = startOrder(new Map(), false);

/** each rule's duration in the last measurement behind the proxy at N with tenants: what a report directory holds for a rerun */
const lastDurations = new Map<string, number>();

async function measure(suite: string | string[], delayed: boolean, side: Side = {}, maxWebhooks?: number) {
  // in a thread of its own, as npm run conform starts it: a target elsewhere shares no core with the harness
  const reference = referenceInThread({ maxWebhooks });
  const factory = delayed ? behindProxy(reference, delayMs) : reference;
  const started = performance.now();
  const out = await runConform({
    local: { name: 'embedded reference', factory },
    suites: typeof suite === 'string' ? [suite] : suite,
    runs: side.runs ?? runs,
    seed: 4242,
    allure: false,
    ...side,
    tenants: side.tenants ?? false,
    // a first run orders its rules as conform run does against a target other than the embedded reference
    expectedMs: side.expectedMs ?? FIRST_RUN_ORDER,
  });
  const wallMs = performance.now() - started;
  const notPassed = out.report.rules.filter((r) => r.level === 'MUST' && r.status !== 'passed');
  for (const r of notPassed)
    console.log(`  MUST ${r.id} ${r.status} (${delayed ? 'proxy' : 'loopback'} ${JSON.stringify(side)}): ${r.reason ?? ''}`);
  const chain = criticalChain(out.report.rules, side.concurrency ?? 1, slotsOf(maxWebhooks), side.tenants ?? false);
  if (delayed && side.tenants && side.concurrency) for (const r of out.report.rules) lastDurations.set(r.id, r.durationMs);
  return {
    wallMs,
    requests: out.stats.requests,
    chain,
    bad: notPassed.length,
    floor: durationFloor(out.report.rules, side.concurrency ?? 1, slotsOf(maxWebhooks), side.tenants ?? false),
    alone: heldAlone(out.report.rules, side.tenants ?? false, maxWebhooks),
    // with tenants each tenant has slots of its own: the floor is of one app's
    pools: side.tenants ? '' : poolFloor(out.report.rules, maxWebhooks),
    apart: apartFloor(out.report.rules, side.tenants ?? false, maxWebhooks),
  };
}

async function throughput(seconds: number): Promise<number> {
  const ref = await startReference({ credentials: { consumerSecret: 'bench', bearerToken: 'bench-token' } });
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const r = await request(`${ref.baseUrl}/2/webhooks`, { headers: { authorization: 'Bearer bench-token' } });
      await r.body.dump();
      n++;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await ref.close();
  return n / seconds;
}

console.log(
  `conform bench, Node ${process.version}, ${runs === undefined ? `${DEFAULT_RUNS} property runs (${ONE_APP_RUNS} where each case needs the app alone, without tenants)` : `--runs ${runs}`}, proxy delay ${delayMs} ms each way (round trip ${2 * delayMs} ms)`,
);
const n = concurrency;
console.log(
  `suite      tenants  loopback  loopback×${n}   proxy  bound   proxy×${n}   bound  wall×${n}/bound  proxy ${n} inst.  requests  MUST not passed  bound×${n} set by`,
);
const totals = { off: { loop: 0, loopN: 0, far: 0, farN: 0 }, on: { loop: 0, loopN: 0, far: 0, farN: 0 }, farI: 0 };
const sec = (ms: number, w: number) => `${(ms / 1000).toFixed(1).padStart(w)} s`;
const rt = (chain: { rounds: number }) => chain.rounds * 2 * delayMs;
for (const suite of suites) {
  for (const tenants of [false, true]) {
    const loop = await measure(suite, false, { tenants });
    const loopN = await measure(suite, false, { concurrency: n, tenants });
    const far = serial ? await measure(suite, true, { tenants }) : undefined;
    const farN = await measure(suite, true, { concurrency: n, tenants });
    // several instances are an answer to a target without tenants: measured without them only
    const farI = tenants ? undefined : await measure(suite, true, { instances: n });
    const t = totals[tenants ? 'on' : 'off'];
    t.loop += loop.wallMs;
    t.loopN += loopN.wallMs;
    t.far += far?.wallMs ?? 0;
    t.farN += farN.wallMs;
    totals.farI += farI?.wallMs ?? 0;
    const bad = loop.bad + loopN.bad + (far?.bad ?? 0) + farN.bad + (farI?.bad ?? 0);
    if (!tenants) console.log(`  ${suite} ×${n} behind the proxy without tenants, held alone (one rule at a time): ${farN.alone}`);
    console.log(
      `  ${suite} ×${n} behind the proxy, tenants ${tenants ? 'on' : 'off'}: floor of the measured durations ${sec(farN.floor.ms, 0)} (set by ${farN.floor.by}); rules that cannot run at once: ${farN.apart}`,
    );
    if (!tenants && farN.pools) console.log(`  ${suite} ×${n} behind the proxy without tenants, pooled units held: ${farN.pools}`);
    console.log(
      `${suite.padEnd(10)} ${(tenants ? 'on' : 'off').padEnd(7)} ${sec(loop.wallMs, 6)} ${sec(loopN.wallMs, 9)} ${far ? `${sec(far.wallMs, 6)} ${sec(rt(far.chain), 6)}` : '     –        – '} ${sec(farN.wallMs, 7)} ${sec(rt(farN.chain), 6)} ${(farN.wallMs / Math.max(1, rt(farN.chain))).toFixed(1).padStart(11)}x ${farI ? sec(farI.wallMs, 12) : '           –  '} ${String((far ?? farN).requests).padStart(9)} ${String(bad).padStart(10)}  ${farN.chain.by}`,
    );
  }
}
/**
 * Without tenants the model-based rules' sequences (WH-SEQ-001, WH-LC-010) run one after another on
 * the one app, ONE_APP_RUNS of them by default; --runs sets every property's number: `suite` behind
 * the proxy at each of RUNS_FOR_ALL
 */
async function withRunsForAll(suite: string | string[]): Promise<void> {
  const name = typeof suite === 'string' ? suite : `${suite.join(' + ')} in one run`;
  for (const each of RUNS_FOR_ALL) {
    const m = await measure(suite, true, { concurrency: n, runs: each });
    console.log(
      `${name} ×${n} behind the proxy without tenants, --runs ${each}: ${sec(m.wallMs, 0)}, bound ${sec(rt(m.chain), 0)} (set by ${m.chain.by}), MUST not passed: ${m.bad}${m.pools ? `; ${m.pools}` : ''}; rules that cannot run at once: ${m.apart}`,
    );
  }
}
if (suites.includes('data-api')) {
  const big = await measure('data-api', true, { concurrency: n }, BIG_APP_WEBHOOKS);
  console.log(
    `data-api ×${n} behind the proxy without tenants, an app of ${BIG_APP_WEBHOOKS} webhooks (the reference's default: ${DEFAULT_WEBHOOKS}): ${sec(big.wallMs, 0)}, bound ${sec(rt(big.chain), 0)} (set by ${big.chain.by}), MUST not passed: ${big.bad}; ${big.pools}; rules that cannot run at once: ${big.apart}`,
  );
  await withRunsForAll('data-api');
}
const ALL = ['data-api', 'ads', 'catalog', 'consumer'].filter((s) => suites.includes(s));
if (ALL.length > 1) {
  // what `npm run conform` does: every suite in one run on loopback, the embedded reference's default concurrency, with tenants
  const quick = await measure(ALL, false, { concurrency: EMBEDDED_CONCURRENCY, tenants: true });
  console.log(
    `${ALL.join(' + ')} in one run on loopback, as npm run conform runs it (×${EMBEDDED_CONCURRENCY}, tenants on): ${sec(quick.wallMs, 0)}, ${quick.requests} requests, MUST not passed: ${quick.bad}`,
  );
  // a first run knows no durations; a rerun has the last report's (conform run reads its report
  // directory): the rules that took longest start first. Here: each rule's time in its suite's run above.
  const past = new Map(lastDurations);
  for (const [tenants, expectedMs] of [
    [false, undefined],
    [true, undefined],
    [true, past],
  ] as const) {
    const together = await measure(ALL, true, { concurrency: n, tenants, expectedMs });
    const how = `tenants ${tenants ? 'on' : 'off'}${expectedMs ? ', with the durations of an earlier run' : ''}`;
    console.log(
      `${ALL.join(' + ')} in one run, ×${n} on one target behind the proxy, ${how}: ${sec(together.wallMs, 0)}, ${together.requests} requests, bound ${sec(rt(together.chain), 0)} (set by ${together.chain.by}; wall/bound ${(together.wallMs / Math.max(1, rt(together.chain))).toFixed(1)}x), floor of the measured durations ${sec(together.floor.ms, 0)} (set by ${together.floor.by}), rules that cannot run at once ${together.apart}, MUST not passed: ${together.bad}${together.pools ? `; ${together.pools}` : ''}`,
    );
  }
  await withRunsForAll(ALL);
}
for (const [k, t] of Object.entries({ off: totals.off, on: totals.on }))
  console.log(
    `all suites one after another, tenants ${k}: loopback ${sec(t.loop, 0)} (×${n}: ${sec(t.loopN, 0)}), behind the proxy ${serial ? sec(t.far, 0) : '– (BENCH_SERIAL=0)'} (×${n} on one target: ${sec(t.farN, 0)})`,
  );
console.log(`all suites one after another behind the proxy, ${n} instances: ${sec(totals.farI, 0)}`);
console.log(`reference throughput, GET /2/webhooks, 16 clients: ${(await throughput(3)).toFixed(0)} requests/s`);
