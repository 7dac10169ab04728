// The body of an exchange as evidence: a small JSON body kept as parsed data, anything else as
// text cut at a bound with a visible marker, so that no answer can blow up a report (a deeply
// nested body would too, once pretty-printed: it is kept as text).

/** the most characters of one body kept as evidence */
export const EVIDENCE_BODY_CHARS = 64 * 1024;
/** deeper JSON is kept as text */
const MAX_DEPTH = 32;

export function cutText(text: string, max = EVIDENCE_BODY_CHARS, why?: string): string {
  if (text.length <= max && !why) return text;
  const kept = text.length <= max ? text : text.slice(0, max);
  const parts = [text.length > max ? `${text.length - max} more characters not kept` : '', why ?? ''].filter(Boolean);
  return `${kept}…[conform: ${parts.join('; ')}]`;
}

function deeperThan(v: unknown, max: number): boolean {
  // iterative: a hostile body may nest deeper than the call stack
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (d >= max) return true;
    for (const y of Object.values(x as object)) stack.push([y, d + 1]);
  }
  return false;
}

/**
 * `parsed` is the JSON value when the text parsed, `oversized` the byte limit when the answer
 * went on past it (then only `text`, its first part, was read).
 */
export function evidenceBody(parsed: unknown, text: string, oversized?: number): { body?: unknown; text?: string } {
  if (oversized !== undefined)
    return { text: cutText(text, EVIDENCE_BODY_CHARS, `answer larger than ${oversized} bytes, not read past that`) };
  if (parsed !== undefined && text.length <= EVIDENCE_BODY_CHARS && !deeperThan(parsed, MAX_DEPTH)) return { body: parsed };
  return { text: cutText(text) };
}

/** A request body as evidence: what the harness sent, bounded the same way. */
export function requestEvidence(json: unknown, raw: string | undefined): unknown {
  if (json !== undefined) {
    const text = JSON.stringify(json) ?? '';
    return text.length <= EVIDENCE_BODY_CHARS && !deeperThan(json, MAX_DEPTH) ? json : cutText(text);
  }
  return raw === undefined ? undefined : cutText(raw);
}
