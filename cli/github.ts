// GitHub Actions: the failures as workflow annotations (when GITHUB_ACTIONS=true) and the Markdown
// report appended to the job's step summary (when GITHUB_STEP_SUMMARY names a file). Redacted first.
import type { RunReport } from '../harness/model/result.ts';
import { githubAnnotations as annotationsOf, githubSummary as appendSummary } from '../reports/github.ts';

export function githubAnnotations(report: RunReport, secrets: string[], env: NodeJS.ProcessEnv = process.env): string[] {
  return env.GITHUB_ACTIONS === 'true' ? annotationsOf(report, { secrets }) : [];
}

export async function githubSummary(report: RunReport, secrets: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await appendSummary(report, env, { secrets });
}
