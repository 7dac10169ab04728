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

/** A lead-in of at most this many characters may name the list or table after it. */
const MAX_LABEL = 60;

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const NUMBERED = /^ {0,3}(\d+)[.)]\s+(.*)$/;
const BULLET = /^ {0,1}[-*+]\s+(.*)$/;
const TABLE = /^\s*\|/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const FENCE = /^\s*(```|~~~)/;

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

function isLabel(text: string, next: string | undefined): boolean {
  const t = text.trim();
  return t.endsWith(':') && t.length <= MAX_LABEL && !/[.;!?]\s/.test(t) && isBlockStart(next);
}

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

export function parseDocument(markdown: string): DocItem[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const items: DocItem[] = [];
  const headings: string[] = []; // index 0 = level 2
  const counters = new Map<string, number>(); // paragraph and bullet numbering per section
  let label: string | undefined;
  let fence: string | undefined;
  let comment = false;

  const path = () => [...headings.filter(Boolean), ...(label ? [label] : [])];
  const next = (from: number): string | undefined => {
    for (let j = from; j < lines.length; j++) if (lines[j].trim() !== '') return lines[j];
    return undefined;
  };
  const count = (name: string): number => {
    const n = (counters.get(name) ?? 0) + 1;
    counters.set(name, n);
    return n;
  };
  /** `Section › Sub › last`, or just `last` before the first section */
  const keyOf = (section: string[], last: string) => [...section, last].join(KEY_SEP);
  const push = (kind: ItemKind, section: string[], key: string, text: string, line: number) => {
    items.push({ key, kind, section, text, line });
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (fence) {
      if (raw.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const f = FENCE.exec(raw);
    if (f) {
      fence = f[1];
      continue;
    }
    if (comment) {
      if (raw.includes('-->')) comment = false;
      continue;
    }
    if (raw.trim().startsWith('<!--')) {
      comment = !raw.includes('-->');
      continue;
    }
    if (raw.trim() === '') continue;

    const h = HEADING.exec(raw);
    if (h) {
      const level = h[1].length;
      label = undefined;
      if (level >= 2) {
        headings.length = level - 1;
        headings[level - 2] = plain(h[2]);
      } else {
        headings.length = 0;
      }
      continue;
    }

    if (TABLE.test(raw)) {
      const block: { line: number; text: string }[] = [];
      for (; i < lines.length && TABLE.test(lines[i]); i++) block.push({ line: i + 1, text: lines[i] });
      i--; // the loop's i++ moves past the table
      const body = block.length > 1 && SEPARATOR.test(block[1].text) ? block.slice(2) : block.slice(SEPARATOR.test(block[0].text) ? 1 : 0);
      const rows = body.filter((b) => !SEPARATOR.test(b.text)).map((b) => ({ ...b, cells: cells(b.text) }));
      const keys = rowKeys(rows.map((r) => r.cells));
      const section = path();
      for (const [n, r] of rows.entries()) push('row', section, keyOf(section, keys[n]), r.cells.join(' | '), r.line);
      label = undefined;
      continue;
    }

    const num = NUMBERED.exec(raw);
    const bul = num ? null : BULLET.exec(raw);
    if (num || bul) {
      const first = i;
      let text = (num ? num[2] : bul![1]).trim();
      // continuation: indented lines, until a blank line or a line at the margin
      while (i + 1 < lines.length && lines[i + 1].trim() !== '' && /^\s{2,}\S/.test(lines[i + 1])) {
        i++;
        text += `\n${lines[i].trim()}`;
      }
      const section = path();
      if (num) push('numbered', section, keyOf(section, num[1]), text, first + 1);
      else push('bullet', section, keyOf(section, `•${count(`• ${section.join(KEY_SEP)}`)}`), text, first + 1);
      // a label lasts while its list goes on (a loose list may have blank lines between items)
      const following = next(i + 1);
      if (following === undefined || !(NUMBERED.test(following) || BULLET.test(following))) label = undefined;
      continue;
    }

    // a stand-alone line of text
    const after = next(i + 1);
    if (isLabel(raw, after)) {
      label = plain(raw.trim().replace(/:$/, ''));
      continue;
    }
    label = undefined;
    const section = path();
    const n = count(`¶ ${section.join(KEY_SEP)}`);
    push('paragraph', section, section.length ? `${section.join(KEY_SEP)} ¶${n}` : `¶${n}`, raw.trim(), i + 1);
  }

  // duplicate keys: the later ones get " #2", " #3", …
  const seen = new Map<string, number>();
  for (const it of items) {
    const n = (seen.get(it.key) ?? 0) + 1;
    seen.set(it.key, n);
    if (n > 1) it.key = `${it.key} #${n}`;
  }
  return items;
}
