// Text helpers for compliance.md: escaping for GitHub-flavoured Markdown and sizes in UTF-8 bytes.

/** Size of a text in UTF-8 bytes (the unit of GitHub's limits). */
export function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** `s` cut so that it takes at most `max` UTF-8 bytes, saying how much was cut (`short`: just "…"). */
export function clip(s: string, max: number, short = false): string {
  if (s.length <= max / 3 || bytes(s) <= max) return s;
  const room = Math.max(0, max - (short ? 3 : 40)); // the "…" or "… (N more characters)" tail
  let used = 0;
  let end = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const b = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (used + b > room) break;
    used += b;
    end += ch.length;
  }
  return short ? `${s.slice(0, end)}…` : `${s.slice(0, end)}… (${s.length - end} more characters)`;
}

/** Text safe inside a Markdown table cell. */
export function mdCell(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  if (s === '') return '';
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/\\/g, '\\\\')
    .replace(/&(?=#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/([`*[\]])/g, '\\$1')
    .replace(/\r?\n|\r/g, '<br>');
}

/** Text safe as one Markdown line (a heading, a list item, a paragraph): markup and line breaks neutralised. */
export function mdText(value: unknown): string {
  return mdCell(value).replace(/<br>/g, ' ');
}

/** Text safe inside an HTML element such as <summary> (GitHub renders no Markdown there). */
export function htmlText(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\s+/g, ' ');
}

/** Inline code span that survives backticks inside the text. */
export function mdCode(value: string): string {
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD').replace(/\r?\n|\r/g, ' ');
  const runs = clean.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/** Fenced code block that survives backtick fences inside the text. */
export function mdBlock(value: string, lang = ''): string {
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD');
  const runs = clean.match(/`{3,}/g) ?? [];
  const fence = '`'.repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
  return `${fence}${lang}\n${clean}\n${fence}`;
}

/**
 * The problems a reason lists: the engine joins several with "; ". Only a "; " outside brackets and
 * quotes separates two problems ("processed again (2 times; answered 200)" is one).
 */
export function problemsOf(reason: string): string[] {
  const parts: string[] = [];
  const close: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < reason.length; i++) {
    const c = reason[i];
    if (c === '"' && reason[i - 1] !== '\\') quoted = !quoted;
    else if (quoted) continue;
    else if (close[c]) stack.push(close[c]);
    else if (c === stack[stack.length - 1]) stack.pop();
    else if (c === ';' && reason[i + 1] === ' ' && stack.length === 0) {
      parts.push(reason.slice(start, i));
      start = i + 2;
    }
  }
  parts.push(reason.slice(start));
  // a bracket or quote left open (a cut text): no telling what it encloses, every "; " separates
  const split = stack.length > 0 || quoted ? reason.split('; ') : parts;
  const kept = split.map((p) => p.trim()).filter((p) => p !== '');
  return kept.length > 0 ? kept : [reason];
}
