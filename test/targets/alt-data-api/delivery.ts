// Event POSTs to callbacks: own serialisation (keys in given order, no spaces, non-ASCII
// escaped as \uXXXX, trailing newline), signed over exactly the bytes sent.
import { EVENT_TIMEOUT_MS, type Ctx } from './context.ts';
import { sign } from './crc.ts';

export function serialise(payload: unknown): Buffer {
  const text = JSON.stringify(payload ?? null).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Buffer.from(`${text}\n`, 'utf8');
}

export type DeliveryStatus = number | 'timeout' | 'error';

export async function deliver(ctx: Ctx, url: string, payload: unknown): Promise<DeliveryStatus> {
  const body = serialise(payload);
  const r = await ctx.out.send(
    url,
    'POST',
    {
      'content-type': 'application/json',
      'x-vendor-webhooks-signature': sign(ctx.secret, body),
    },
    body,
    EVENT_TIMEOUT_MS,
  );
  return r.ok ? r.status : r.failure;
}
