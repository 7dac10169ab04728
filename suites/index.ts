// Every suite the harness knows, by name.
import type { RuleDef } from '../harness/engine/rules.ts';
import { dataApiSuite } from './data-api/index.ts';

export const SUITES: Record<string, RuleDef[]> = {
  'data-api': dataApiSuite,
};

export const ALL_RULES: RuleDef[] = Object.values(SUITES).flat();
