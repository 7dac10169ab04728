// The same JSON event written out in other bytes: whitespace (none, spaces, tabs, CRLF), key order,
// \uXXXX escapes of non-ASCII characters and escaped slashes. Each form is valid JSON with the same
// value, so a consumer that checks the signature over the raw bytes accepts each one correctly
// signed, and one that re-serialises before checking does not.
import fc from 'fast-check';

export interface BodyStyle {
  indent: '' | ' ' | '  ' | '\t' | '    ';
  newline: '\n' | '\r\n';
  /** spaces after ':' and ',' when not indenting */
  spaced: boolean;
  /** a permutation seed for each object's keys (0: as given) */
  order: number;
  escapeNonAscii: boolean;
  escapeSlash: boolean;
  trailing: '' | '\n' | ' \r\n';
}

export const bodyStyle: fc.Arbitrary<BodyStyle> = fc.record({
  indent: fc.constantFrom('', ' ', '  ', '\t', '    '),
  newline: fc.constantFrom('\n', '\r\n'),
  spaced: fc.boolean(),
  order: fc.nat({ max: 1000 }),
  escapeNonAscii: fc.boolean(),
  escapeSlash: fc.boolean(),
  trailing: fc.constantFrom('', '\n', ' \r\n'),
});

function str(s: string, st: BodyStyle): string {
  let out = JSON.stringify(s);
  if (st.escapeNonAscii) out = out.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (st.escapeSlash) out = out.replace(/\//g, '\\/');
  return out;
}

function reorder<T>(items: T[], seed: number): T[] {
  if (seed === 0 || items.length < 2) return items;
  const out = [...items];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `value` written out in the style `st` (same JSON value, other bytes) */
export function writeJson(value: unknown, st: BodyStyle, depth = 0): string {
  const pad = (d: number) => (st.indent ? st.newline + st.indent.repeat(d) : '');
  const colon = st.spaced || st.indent ? ': ' : ':';
  const comma = st.spaced && !st.indent ? ', ' : ',';
  const body = (() => {
    if (value === null || typeof value !== 'object') return typeof value === 'string' ? str(value, st) : JSON.stringify(value);
    if (Array.isArray(value)) {
      if (!value.length) return '[]';
      return `[${value.map((v) => pad(depth + 1) + writeJson(v, st, depth + 1)).join(comma)}${pad(depth)}]`;
    }
    const entries = reorder(Object.entries(value as Record<string, unknown>), st.order);
    if (!entries.length) return '{}';
    return `{${entries.map(([k, v]) => pad(depth + 1) + str(k, st) + colon + writeJson(v, st, depth + 1)).join(comma)}${pad(depth)}}`;
  })();
  return depth === 0 ? body + st.trailing : body;
}

/** true when the style writes other bytes than JSON.stringify would */
export function isUnusual(value: unknown, st: BodyStyle): boolean {
  return writeJson(value, st) !== JSON.stringify(value);
}

/** styles every run sends, one unusual trait each, then all of them at once (CON-SIG-008's fixed cases) */
export const FIXED_BODY_STYLES: readonly BodyStyle[] = [
  { indent: '  ', newline: '\n', spaced: false, order: 0, escapeNonAscii: false, escapeSlash: false, trailing: '' },
  { indent: '\t', newline: '\r\n', spaced: false, order: 0, escapeNonAscii: false, escapeSlash: false, trailing: '' },
  { indent: '', newline: '\n', spaced: true, order: 0, escapeNonAscii: false, escapeSlash: false, trailing: '' },
  { indent: '', newline: '\n', spaced: false, order: 7, escapeNonAscii: false, escapeSlash: false, trailing: '' },
  { indent: '', newline: '\n', spaced: false, order: 0, escapeNonAscii: true, escapeSlash: false, trailing: '' },
  { indent: '', newline: '\n', spaced: false, order: 0, escapeNonAscii: false, escapeSlash: true, trailing: '' },
  { indent: '', newline: '\n', spaced: false, order: 0, escapeNonAscii: false, escapeSlash: false, trailing: ' \r\n' },
  { indent: '    ', newline: '\r\n', spaced: true, order: 3, escapeNonAscii: true, escapeSlash: true, trailing: '\n' },
];
