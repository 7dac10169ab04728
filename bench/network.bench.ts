// npm run bench: each suite against the embedded reference on loopback and behind a TCP proxy that
// adds BENCH_DELAY_MS (default 50) each way; the requests sent, the critical-path bound (a lower
// bound on wall time: see criticalChain, × the round trip) and wall time / bound; and
// the reference's throughput on a cheap documented call. Side by side: BENCH_CONCURRENCY (default 8)
// rules at once on one target (--concurrency), and as many reference instances (--instances).
// Figures only: nothing here is a test.
// BENCH_SUITES=data-api,consumer picks suites; BENCH_RUNS sets property runs (default 25).
import { request } from 'undici';
import { DOMAINS } from '../domains/registry.ts';
import { runConform } from '../cli/app.ts';
import { allRules } from '../harness/engine/conform.ts';
import type { RuleResult } from '../harness/model/result.ts';
import { embeddedReference } from '../domains/reference.ts';
import { startReference } from '../domains/reference.ts';
import { behindProxy } from './behind-proxy.ts';

const delayMs = Number(process.env.BENCH_DELAY_MS ?? 50);
const runs = Number(process.env.BENCH_RUNS ?? 25);
const suites = (process.env.BENCH_SUITES ?? 'data-api,ads,catalog,consumer').split(',');
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const RULES = new Map(allRules(DOMAINS).map((r) => [r.id, r]));

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

/** a larger app than the reference's default, to show what the webhook limit costs */
const BIG_APP_WEBHOOKS = 10;

/**
 * A lower bound on the wall time of a run on one target with `n` rules at once, in round trips.
 * Each rule takes one of the n places for at least its chain (its requests that waited one for
 * another; its calls side by side count once), so the run takes at least its longest chain and
 * the sum of the chains over n. A rule that holds a resource exclusively runs with no other rule
 * that holds it: at least the exclusive holders' chains one after another, plus the chains of the
 * resource's other holders over n (over the pool's size for pooled slots, weighed by units).
 */
function criticalChain(results: RuleResult[], n: number, slots: Map<string, number>): number {
  const chain = (r: RuleResult) => r.chain ?? r.exchanges ?? 0;
  let longest = Math.max(0, ...results.map(chain), results.reduce((a, r) => a + chain(r), 0) / n);
  const alone = new Map<string, number>();
  const beside = new Map<string, number>();
  for (const r of results) {
    for (const h of RULES.get(r.id)?.holds ?? []) {
      const add = (m: Map<string, number>, v: number) => m.set(h.resource, (m.get(h.resource) ?? 0) + v);
      if (h.mode === 'exclusive') add(alone, chain(r));
      else add(beside, (chain(r) * (h.units ?? 1)) / (slots.get(h.resource) ?? n));
    }
  }
  for (const [res, sum] of alone) longest = Math.max(longest, sum + (beside.get(res) ?? 0));
  return Math.round(longest);
}

type Side = { concurrency?: number; instances?: number };

async function measure(suite: string | string[], delayed: boolean, side: Side = {}, maxWebhooks?: number) {
  const reference = embeddedReference({ maxWebhooks });
  const factory = delayed ? behindProxy(reference, delayMs) : reference;
  const started = performance.now();
  const out = await runConform({
    local: { name: 'embedded reference', factory },
    suites: typeof suite === 'string' ? [suite] : suite,
    runs,
    seed: 4242,
    allure: false,
    ...side,
  });
  const wallMs = performance.now() - started;
  const notPassed = out.report.rules.filter((r) => r.level === 'MUST' && r.status !== 'passed');
  for (const r of notPassed)
    console.log(`  MUST ${r.id} ${r.status} (${delayed ? 'proxy' : 'loopback'} ${JSON.stringify(side)}): ${r.reason ?? ''}`);
  const chain = criticalChain(out.report.rules, side.concurrency ?? 1, slotsOf(maxWebhooks));
  return { wallMs, requests: out.stats.requests, chain, bad: notPassed.length };
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
  `conform bench, Node ${process.version}, ${runs} property runs, proxy delay ${delayMs} ms each way (round trip ${2 * delayMs} ms)`,
);
const n = concurrency;
console.log(
  `suite      loopback  loopback×${n}   proxy   proxy×${n}  proxy ${n} inst.  requests  critical chain    bound  wall×${n}/bound  MUST not passed`,
);
const totals = { loop: 0, loopN: 0, far: 0, farN: 0, farI: 0 };
const sec = (ms: number, w: number) => `${(ms / 1000).toFixed(1).padStart(w)} s`;
for (const suite of suites) {
  const loop = await measure(suite, false);
  const loopN = await measure(suite, false, { concurrency: n });
  const far = await measure(suite, true);
  const farN = await measure(suite, true, { concurrency: n });
  const farI = await measure(suite, true, { instances: n });
  totals.loop += loop.wallMs;
  totals.loopN += loopN.wallMs;
  totals.far += far.wallMs;
  totals.farN += farN.wallMs;
  totals.farI += farI.wallMs;
  // the bound of the run side by side: there a rule's independent calls go side by side too
  const boundMs = farN.chain * 2 * delayMs;
  console.log(
    `${suite.padEnd(10)} ${sec(loop.wallMs, 6)} ${sec(loopN.wallMs, 9)} ${sec(far.wallMs, 6)} ${sec(farN.wallMs, 7)} ${sec(farI.wallMs, 11)} ${String(far.requests).padStart(9)} ${String(farN.chain).padStart(11)} req ${sec(boundMs, 6)} ${(farN.wallMs / Math.max(1, boundMs)).toFixed(1).padStart(11)}x ${String(loop.bad + loopN.bad + far.bad + farN.bad + farI.bad).padStart(10)}`,
  );
}
if (suites.includes('data-api')) {
  const big = await measure('data-api', true, { concurrency: n }, BIG_APP_WEBHOOKS);
  console.log(
    `data-api ×${n} behind the proxy with an app of ${BIG_APP_WEBHOOKS} webhooks (the reference's default: ${DEFAULT_WEBHOOKS}): ${sec(big.wallMs, 0)}, critical chain ${big.chain} req = ${sec(big.chain * 2 * delayMs, 0)}, MUST not passed: ${big.bad}`,
  );
}
const DOCUMENTS = ['data-api', 'ads', 'catalog'].filter((s) => suites.includes(s));
if (DOCUMENTS.length > 1) {
  const together = await measure(DOCUMENTS, true, { concurrency: n });
  console.log(
    `${DOCUMENTS.join(' + ')} in one run, ×${n} on one target behind the proxy: ${sec(together.wallMs, 0)} (goal ≤ 90 s), ${together.requests} requests, critical chain ${together.chain} req = ${sec(together.chain * 2 * delayMs, 0)}, MUST not passed: ${together.bad}`,
  );
}
console.log(
  `all suites one after another: loopback ${sec(totals.loop, 0)} (×${n}: ${sec(totals.loopN, 0)}), behind the proxy ${sec(totals.far, 0)} (×${n} on one target: ${sec(totals.farN, 0)}; ${n} instances: ${sec(totals.farI, 0)})`,
);
console.log(`reference throughput, GET /2/webhooks, 16 clients: ${(await throughput(3)).toFixed(0)} requests/s`);
