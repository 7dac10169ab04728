// Reads a Markdown specification and yields its items: every numbered list item, every top-level
// bullet, every table row and every other stand-alone line of text, each under a stable key built
// from the path of headings above it. A traceability map is keyed by these items.
//
// Keys (sections are the headings from level 2 down, joined with " › "; the level-1 title is not part):
//   numbered item   `Overview › 3`
//   bullet          `Some section › •2` (counted per section)
//   table row       `Resources › Account › id`: the row's first cell, or as many leading cells as
//                   the table needs for every row to be told apart, joined with " | "
//   paragraph line  `Resources › Account ¶1` (counted per section; each line is one item: the
//                   documents keep one statement group per line)
// A short lead-in line ending in ":" right before a list or table ("Naming rules:") is not an item
// of its own: it names that list or table and joins the key (`Conventions › Naming rules › 2`).
// Indented lines under a list item (nested bullets, wrapped text) belong to that item.
// Fenced code blocks and HTML comments are skipped. Should two items still share a key, the later
// ones get " #2", " #3", ….

import { BULLET, cells, FENCE, HEADING, isLabel, NUMBERED, plain, SEPARATOR, TABLE } from './markdown-lines.ts';

export type ItemKind = 'numbered' | 'bullet' | 'row' | 'paragraph';

export interface DocItem {
  key: string;
  kind: ItemKind;
  /** the headings from level 2 down, plus the lead-in label when there is one */
  section: string[];
  /** the item's text: the list item with its continuation lines, the row's cells joined with " | ", the line */
  text: string;
  /** 1-based line of the item's first line */
  line: number;
}

export const KEY_SEP = ' › ';

export { cells, plain } from './markdown-lines.ts';

/** Leading cells per row so that every row of the table has a different key. */
function rowKeys(rows: string[][]): string[] {
  const width = Math.max(1, ...rows.map((r) => r.length));
  for (let k = 1; k <= width; k++) {
    const keys = rows.map((r) => {
      const lead = r.slice(0, k).map(plain);
      while (lead.length > 1 && lead[lead.length - 1] === '') lead.pop();
      return lead.join(' | ');
    });
    if (new Set(keys).size === keys.length || k === width) return keys;
  }
  return rows.map((r) => plain(r[0] ?? ''));
}

/** Where the parser stands: the lines, the items so far, the headings and lead-in above, and what is being skipped. */
interface Parse {
  lines: string[];
  items: DocItem[];
  /** index 0 = level 2 */
  headings: string[];
  /** paragraph and bullet numbering per section */
  counters: Map<string, number>;
  label?: string;
  /** the marker of the fenced code block being skipped */
  fence?: string;
  /** inside an HTML comment */
  comment: boolean;
}

/** The headings from level 2 down, plus the lead-in label when there is one. */
function sectionOf(p: Parse): string[] {
  return [...p.headings.filter(Boolean), ...(p.label ? [p.label] : [])];
}

/** The next line that is not blank, from line index `from` on. */
function nextText(p: Parse, from: number): string | undefined {
  for (let j = from; j < p.lines.length; j++) if (p.lines[j].trim() !== '') return p.lines[j];
  return undefined;
}

/** The next number of a counter (paragraphs or bullets of one section). */
function count(p: Parse, name: string): number {
  const n = (p.counters.get(name) ?? 0) + 1;
  p.counters.set(name, n);
  return n;
}

/** `Section › Sub › last`, or just `last` before the first section */
const keyOf = (section: string[], last: string) => [...section, last].join(KEY_SEP);

function push(p: Parse, kind: ItemKind, section: string[], key: string, text: string, line: number): void {
  p.items.push({ key, kind, section, text, line });
}

/** Whether the line is skipped as part of (or the start or end of) a fenced code block or an HTML comment. */
function skipped(p: Parse, raw: string): boolean {
  if (p.fence) {
    if (raw.trim().startsWith(p.fence)) p.fence = undefined;
    return true;
  }
  const f = FENCE.exec(raw);
  if (f) {
    p.fence = f[1];
    return true;
  }
  if (p.comment) {
    if (raw.includes('-->')) p.comment = false;
    return true;
  }
  if (raw.trim().startsWith('<!--')) {
    p.comment = !raw.includes('-->');
    return true;
  }
  return false;
}

