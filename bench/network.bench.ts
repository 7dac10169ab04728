// npm run bench: each suite against the embedded reference on loopback and behind a TCP proxy that
// adds BENCH_DELAY_MS (default 50) each way; the requests sent, the critical-path bound (the longest
// chain of requests that must run one after another, × the round trip) and wall time / bound; and
// the reference's throughput on a cheap documented call. Figures only: nothing here is a test.
// BENCH_SUITES=data-api,consumer picks suites; BENCH_RUNS sets property runs (default 25).
import { request } from 'undici';
import { DOMAINS } from '../domains/registry.ts';
import { runConform } from '../cli/app.ts';
import { allRules } from '../harness/engine/conform.ts';
import type { RuleResult } from '../harness/model/result.ts';
import { embeddedReference } from '../reference/embedded.ts';
import { startReference } from '../reference/index.ts';
import { behindProxy } from './behind-proxy.ts';

const delayMs = Number(process.env.BENCH_DELAY_MS ?? 50);
const runs = Number(process.env.BENCH_RUNS ?? 25);
const suites = (process.env.BENCH_SUITES ?? 'data-api,ads,catalog,consumer').split(',');
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const RULES = new Map(allRules(DOMAINS).map((r) => [r.id, r]));

/**
 * The critical-path bound of a run, in round trips: a rule's requests depend on each other, rules
 * that hold the same exclusive resource run one after another; anything else could overlap.
 */
function criticalChain(results: RuleResult[]): number {
  const chain = (r: RuleResult) => r.exchanges ?? 0;
  let longest = Math.max(0, ...results.map(chain));
  const byResource = new Map<string, number>();
  for (const r of results) {
    for (const h of RULES.get(r.id)?.holds ?? []) {
      if (h.mode === 'exclusive') byResource.set(h.resource, (byResource.get(h.resource) ?? 0) + chain(r));
    }
  }
  for (const n of byResource.values()) longest = Math.max(longest, n);
  return longest;
}

async function measure(suite: string, delayed: boolean, side = 1) {
  const factory = delayed ? behindProxy(embeddedReference(), delayMs) : embeddedReference();
  const started = performance.now();
  const out = await runConform({
    local: { name: 'embedded reference', factory },
    suites: [suite],
    runs,
    seed: 4242,
    allure: false,
    concurrency: side,
  });
  const wallMs = performance.now() - started;
  const bad = out.report.rules.filter((r) => r.level === 'MUST' && r.status !== 'passed').length;
  return { wallMs, requests: out.stats.requests, chain: criticalChain(out.report.rules), bad };
}

async function throughput(seconds: number): Promise<number> {
  const ref = await startReference({ consumerSecret: 'bench', bearerToken: 'bench-token' });
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const r = await request(`${ref.dataBaseUrl}/2/webhooks`, { headers: { authorization: 'Bearer bench-token' } });
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
console.log(
  `suite      loopback  loopback×${concurrency}   proxy   proxy×${concurrency}   requests   critical chain    bound   wall×${concurrency}/bound   MUST not passed`,
);
const totals = { loop: 0, loopN: 0, far: 0, farN: 0 };
const sec = (ms: number, w: number) => `${(ms / 1000).toFixed(1).padStart(w)} s`;
for (const suite of suites) {
  const loop = await measure(suite, false);
  const loopN = await measure(suite, false, concurrency);
  const far = await measure(suite, true);
  const farN = await measure(suite, true, concurrency);
  totals.loop += loop.wallMs;
  totals.loopN += loopN.wallMs;
  totals.far += far.wallMs;
  totals.farN += farN.wallMs;
  const boundMs = far.chain * 2 * delayMs;
  console.log(
    `${suite.padEnd(10)} ${sec(loop.wallMs, 6)} ${sec(loopN.wallMs, 9)} ${sec(far.wallMs, 6)} ${sec(farN.wallMs, 7)} ${String(far.requests).padStart(10)} ${String(far.chain).padStart(12)} req ${sec(boundMs, 6)} ${(farN.wallMs / Math.max(1, boundMs)).toFixed(1).padStart(12)}x ${String(loop.bad + loopN.bad + far.bad + farN.bad).padStart(10)}`,
  );
}
console.log(
  `all suites: loopback ${sec(totals.loop, 0)} (×${concurrency}: ${sec(totals.loopN, 0)}), behind the proxy ${sec(totals.far, 0)} (×${concurrency}: ${sec(totals.farN, 0)}; goal ≤ 90 s)`,
);
console.log(`reference throughput, GET /2/webhooks, 16 clients: ${(await throughput(3)).toFixed(0)} requests/s`);
