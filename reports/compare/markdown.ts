// `conform compare` as Markdown: small enough for a pull-request comment or a job summary (GitHub
// takes 65,536 characters). A header line with the verdict, the runs, what differs between them,
// then per later run a table per kind of change, regressions first and open; the rest folded.
import { bytes, clip, mdCell, mdText } from '../markdown/text.ts';
import { CHANGE_KINDS, CHANGE_NAME, type Change, type Comparison, changesOf, regressionCount } from './diff.ts';
import { shown } from './terminal.ts';

/** what the Markdown may take in all, in UTF-8 bytes, and in rows per table */
export const MD_BUDGET = 60_000;
const ROWS = 100;

function table(changes: Change[], base: string, label: string): string {
  const rows = changes
    .slice(0, ROWS)
    .map(
      (x) =>
        `| \`${x.id}\` | ${mdCell(clip(x.title, 200, true))} | ${shown(x.from)} | ${shown(x.to)} | ${mdCell(clip(x.reason ?? '', 300, true))} |`,
    );
  const more = changes.length > ROWS ? `\n\n… and ${changes.length - ROWS} more in compare.html.` : '';
  return `| rule | title | ${mdCell(base)} | ${mdCell(label)} | reason |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}${more}`;
}

export function compareMarkdown(c: Comparison): string {
  const n = regressionCount(c);
  const base = c.runs[0].label;
  const others = c.runs
    .slice(1)
    .map((r) => r.label)
    .join(', ');
  const out: string[] = [
    `## ${n ? '❌' : '✅'} conform compare · ${mdText(base)} → ${mdText(others)} · ${n ? `${n} regression(s)` : 'no regression'}`,
    '',
    '| run | target | conform | seed | rules | passed | failed | error | not checkable |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...c.runs.map(
      (r, i) =>
        `| ${mdCell(r.label)}${i === 0 ? ' (baseline)' : ''} | ${mdCell(r.target)} | ${mdCell(r.version)} | ${r.seed} | ${r.rules} | ${r.summary.passed} | ${r.summary.failed} | ${r.summary.error} | ${r.summary.notCheckable} |`,
    ),
  ];
  if (c.notes.length) out.push('', ...c.notes.map((x) => `> **Note:** ${mdText(x)}`));
  for (const p of c.pairs) {
    const label = c.runs[p.run].label;
    out.push('', `### ${mdText(base)} → ${mdText(label)}: ${p.changes.length ? `${p.changes.length} rule(s) changed` : 'no rule changed'}`);
    for (const kind of CHANGE_KINDS) {
      const changes = changesOf(p, kind);
      if (!changes.length) continue;
      const body = table(changes, base, label);
      if (kind === 'regressed') out.push('', `**${CHANGE_NAME[kind]}: ${changes.length}**`, '', body);
      else out.push('', `<details><summary>${CHANGE_NAME[kind]}: ${changes.length}</summary>`, '', body, '', '</details>');
    }
  }
  out.push('', 'Every rule of every run, side by side and filterable: `compare.html`.');
  const text = `${out.join('\n')}\n`;
  return bytes(text) <= MD_BUDGET ? text : `${clip(text, MD_BUDGET - 200)}\n\n(cut to fit a comment; compare.html has everything)\n`;
}
