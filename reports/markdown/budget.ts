// Byte budgets: compliance.md must stay under GitHub's 65,536-character limits (pull-request
// comments, step summaries show 1 MiB but comments do not) whatever the run. Each part is rendered
// against a cap and says how much it left out instead of growing past it.
import { bytes } from './text.ts';

/** What renderMarkdown aims for; 2 kB under 65,000 bytes for the redaction pass after rendering. */
export const MD_BUDGET = 63_000;

/** A section folded in <details>, rendered row by row until its cap. */
export interface FoldedList {
  summary: string;
  open?: boolean;
  /** lines before the rows (kept short: they are always written) */
  intro?: string[];
  /** table head lines, written before the first row */
  header?: string[];
  rows: string[];
  /** the line that says how many rows were left out */
  more: (left: number) => string;
}

function frame(s: FoldedList, body: string[]): string {
  return [
    `<details${s.open ? ' open' : ''}>`,
    `<summary>${s.summary}</summary>`,
    '',
    ...(s.intro?.length ? [...s.intro, ''] : []),
    ...body,
    '</details>',
    '',
  ].join('\n');
}

/** The section with no row: what it costs at least. */
export function stubSize(s: FoldedList): number {
  return bytes(frame(s, s.rows.length > 0 ? [s.more(s.rows.length), ''] : []));
}

/** The section with every row. */
export function fullSize(s: FoldedList): number {
  return bytes(renderFolded(s, Number.POSITIVE_INFINITY));
}

/** The section in at most `cap` bytes (never less than its stub): rows in order until the cap, then the "more" line. */
export function renderFolded(s: FoldedList, cap: number): string {
  if (s.rows.length === 0) return frame(s, []);
  const head = s.header ?? [];
  const all = frame(s, [...head, ...s.rows, '']);
  if (bytes(all) <= cap) return all;
  const fixed = bytes(frame(s, [...head, '', s.more(s.rows.length), '']));
  let used = fixed;
  let n = 0;
  for (const row of s.rows) {
    const b = bytes(row) + 1;
    if (used + b > cap) break;
    used += b;
    n++;
  }
  if (n === 0) return frame(s, [s.more(s.rows.length), '']);
  return frame(s, [...head, ...s.rows.slice(0, n), '', s.more(s.rows.length - n), '']);
}

/**
 * Shares `total` bytes among parts that need `need[i]` and cost at least `min[i]`: parts that need
 * less than an even share get all they need, the rest share what is left evenly.
 */
export function share(need: number[], min: number[], total: number): number[] {
  const out = need.map((_, i) => min[i]);
  let left = total - min.reduce((a, b) => a + b, 0);
  const order = need.map((_, i) => i).sort((a, b) => need[a] - min[a] - (need[b] - min[b]));
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const even = Math.max(0, Math.floor(left / (order.length - k)));
    const extra = Math.min(need[i] - min[i], even);
    out[i] += extra;
    left -= extra;
  }
  return out;
}
