// The engine composed with the toy domain only, and a run against a toy target with the tests'
// defaults (fixed seed, few property runs, no Allure).
import { type ConformOptions, type ConformOutcome, conform, type Engine } from '../../../harness/engine/conform.ts';
import type { Domain } from '../../../harness/domain/types.ts';
import type { RuleResult } from '../../../harness/model/result.ts';
import { writeReports } from '../../../reports/index.ts';
import { redactorFor } from '../../../reports/redact.ts';
import { toyDomain } from './domain.ts';
import { type ToyTarget, toyTarget } from './factory.ts';

export const TOY_SEED = 4242;

export function toyEngine(target: ToyTarget = toyTarget()): Engine {
  return { domains: [toyDomain as Domain], writeReports, defaultTarget: target.factory, redactor: redactorFor };
}

export type ToyOutcome = ConformOutcome & { byId: Map<string, RuleResult> };

/** conform() with the toy domain; without `configFile`/`config` it runs against `target`, started locally. */
export async function runToy(target: ToyTarget, opts: ConformOptions = {}): Promise<ToyOutcome> {
  const out = await conform({ seed: TOY_SEED, runs: 10, allure: false, ...opts }, toyEngine(target));
  return { ...out, byId: new Map(out.report.rules.map((r) => [r.id, r])) };
}
