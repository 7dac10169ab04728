// What `conform run` prints: lines and per-rule progress on stderr, the summary (lines or JSON)
// and GitHub annotations on stdout, all redacted with the run's secrets as soon as they are known.
import { failsGate } from '../../harness/model/result.ts';
import { sharedCauses } from '../../reports/causes.ts';
import { reproduceCommand, runDurationMs } from '../../reports/common.ts';
import type { ConformOptions, ConformOutcome, Redactor } from '../../harness/engine/conform.ts';
import { ENGINE } from '../app.ts';
import { githubAnnotations, githubSummary } from '../github.ts';
import { LiveProgress } from '../live.ts';
import { progressLines, summaryLines } from '../output.ts';
import { printable } from '../cut.ts';

export interface RunOutput {
  /** the redactor so far (it knows no secrets until the config is loaded) */
  redactor(): Redactor;
  /** a line on stderr */
  say(line: string): void;
  /** the run's hooks that take the run's redactor and print [n/N] progress and the live status */
  hooks(colour: boolean): Pick<ConformOptions, 'onRedactor' | 'onStart' | 'progress' | 'onRuleStart'>;
  /** ends the live status */
  done(): void;
}

export function runOutput(live: { tty: boolean; concurrency: number; past: Map<string, number> }): RunOutput {
  let redact: Redactor = ENGINE.redactor([]);
  let total = 0;
  let done = 0;
  const status = new LiveProgress({ ...live, write: (text) => process.stderr.write(redact.text(text)) });
  return {
    redactor: () => redact,
    say: (line) => {
      status.clear();
      process.stderr.write(`${printable(redact.text(line))}\n`);
    },
    hooks: (colour) => ({
      onRedactor: (r) => {
        redact = r;
      },
      onStart: (rules) => {
        total = rules.length;
        status.begin(rules);
      },
      onRuleStart: (rule) => status.started(rule),
      progress: (r) => {
        done++;
        status.ended(r);
        for (const l of progressLines(r, redact.text, { index: done, total, colour })) process.stderr.write(`${l}\n`);
      },
    }),
    done: () => status.finish(),
  };
}

/** The summary --json prints: the verdict, the exit code, the target, the seed, the counts and the files. */
function jsonSummary(out: ConformOutcome): object {
  const verdict = out.exitCode === 0 ? 'pass' : out.exitCode === 1 ? 'fail' : 'incomplete';
  return {
    verdict,
    exitCode: out.exitCode,
    target: out.report.target,
    seed: out.report.seed,
    summary: out.report.summary,
    durationMs: runDurationMs(out.report),
    causes: sharedCauses(out.report),
    failures: out.report.rules
      .filter((r) => failsGate(r, out.report.strict))
      .map((r) => ({
        id: r.id,
        title: r.title,
        status: r.status,
        reason: r.reason,
        reproduce: reproduceCommand({ ...r, curl: undefined }, out.report),
        ...(r.curl ? { curl: r.curl } : {}),
      })),
    files: out.files,
  };
}

/** Why the run stopped (if it did), the summary, the GitHub annotations and the job summary. */
export async function printOutcome(out: ConformOutcome, json: boolean | undefined, output: RunOutput): Promise<void> {
  const redact = output.redactor();
  if (out.stopped) output.say(`conform: ${out.stopped}`);
  if (json) process.stdout.write(`${redact.text(JSON.stringify(jsonSummary(out), null, 2))}\n`);
  else for (const l of summaryLines(out.report, out.files)) process.stdout.write(`${printable(redact.text(l))}\n`);
  for (const l of githubAnnotations(out.report, out.secrets)) process.stdout.write(`${printable(redact.text(l))}\n`);
  await githubSummary(out.report, out.secrets);
}
