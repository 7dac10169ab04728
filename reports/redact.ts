// Secret redaction, applied to the whole RunReport before any report file is written.
//
// Every occurrence of a secret is replaced by [REDACTED] in every string (object keys too),
// in its raw form and in the forms it commonly travels in: URL-encoded (hex digits in any
// case, `+` for space), JSON-escaped, and Base64 / Base64url (padded, unpadded, and the part of
// it that is stable when the secret sits at any byte offset inside a longer Base64 blob, such as
// `Basic base64(user:secret)`). Authorization header values keep only their scheme.

import { matcherFor, type SecretMatcher } from './secret-matcher.ts';

export const REDACTED = '[REDACTED]';

export { MIN_SECRET_LENGTH, secretVariants } from './secret-matcher.ts';

/** Header names whose whole value is a credential; the value keeps only its scheme. */
const AUTH_HEADER_KEYS = new Set(['authorization', 'proxy-authorization']);

/** Authorization schemes recognised in free text. */
const KNOWN_SCHEMES = new Set([
  'bearer',
  'basic',
  'oauth',
  'digest',
  'token',
  'negotiate',
  'ntlm',
  'aws4-hmac-sha256',
  'hoba',
  'mutual',
  'vapid',
  'scram-sha-1',
  'scram-sha-256',
  'dpop',
  'mac',
]);

/**
 * Deep copy of `value` with secrets redacted in every string (keys and values) and every
 * `authorization` / `proxy-authorization` value (case-insensitive key) reduced to `<scheme> [REDACTED]`.
 */
export function redact<T>(value: T, secrets: string[]): T {
  const m = matcherFor(secrets);
  const seen = new WeakMap<object, unknown>();

  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string') {
      if (key !== undefined && AUTH_HEADER_KEYS.has(key.toLowerCase())) return redactAuthValue(v);
      return applyText(v, m);
    }
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return seen.get(v);
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (const item of v) out.push(walk(item, key)); // header values may be lists
      return out;
    }
    if (v instanceof Date) return new Date(v.getTime());
    if (ArrayBuffer.isView(v)) {
      // Raw bytes (e.g. a Buffer body): redact their UTF-8 text and keep them as text.
      const text = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('utf8');
      return applyText(text, m);
    }
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      let newKey = applyText(k, m);
      // Two keys that only differ in a secret must not overwrite each other.
      if (newKey !== k) {
        let n = 2;
        const base = newKey;
        while (Object.hasOwn(out, newKey)) newKey = `${base}#${n++}`;
      }
      out[newKey] = walk(item, k);
    }
    return out;
  };

  return walk(value) as T;
}

/**
 * Redact secrets (all encoded forms) and Authorization header values inside plain text.
 * `authorization: false` leaves `Authorization: …` text alone (for rendered output whose
 * values were already redacted as data, where line-based cutting could damage the syntax).
 */
export function redactText(text: string, secrets: string[], opts: { authorization?: boolean } = {}): string {
  return applyText(text, matcherFor(secrets), opts.authorization ?? true);
}

/** `Bearer abc` → `Bearer [REDACTED]`; a value without a scheme → `[REDACTED]`. */
export function redactAuthValue(value: string): string {
  const trimmed = value.trim();
  const m = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+\S/.exec(trimmed);
  if (m) return `${m[1]} ${REDACTED}`;
  return REDACTED;
}

// ---------------------------------------------------------------------------

function applyText(text: string, m: SecretMatcher, authorization = true): string {
  let out = m.replace(text, REDACTED);
  if (authorization && /authorization/i.test(out)) out = redactAuthInText(out);
  return out;
}

/**
 * `Authorization: Bearer xyz` in raw text (a logged header block, a JSON body echoing headers):
 * keep the scheme, drop the credentials. A quoted value is cut at its closing quote; an unquoted
 * one at the end of the line.
 */
function redactAuthInText(text: string): string {
  const re = /(\b(?:proxy-)?authorization\b\\?["']?[ \t]*[:=][ \t]*)(\\?["'])?([A-Za-z][A-Za-z0-9!#$%&*+.^_`|~-]*)?([ \t]+)?/gi;
  let out = '';
  let last = 0;
  for (let match = re.exec(text); match !== null; match = re.exec(text)) {
    const [whole, prefix, quote, scheme, space] = match;
    const valueStart = match.index + whole.length;
    let end: number;
    if (quote) {
      const q = quote[quote.length - 1];
      const escaped = quote.length === 2; // \" inside a JSON string
      end = findClosingQuote(text, valueStart, q, escaped);
    } else {
      // to the end of the line, or of the escaped line when the text is itself JSON-encoded
      end = text.length;
      for (const stop of ['\n', '\r', '\\n', '\\r']) {
        const at = text.indexOf(stop, valueStart);
        if (at !== -1 && at < end) end = at;
      }
    }
    if (!quote && !scheme && end === valueStart) continue; // `authorization:` with nothing after it
    // Only where it is a header or a key, not prose such as "missing authorization: expected …":
    // at the start of a line, as a quoted key, or followed by a known scheme.
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    const atLineStart = text.slice(lineStart, match.index).trim() === '';
    const quotedKey = /["']$/.test(text.slice(Math.max(0, match.index - 1), match.index));
    const knownScheme = scheme !== undefined && space !== undefined && KNOWN_SCHEMES.has(scheme.toLowerCase());
    if (!atLineStart && !quotedKey && !knownScheme) continue;
    const hasCredentials = scheme !== undefined && space !== undefined && end > valueStart;
    out += text.slice(last, match.index) + prefix + (quote ?? '');
    out += hasCredentials ? `${scheme} ${REDACTED}` : REDACTED;
    last = end;
    re.lastIndex = Math.max(end, match.index + 1);
  }
  return last === 0 ? text : out + text.slice(last);
}

function findClosingQuote(text: string, from: number, q: string, escaped: boolean): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return i;
    if (escaped) {
      if (c === '\\' && text[i + 1] === q) return i;
      if (c === '\\') i++;
    } else {
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === q) return i;
    }
  }
  return text.length;
}

/** The redactor the engine applies to what it hands out while a run goes on (progress, messages). */
export function redactorFor(secrets: string[]): { text(s: string): string; value<T>(v: T): T } {
  return { text: (s) => redactText(s, secrets), value: (v) => redact(v, secrets) };
}
