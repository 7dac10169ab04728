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
