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
