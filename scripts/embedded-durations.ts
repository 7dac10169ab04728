// `npm run durations`: how long each rule takes against the embedded reference with the defaults of
// `npm run conform` (every suite, side by side, tenants on, the reference in a thread of its own),
// the median of DURATIONS_ROUNDS runs (default 3), and each rule's chain of dependent round trips
// on one app without tenants (one more run), written to cli/embedded-durations.json. A run whose
// report directory holds no earlier report starts its longest rules first by these (cli/live.ts):
// against the embedded reference by the durations, against another target by the durations and
// the chains (what a network multiplies), as a rerun does by its last report's; nothing else reads
// them, and no verdict depends on them.
import { writeFileSync } from 'node:fs';
import { runConform } from '../cli/app.ts';
import { EMBEDDED_CONCURRENCY } from '../cli/commands/run-request.ts';
import { SHIPPED_DURATIONS } from '../cli/live.ts';
import { referenceInThread } from '../domains/reference.ts';
import { median } from '../bench/median.ts';

const rounds = Number(process.env.DURATIONS_ROUNDS ?? 3);
const taken = new Map<string, number[]>();
for (let i = 0; i < rounds; i++) {
  const out = await runConform({
    local: { name: 'embedded reference', factory: referenceInThread() },
    concurrency: EMBEDDED_CONCURRENCY,
    tenants: true,
    allure: false,
  });
  for (const r of out.report.rules) if (r.status !== 'not-run') taken.set(r.id, [...(taken.get(r.id) ?? []), r.durationMs]);
  process.stderr.write(`round ${i + 1} of ${rounds}: ${out.report.rules.length} rules\n`);
}
const durations = Object.fromEntries([...taken].sort(([a], [b]) => a.localeCompare(b)).map(([id, ms]) => [id, Math.round(median(ms))]));
// on one app (most users' targets offer no tenants): the random sequences run one after another there
const oneApp = await runConform({
  local: { name: 'embedded reference', factory: referenceInThread() },
  concurrency: EMBEDDED_CONCURRENCY,
  tenants: false,
  allure: false,
});
const chains = Object.fromEntries(
  oneApp.report.rules
    .filter((r) => r.status !== 'not-run')
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((r) => [r.id, r.chain ?? r.exchanges ?? 0]),
);
writeFileSync(
  SHIPPED_DURATIONS,
  `${JSON.stringify({ measuredWith: `npm run durations, ${rounds} rounds and one without tenants, Node ${process.version}`, durations, chains }, null, 1)}\n`,
);
process.stderr.write(`${Object.keys(durations).length} rules' durations written to ${SHIPPED_DURATIONS.pathname}\n`);