/** Whether the line is a heading; a heading sets the section (level 1 clears it) and ends the lead-in. */
function heading(p: Parse, raw: string): boolean {
  const h = HEADING.exec(raw);
  if (!h) return false;
  const level = h[1].length;
  p.label = undefined;
  if (level >= 2) {
    p.headings.length = level - 1;
    p.headings[level - 2] = plain(h[2]);
  } else {
    p.headings.length = 0;
  }
  return true;
}

/** The table starting at line index `i`: one item per body row. Returns the index of its last line. */
function table(p: Parse, i: number): number {
  const block: { line: number; text: string }[] = [];
  for (; i < p.lines.length && TABLE.test(p.lines[i]); i++) block.push({ line: i + 1, text: p.lines[i] });
  const body = block.length > 1 && SEPARATOR.test(block[1].text) ? block.slice(2) : block.slice(SEPARATOR.test(block[0].text) ? 1 : 0);
  const rows = body.filter((b) => !SEPARATOR.test(b.text)).map((b) => ({ ...b, cells: cells(b.text) }));
  const keys = rowKeys(rows.map((r) => r.cells));
  const section = sectionOf(p);
  for (const [n, r] of rows.entries()) push(p, 'row', section, keyOf(section, keys[n]), r.cells.join(' | '), r.line);
  p.label = undefined;
  return i - 1;
}

/**
 * The numbered item or bullet at line index `i`, with its indented continuation lines. Returns
 * the index of its last line, or undefined when the line is no list item.
 */
function listItem(p: Parse, i: number): number | undefined {
  const num = NUMBERED.exec(p.lines[i]);
  const bul = num ? null : BULLET.exec(p.lines[i]);
  if (!num && !bul) return undefined;
  const first = i;
  let text = (num ? num[2] : bul![1]).trim();
  // continuation: indented lines, until a blank line or a line at the margin
  while (i + 1 < p.lines.length && p.lines[i + 1].trim() !== '' && /^\s{2,}\S/.test(p.lines[i + 1])) {
    i++;
    text += `\n${p.lines[i].trim()}`;
  }
  const section = sectionOf(p);
  if (num) push(p, 'numbered', section, keyOf(section, num[1]), text, first + 1);
  else push(p, 'bullet', section, keyOf(section, `•${count(p, `• ${section.join(KEY_SEP)}`)}`), text, first + 1);
  // a label lasts while its list goes on (a loose list may have blank lines between items)
  const following = nextText(p, i + 1);
  if (following === undefined || !(NUMBERED.test(following) || BULLET.test(following))) p.label = undefined;
  return i;
}

/** A stand-alone line of text at line index `i`: a lead-in naming the list or table after it, or a paragraph item. */
function textLine(p: Parse, i: number): void {
  const raw = p.lines[i];
  if (isLabel(raw, nextText(p, i + 1))) {
    p.label = plain(raw.trim().replace(/:$/, ''));
    return;
  }
  p.label = undefined;
  const section = sectionOf(p);
  const n = count(p, `¶ ${section.join(KEY_SEP)}`);
  push(p, 'paragraph', section, section.length ? `${section.join(KEY_SEP)} ¶${n}` : `¶${n}`, raw.trim(), i + 1);
}

/** Duplicate keys: the later ones get " #2", " #3", … */
function numberDuplicates(items: DocItem[]): void {
  const seen = new Map<string, number>();
  for (const it of items) {
    const n = (seen.get(it.key) ?? 0) + 1;
    seen.set(it.key, n);
    if (n > 1) it.key = `${it.key} #${n}`;
  }
}

export function parseDocument(markdown: string): DocItem[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const p: Parse = { lines, items: [], headings: [], counters: new Map(), comment: false };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (skipped(p, raw) || raw.trim() === '' || heading(p, raw)) continue;
    if (TABLE.test(raw)) i = table(p, i);
    else {
      const last = listItem(p, i);
      if (last !== undefined) i = last;
      else textLine(p, i);
    }
  }
  numberDuplicates(p.items);
  return p.items;
}
