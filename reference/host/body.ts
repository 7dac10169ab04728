// Reading a request body whole, up to a size cap (what is beyond the cap is read and dropped).

import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= maxBytes) chunks.push(c);
    });
    req.on('end', () => resolve(size > maxBytes ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** How deep JSON bodies may nest (arrays and objects); deeper ones are refused before parsing,
 *  so that no handler recurses through them (JSON.stringify of a 100k-deep array overflows the stack). */
export const MAX_JSON_DEPTH = 64;

/** true when the JSON text nests arrays or objects deeper than `max` (strings are skipped; the text need not be valid) */
export function jsonTooDeep(raw: Buffer, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
