// npm run bench: the full Data API suite against the embedded reference, default property runs.
// Prints wall time, requests sent, callbacks received, time per property case and peak memory.
// Goal (issue 2): the whole suite under 60 s on a 2-core machine.
import { runConform } from '../cli/app.ts';
import { DEFAULT_RUNS } from '../harness/engine/conform.ts';
import { median } from './median.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const rows: { wallMs: number; requests: number; inbound: number; cases: number; perCaseMs: number; failed: number }[] = [];
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  const out = await runConform({ suites: ['data-api'], seed: 1000 + i, runs: DEFAULT_RUNS });
  const wallMs = performance.now() - started;
  rows.push({
    wallMs,
    requests: out.stats.requests,
    inbound: out.stats.inbound,
    cases: out.stats.propertyCases,
    perCaseMs: out.stats.propertyMs / Math.max(1, out.stats.propertyCases),
    failed: out.report.summary.failed,
  });
}
clearInterval(sampler);

console.log(
  `Data API suite against the embedded reference, ${DEFAULT_RUNS} property runs per rule, ${rounds} round(s), Node ${process.version}`,
);
for (const [i, r] of rows.entries()) {
  console.log(
    `  round ${i + 1}: ${(r.wallMs / 1000).toFixed(2)} s wall, ${r.requests} requests sent, ${r.inbound} callbacks received, ${r.cases} property cases at ${r.perCaseMs.toFixed(2)} ms each, ${r.failed} failed`,
  );
}
console.log(`median wall time: ${(median(rows.map((r) => r.wallMs)) / 1000).toFixed(2)} s (goal < 60 s)`);
console.log(`median time per property case: ${median(rows.map((r) => r.perCaseMs)).toFixed(2)} ms`);
console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);
if (rows.some((r) => r.failed > 0)) process.exitCode = 1;
