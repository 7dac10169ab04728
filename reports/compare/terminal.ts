// `conform compare` in the terminal: the runs, what differs between them, then per later run what
// changed against the baseline, regressions first. Plain lines; long reasons are the caller's to cut.
import { CHANGE_KINDS, CHANGE_NAME, type Comparison, changesOf, regressionCount } from './diff.ts';

/** a status as the terminal shows it ('—': the run has no such rule) */
export const shown = (s: string | undefined): string => s ?? '—';

/** the most changes of one kind listed per run (the Markdown and HTML list them all) */
export const TERMINAL_MAX = 40;

export function compareLines(c: Comparison): string[] {
  const lines: string[] = ['runs (the first is the baseline):'];
  for (const r of c.runs) {
    const s = r.summary;
    lines.push(
      `  ${r.label}${r.label === r.target ? '' : `: ${r.target}`} · conform ${r.version} · seed ${r.seed} · ${r.rules} rules: ${s.passed} passed, ${s.failed} failed, ${s.error} error, ${s.notCheckable} not checkable`,
    );
  }
  for (const n of c.notes) lines.push(`note: ${n}`);
  const base = c.runs[0].label;
  for (const p of c.pairs) {
    const label = c.runs[p.run].label;
    lines.push('', `${base} → ${label}: ${p.changes.length ? `${p.changes.length} rule(s) changed` : 'no rule changed'}`);
    for (const kind of CHANGE_KINDS) {
      const changes = changesOf(p, kind);
      if (!changes.length) continue;
      lines.push(`  ${CHANGE_NAME[kind]}: ${changes.length}`);
      for (const x of changes.slice(0, TERMINAL_MAX))
        lines.push(`    ${x.id} ${shown(x.from)} → ${shown(x.to)}  ${x.title}${x.reason && kind === 'regressed' ? ` — ${x.reason}` : ''}`);
      if (changes.length > TERMINAL_MAX) lines.push(`    … and ${changes.length - TERMINAL_MAX} more (compare.md, compare.html)`);
    }
  }
  const n = regressionCount(c);
  lines.push('', n ? `${n} regression(s) against ${base}` : `no regression against ${base}`);
  return lines;
}
