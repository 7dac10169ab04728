// Webhook management: POST/GET /2/webhooks, PUT/DELETE /2/webhooks/:id.
import type { ServerResponse } from 'node:http';
import { isObject, type Ctx } from './context.ts';
import { recheck, runCrc } from './crc.ts';
import { problem, send, webhookFailure } from './errors.ts';
import { iso, newId, nowMs, type Webhook } from './store.ts';

/** https, well-formed, no explicit port (an explicit default :443 is dropped, as a WHATWG parser does), no credentials; any path and query. */
export function checkCallbackUrl(raw: unknown): { ok: true; key: string } | { ok: false } {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return { ok: false };
  if (/[\s\\\u0000-\u001f\u007f]/.test(raw)) return { ok: false };
  const m = /^https:\/\/([^/?#]*)/i.exec(raw);
  if (!m) return { ok: false };
  const authority = m[1];
  if (authority === '' || authority.includes('@')) return { ok: false };
  const afterHost = authority.startsWith('[') ? authority.slice(authority.indexOf(']') + 1) : authority;
  if (authority.startsWith('[') && !authority.includes(']')) return { ok: false };
  const port = afterHost.includes(':') ? afterHost.slice(afterHost.indexOf(':')) : '';
  if (port !== '' && port !== ':443') return { ok: false };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false };
  }
  if (u.protocol !== 'https:' || u.hostname === '' || u.port !== '') return { ok: false };
  u.hash = '';
  return { ok: true, key: u.href };
}

function view(w: Webhook) {
  return { id: w.id, url: w.url, valid: w.valid, created_at: w.createdAt };
}

const ID = /^[0-9]{1,19}$/;

export async function createWebhook(ctx: Ctx, res: ServerResponse, body: unknown): Promise<void> {
  const st = ctx.st;
  const url = isObject(body) ? body.url : undefined;
  const given = typeof url === 'string' ? url : JSON.stringify(url ?? null);
  const chk = checkCallbackUrl(url);
  if (!chk.ok || typeof url !== 'string') {
    webhookFailure(res, ctx.base, 'UrlValidationFailed', { url: [given] });
    return;
  }
  const taken = [...st.webhooks.values()].some((w) => w.key === chk.key) || st.pendingKeys.has(chk.key);
  if (taken) {
    webhookFailure(res, ctx.base, 'DuplicateUrlFailed', { url: [url] });
    return;
  }
  if (st.webhooks.size + st.pendingKeys.size >= ctx.maxWebhooks) {
    webhookFailure(res, ctx.base, 'WebhookLimitExceeded', { url: [url] });
    return;
  }
  st.pendingKeys.add(chk.key);
  const crcAt = nowMs(st);
  let ok: boolean;
  try {
    ({ ok } = await runCrc(ctx, url));
  } finally {
    st.pendingKeys.delete(chk.key);
  }
  if (st.dead) {
    problem(res, ctx.base, 503, null, 'Service Unavailable', 'State was reset during registration.');
    return;
  }
  if (!ok) {
    webhookFailure(res, ctx.base, 'CrcValidationFailed', { url: [url] });
    return;
  }
  // created_at with the zero offset +00:00 (UTC, as Z is)
  const createdAt = iso(nowMs(st)).replace(/Z$/, '+00:00');
  const w: Webhook = { id: newId(), url, key: chk.key, valid: true, createdAt, lastCrcMs: crcAt, crcSeq: 0 };
  st.webhooks.set(w.id, w);
  send(res, 200, { data: view(w) });
}

export function listWebhooks(ctx: Ctx, res: ServerResponse): void {
  const data = [...ctx.st.webhooks.values()].map(view);
  send(res, 200, { data, meta: { result_count: data.length } });
}

function find(ctx: Ctx, res: ServerResponse, id: string): Webhook | undefined {
  const w = ID.test(id) ? ctx.st.webhooks.get(id) : undefined;
  if (!w) webhookFailure(res, ctx.base, 'WebhookIdInvalid', { webhook_id: [id] });
  return w;
}

export async function putWebhook(ctx: Ctx, res: ServerResponse, id: string): Promise<void> {
  const st = ctx.st;
  const w = find(ctx, res, id);
  if (!w) return;
  const ok = await recheck(ctx, st, w);
  if (ok) send(res, 200, { data: { valid: true } });
  else webhookFailure(res, ctx.base, 'CrcValidationFailed', { webhook_id: [id] });
}

export function deleteWebhook(ctx: Ctx, res: ServerResponse, id: string): void {
  const st = ctx.st;
  const w = find(ctx, res, id);
  if (!w) return;
  st.webhooks.delete(id);
  const job = st.jobs.get(id);
  if (job?.timer) clearTimeout(job.timer); // a job not yet started is dropped; a running one finds no webhook
  if (job && !job.started) st.jobs.delete(id);
  send(res, 200, { data: { deleted: true } });
}
