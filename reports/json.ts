// compliance.json: the RunReport exactly as the run produced it (already redacted by the caller).

import type { RunReport } from '../harness/model/result.ts';

export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
