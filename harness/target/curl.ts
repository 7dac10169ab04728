// A curl command line that repeats one exchange, for a failure report. Every secret is written as
// a shell variable ("$BEARER_TOKEN"), never as its value; the caller's redactor still runs over
// the line, so a secret in a form not recognised here is redacted rather than printed.
import type { HttpExchange } from '../model/result.ts';
import { sentRequestOf } from './http.ts';

/** Double-quoted shell text of `s`, each secret value replaced by ${NAME}. */
function quote(s: string, names: [string, string][]): string {
  const esc = (t: string) => t.replace(/[\\"$`]/g, '\\$&');
  let out = '';
  let rest = s;
  while (rest) {
    let at = -1;
    let hit: [string, string] | undefined;
    for (const n of names) {
      const i = rest.indexOf(n[0]);
      if (i !== -1 && (at === -1 || i < at)) [at, hit] = [i, n];
    }
    if (!hit) break;
    out += `${esc(rest.slice(0, at))}\${${hit[1]}}`;
    rest = rest.slice(at + hit[0].length);
  }
  return `"${out}${esc(rest)}"`;
}

/** an option word of a connection (RequestOptions.curl): as it is when plain, a process substitution `<(printenv NAME)` kept, else quoted */
function option(w: string, names: [string, string][]): string {
  if (/^<\(printenv [A-Za-z_][A-Za-z0-9_]*\)$/.test(w)) return w;
  return /^[\w./:=@%+[\]-]+$/.test(w) && !names.some(([v]) => w.includes(v)) ? w : quote(w, names);
}

/** secret value → env var name, longest values first (so that a value inside another is not taken first) */
function namesOf(secretNames: Record<string, string>): [string, string][] {
  return Object.entries(secretNames)
    .filter(([v]) => v.length >= 4)
    .sort((a, b) => b[0].length - a[0].length);
}

/** a command line with each secret value written as ${NAME} */
export function shellCommand(words: string[], secretNames: Record<string, string>): string {
  const names = namesOf(secretNames);
  return words.map((w) => (/^[\w./:=@%+-]+$/.test(w) && !names.some(([v]) => w.includes(v)) ? w : quote(w, names))).join(' ');
}

/** `secretNames`: secret value → env var name. Undefined when the exchange was not sent by this process. */
export function curlLine(x: HttpExchange, secretNames: Record<string, string>): string | undefined {
  const sent = sentRequestOf(x);
  if (!sent) return undefined;
  const names = namesOf(secretNames);
  const parts = ['curl', '-sS', '-i', ...(sent.curl ?? []).map((w) => option(w, names)), '-X', sent.method, quote(sent.url, names)];
  for (const [k, v] of Object.entries(sent.headers)) {
    // a bearer credential goes through --oauth2-bearer: an "Authorization: …" text is cut by redaction
    const bearer = k.toLowerCase() === 'authorization' ? /^Bearer (.+)$/i.exec(v) : null;
    if (bearer) parts.push('--oauth2-bearer', quote(bearer[1], names));
    else parts.push('-H', quote(`${k}: ${v}`, names));
  }
  if (sent.body !== undefined) {
    const body = sent.body.length > 4096 ? `${sent.body.slice(0, 4096)}` : sent.body;
    parts.push('--data-binary', quote(body, names));
    if (sent.body.length > 4096) parts.push('# body cut at 4096 characters');
  }
  return parts.join(' ');
}
