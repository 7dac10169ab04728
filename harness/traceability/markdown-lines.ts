// The Markdown a specification is read with, line by line: headings, list items, table lines,
// fences, and text as it appears in an item's key (see document.ts).

/** A lead-in of at most this many characters may name the list or table after it. */
const MAX_LABEL = 60;

export const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
export const NUMBERED = /^ {0,3}(\d+)[.)]\s+(.*)$/;
export const BULLET = /^ {0,1}[-*+]\s+(.*)$/;
export const TABLE = /^\s*\|/;
export const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
export const FENCE = /^\s*(```|~~~)/;

/** Text as it should appear in a key: no code ticks or emphasis markers, single spaces. */
export function plain(s: string): string {
  return s
    .replace(/`/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cells of a table line; a pipe inside backticks or escaped as \| does not split. */
export function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let code = false;
  const s = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
      continue;
    }
    if (c === '`') code = !code;
    if (c === '|' && !code) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur.trim());
  return out;
}

function isBlockStart(line: string | undefined): boolean {
  return line !== undefined && (NUMBERED.test(line) || BULLET.test(line) || TABLE.test(line));
}

/** A short line ending in ":" right before a list or table: a lead-in that names it. */
export function isLabel(text: string, next: string | undefined): boolean {
  const t = text.trim();
  return t.endsWith(':') && t.length <= MAX_LABEL && !/[.;!?]\s/.test(t) && isBlockStart(next);
}
