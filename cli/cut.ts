// Terminal lines stay readable: a value longer than MAX_VALUE characters (a URL with a 255-character
// name URL-encoded, a compact JSON answer) is cut in its middle. The reports (compliance.json,
// .html, .md) keep every value whole.

export const MAX_VALUE = 200;

/** `line` with each run of more than `max` non-blank characters cut in its middle; whether anything was cut */
export function cutLine(line: string, max = MAX_VALUE): { text: string; cut: boolean } {
  let cut = false;
  const head = Math.floor(max * 0.7);
  const tail = max - head;
  const text = line.replace(new RegExp(`\\S{${max + 1},}`, 'g'), (v) => {
    cut = true;
    return `${v.slice(0, head)}…(${v.length - head - tail} more characters)…${v.slice(-tail)}`;
  });
  return { text, cut };
}

/** text of one or more lines, each cut; `where` names where the whole text is, said when something was cut */
export function cutForTerminal(text: string, where: string): string {
  const lines = text.split('\n').map((l) => cutLine(l));
  const out = lines.map((l) => l.text).join('\n');
  return lines.some((l) => l.cut) ? `${out}\n     (long values cut here; whole in ${where})` : out;
}

/**
 * `text` safe to print: the control characters a target's answer may carry (ESC, BEL, CR, NUL,
 * C1, the bidirectional overrides and isolates) shown as escapes, so that no answer can move the
 * cursor, erase or recolour a line, or reorder it (a FAIL line rewritten as PASS). Newlines and
 * tabs stay; the CLI's own colours are added after.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
