// --max-rps paces every request of the run: N requests take at least (N − 1) / rps seconds.
// (A lower bound only: it cannot flake on a slow machine.)
import { expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runConform } from '../../../cli/app.ts';

test('--max-rps 40 spaces the requests of a run at least 25 ms apart', async () => {
  const started = performance.now();
  const out = await runConform({
    local: { name: 'paced', factory: embeddedReference() },
    suites: ['consumer'],
    rules: ['CON-CRC-00*'],
    runs: 5,
    maxRps: 40,
    allure: false,
  });
  const wallMs = performance.now() - started;
  expect(out.exitCode).toBe(0);
  expect(out.stats.requests).toBeGreaterThan(10);
  expect(wallMs).toBeGreaterThanOrEqual(((out.stats.requests - 1) * 1000) / 40);
});
