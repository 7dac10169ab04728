// Challenge-response check and HMAC signing.
import { createHmac, randomBytes } from 'node:crypto';
import { CRC_TIMEOUT_MS, HOUR_MS, isObject, type Ctx } from './context.ts';
import { nowMs, type State, type Webhook } from './store.ts';

/** "sha256=" + Base64(HMAC-SHA-256(secret, data)) */
export function sign(secret: string, data: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(data).digest('base64')}`;
}

/** Callback URL with the fragment dropped and crc_token appended to the query as given. */
function crcUrl(url: string, token: string): string {
  const noFrag = url.split('#')[0];
  const sep = noFrag.includes('?') ? (/[?&]$/.test(noFrag) ? '' : '&') : '?';
  return `${noFrag}${sep}crc_token=${encodeURIComponent(token)}`;
}

/** One CRC: passes only on HTTP 200 whose JSON body has response_token exactly right. */
export async function runCrc(ctx: Ctx, url: string): Promise<{ ok: boolean; why: string }> {
  const token = randomBytes(24).toString('base64url');
  const r = await ctx.out.send(crcUrl(url, token), 'GET', { accept: 'application/json' }, undefined, CRC_TIMEOUT_MS);
  if (!r.ok) return { ok: false, why: r.failure };
  if (r.status !== 200) return { ok: false, why: `status ${r.status}` };
  let body: unknown;
  try {
    body = JSON.parse(r.body.toString('utf8'));
  } catch {
    return { ok: false, why: 'not JSON' };
  }
  if (!isObject(body) || body.response_token !== sign(ctx.secret, token)) return { ok: false, why: 'wrong response_token' };
  return { ok: true, why: 'ok' };
}

/** CRC of a stored webhook; the result sets `valid` unless a newer check started meanwhile. */
export async function recheck(ctx: Ctx, st: State, wh: Webhook, lost = false): Promise<boolean> {
  const seq = ++wh.crcSeq;
  wh.lastCrcMs = nowMs(st);
  const { ok } = lost ? { ok: false } : await runCrc(ctx, wh.url);
  if (seq === wh.crcSeq && !st.dead) wh.valid = ok;
  return ok;
}

/** The hourly CRC: every webhook (or only those whose last CRC is at least an hour old). */
export async function sweep(ctx: Ctx, st: State, onlyStale: boolean): Promise<Array<{ webhook_id: string; valid: boolean }>> {
  const now = nowMs(st);
  const due = [...st.webhooks.values()].filter((w) => !onlyStale || now - w.lastCrcMs >= HOUR_MS);
  return Promise.all(
    due.map(async (w) => {
      await recheck(ctx, st, w, ctx.loseHourlyCrc?.(w) ?? false);
      return { webhook_id: w.id, valid: w.valid };
    }),
  );
}
