// GitHub Actions: compliance.md appended to the job summary (GITHUB_STEP_SUMMARY), and the failures as
// workflow-command annotations (::error / ::warning) that GitHub shows on the run and the pull request.
// Both redact first: the CLI may hand over the report as the run made it.

import { appendFile, stat } from 'node:fs/promises';
import type { RuleResult, RunReport } from '../harness/model/result.ts';
import { reproduceCommand } from './common.ts';
import { runNotices } from './notices.ts';
import { renderMarkdown } from './markdown/index.ts';
import { clip, problemsOf } from './markdown/text.ts';
import { gateFailuresByGravity } from './markdown/verdict.ts';
import { redact, redactText } from './redact.ts';

export interface GithubOptions {
  /** values that must not appear (the run's secrets); the report is redacted with them first */
  secrets?: string[];
}

/**
 * Appends compliance.md to the file GITHUB_STEP_SUMMARY names, when it names one.
 * Returns that path, or undefined when the variable is not set.
 */
export async function githubSummary(
  report: RunReport,
  env: Record<string, string | undefined>,
  opts: GithubOptions = {},
): Promise<string | undefined> {
  const path = env.GITHUB_STEP_SUMMARY;
  if (!path) return undefined;
  const secrets = opts.secrets ?? [];
  const md = redactText(renderMarkdown(redact(report, secrets)), secrets, { authorization: false });
  const before = await stat(path).then(
    (s) => s.size,
    () => 0,
  );
  await appendFile(path, `${before > 0 ? '\n' : ''}${md}${md.endsWith('\n') ? '' : '\n'}`, 'utf8');
  return path;
}

/** A workflow command's message: %, CR and LF escaped as GitHub requires. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value (title=…): also : and , escaped. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub shows at most 10 error annotations per step and 50 per job; more lines only fill the log. */
export const MAX_ANNOTATIONS = 50;
const MAX_MESSAGE = 4000;

function message(r: RuleResult, report: RunReport): string {
  const reason = r.reason?.trim() ? clip(r.reason, MAX_MESSAGE) : '(no reason given)';
  const lead = r.status === 'error' ? 'the check could not run: ' : r.status === 'not-checkable' ? 'not checkable (--strict): ' : '';
  const run = reproduceCommand({ ...r, curl: undefined }, report);
  return clip(`${lead}${problemsOf(reason).join('\n')}\n\nreproduce: ${run}`, MAX_MESSAGE);
}

/**
 * One line per annotation: `::error title=<id> <title>::<reason>` for each MUST rule that fails the run
 * (failed, error, and under --strict not checkable), `::warning` for stale waivers, an early stop
 * and the run's notices (what it could not remove, a full receiver, …).
 * At most `max` error lines; a last `::notice` says how many more there are.
 */
export function githubAnnotations(report: RunReport, opts: GithubOptions & { max?: number } = {}): string[] {
  const safe = redact(report, opts.secrets ?? []);
  const max = opts.max ?? MAX_ANNOTATIONS;
  const out: string[] = [];
  // the failed rules first: past the cap, what is left out is the errors and, under --strict, the not checkable
  const failures = gateFailuresByGravity(safe);
  for (const r of failures.slice(0, max)) {
    out.push(`::error title=${escapeProperty(clip(`${r.id} ${r.title}`, 300))}::${escapeData(message(r, safe))}`);
  }
  if (failures.length > max) {
    out.push(
      `::notice title=conform::${escapeData(`${failures.length - max} more MUST rules fail the run (failed, in error${safe.strict ? ', or not checkable under --strict' : ''}): see compliance.md or compliance.html`)}`,
    );
  }
  for (const w of safe.staleWaivers ?? []) {
    const note = w.note ? `${w.note}: ` : '';
    out.push(
      `::warning title=${escapeProperty(`stale waiver ${w.id}`)}::${escapeData(clip(`${note}a stale waiver fails the run: remove it from the waivers file`, MAX_MESSAGE))}`,
    );
  }
  if (safe.interrupted) {
    out.push(
      `::warning title=${escapeProperty('conform stopped early')}::${escapeData(clip(safe.stopReason ?? 'the run stopped before every rule ran', MAX_MESSAGE))}`,
    );
  }
  for (const n of runNotices(safe)) out.push(`::warning title=${escapeProperty(n.title)}::${escapeData(clip(n.line, MAX_MESSAGE))}`);
  return out;
}
