// `conform compare A B [C…]`: runs side by side, from report directories or compliance.json files
// (a merged one too). The first is the baseline: per rule its status in each run, and what
// regressed, was fixed, is new or gone, or is now checked. Prints it, writes compare.md (a pull
// request comment, the job summary) and compare.html (the matrix of rules × runs) to --report-dir,
// and with --fail-on regression exits 1 when a rule regressed. An unreadable input exits 2.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import { StartError } from '../../harness/config-loader/errors.ts';
import type { RunReport } from '../../harness/model/result.ts';
import { compareRuns, defaultLabels, regressionCount } from '../../reports/compare/diff.ts';
import { compareHtml } from '../../reports/compare/html.ts';
import { compareMarkdown } from '../../reports/compare/markdown.ts';
import { compareLines } from '../../reports/compare/terminal.ts';
import { verifyIntegrity } from '../../reports/index.ts';
import { cutLine, printable } from '../cut.ts';
import { collect, readJsonOption } from './shared.ts';

interface Input {
  file: string;
  dir: string;
  report: RunReport;
}

/** a report directory or a compliance.json; a StartError (exit 2) when it is not a readable report */
function readInput(arg: string): Input {
  const file = arg.endsWith('.json') ? arg : join(arg, 'compliance.json');
  const doc = readJsonOption('compare', file) as Partial<RunReport> | null;
  const rules = doc?.rules;
  if (!Array.isArray(rules) || !rules.every((r) => typeof r?.id === 'string' && typeof r?.status === 'string'))
    throw new StartError(`compare: ${file} is not a compliance.json (no rules with id and status)`);
  const name = basename(file) === 'compliance.json' ? basename(dirname(resolve(file))) : basename(file, '.json');
  return { file, dir: name, report: doc as RunReport };
}

export function compareCommand(program: Command): void {
  program
    .command('compare')
    .description(
      'runs side by side: per rule its status in each, what regressed, was fixed, is new or gone (the first run is the baseline)',
    )
    .argument('<run...>', 'two or more report directories or compliance.json files (a merged one too); the first is the baseline')
    .option('--label <name>', "a run's label, in the runs' order (repeatable; default: the target name, or the directory's)", collect)
    .addOption(new Option('--fail-on <what>', 'exit 1 when a rule regressed (passed → failed or error)').choices(['regression']))
    .option('--report-dir <dir>', 'where compare.md and compare.html go', 'reports/compare')
    .option('--json', 'print the comparison as JSON on stdout')
    .addHelpText(
      'after',
      `
Examples:
  conform compare main/ branch/ --fail-on regression     a branch against main; exit 1 on a regression
  conform compare sandbox.json prod.json --label sandbox --label production
  conform compare vendor-a/ vendor-b/ vendor-c/          several implementations, one matrix (compare.html)`,
    )
    .action((args: string[], o: { label?: string[]; failOn?: 'regression'; reportDir: string; json?: boolean }) => {
      if (args.length < 2) throw new StartError('compare: give two runs or more (report directories or compliance.json files)');
      const inputs = args.map(readInput);
      const given = o.label ?? [];
      if (given.length > inputs.length) throw new StartError(`compare: ${given.length} labels for ${inputs.length} runs`);
      const defaults = defaultLabels(inputs.map((i) => ({ target: i.report.target?.name ?? '', dir: i.dir })));
      const labels = inputs.map((_, k) => given[k] ?? defaults[k]);
      if (new Set(labels).size < labels.length)
        throw new StartError(`compare: two runs have the same label (${labels.join(', ')}): give --label`);
      const c = compareRuns(inputs.map((i, k) => ({ label: labels[k], report: i.report })));
      for (const [k, i] of inputs.entries())
        if ((i.report as { integrity?: unknown }).integrity !== undefined && !verifyIntegrity(i.report).ok)
          c.notes.push(`${labels[k]}: ${i.file} was edited since conform wrote it (conform verify)`);
      mkdirSync(o.reportDir, { recursive: true });
      const md = compareMarkdown(c);
      const files = [join(o.reportDir, 'compare.md'), join(o.reportDir, 'compare.html')];
      writeFileSync(files[0], md);
      writeFileSync(files[1], compareHtml(c));
      if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, md);
      const regressions = regressionCount(c);
      const exitCode = o.failOn === 'regression' && regressions > 0 ? 1 : 0;
      if (o.json) process.stdout.write(`${JSON.stringify({ regressions, exitCode, ...c, files }, null, 2)}\n`);
      else for (const l of [...compareLines(c), `reports: ${files.join(', ')}`]) process.stdout.write(`${cutLine(printable(l)).text}\n`);
      process.exitCode = exitCode;
    });
}
