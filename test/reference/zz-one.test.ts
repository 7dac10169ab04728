import { test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { embeddedReference, referenceWith } from '/work/main/harness/engine/embedded.ts';
import { runLocal } from '/work/main/test/support/run-local.ts';
test('one', async () => {
  const rules = process.env.RULES ? process.env.RULES.split(',') : undefined;
  const f = process.env.FAULT as any;
  const out = await runLocal('ref', f ? referenceWith(f) : embeddedReference, { runs: Number(process.env.RUNS ?? 25), rules });
  writeFileSync('/tmp/out.json', JSON.stringify(out.report, null, 1));
  for (const r of out.report.rules) console.log('##', r.id, r.status, r.durationMs, (r.reason ?? '').slice(0, 400));
}, 600000);
