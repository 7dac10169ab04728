// Escaping for compliance.html: every value from a report reaches the page through these.

/** Text safe in an element or a quoted attribute; control characters become U+FFFD. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const h = escapeHtml;

/** Text safe inside an element (not an attribute): quotes stay as they are, which keeps JSON bodies small. */
export function escapeText(value: unknown): string {
  return String(value ?? '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A value usable in an id attribute and a #fragment: letters, digits, `-` and `_` only. */
export function anchor(prefix: string, value: string): string {
  return `${prefix}-${value.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`)}`;
}
