// Runs the conformance suite against a local implementation and indexes the results by rule id.
import { runConform } from '../../cli/app.ts';
import type { ConformOptions, ConformOutcome } from '../../harness/engine/conform.ts';
import type { LocalTargetFactory } from '../../harness/domain/local.ts';
import type { RuleResult } from '../../harness/model/result.ts';
import type { Capability } from '../../harness/model/rule.ts';

/** the seed of the tests' runs (TEST_SEED=5 to search at another: a false failure or a missed fault may hide at some seeds) */
export const TEST_SEED = Number(process.env.TEST_SEED ?? 20261122);

export async function runLocal(
  name: string,
  factory: LocalTargetFactory,
  opts: {
    rules?: string[];
    suites?: string[];
    filter?: ConformOptions['filter'];
    concurrency?: number;
    instances?: number;
    runs?: number;
    seed?: number;
    reportDir?: string;
    withoutControl?: boolean;
    hide?: Capability[];
    limits?: Record<string, unknown>;
  } = {},
): Promise<ConformOutcome & { byId: Map<string, RuleResult> }> {
  const out = await runConform({
    local: {
      name,
      factory,
      limits: { deliveryWaitMs: 3000, callbackHoldMs: 10_000, ...opts.limits },
      withoutControl: opts.withoutControl,
      hide: opts.hide,
    },
    rules: opts.rules,
    suites: opts.suites,
    filter: opts.filter,
    concurrency: opts.concurrency,
    instances: opts.instances,
    runs: opts.runs ?? 10,
    seed: opts.seed ?? TEST_SEED,
    reportDir: opts.reportDir,
  });
  return { ...out, byId: new Map(out.report.rules.map((r) => [r.id, r])) };
}

/** A readable line per rule that did not end as expected, for assertion messages. */
export function unexpected(results: RuleResult[], ok: (r: RuleResult) => boolean): string {
  return results
    .filter((r) => !ok(r))
    .map((r) => `${r.id} ${r.status}: ${r.reason ?? ''}`)
    .join('\n');
}
