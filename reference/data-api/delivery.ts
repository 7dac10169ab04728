// Event delivery: signed POSTs of event payloads to every valid webhook, each attempt logged
// (with its JSON body) for replay jobs. Signature: "sha256=" + Base64 HMAC-SHA-256 over the raw body, consumer secret as key.

import { createHmac } from 'node:crypto';
import type { Ctx } from './context.ts';
import type { Webhook } from './state.ts';

export const SIGNATURE_HEADER = 'x-vendor-webhooks-signature';

export interface EventInput {
  id: string;
  kind: string;
  payload: unknown;
}

export interface DeliveryReport {
  event_id: string;
  webhook_id: string;
  status: number | 'error';
}

export function signature(key: string, rawBody: Buffer): string {
  return `sha256=${createHmac('sha256', key).update(rawBody).digest('base64')}`;
}

/** POSTs a raw body to a callback URL; the signature header is computed over `signedBytes` (the body itself unless a fault says otherwise) */
export async function postToCallback(
  ctx: Ctx,
  url: string,
  rawBody: Buffer,
  contentType: string,
  sign: { key: string; over?: Buffer; header?: string; bare?: boolean } | undefined,
  method: 'POST' | 'PUT' = 'POST',
): Promise<number | 'error'> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (sign) {
    const value = signature(sign.key, sign.over ?? rawBody);
    headers[sign.header ?? SIGNATURE_HEADER] = sign.bare ? value.slice('sha256='.length) : value;
  }
  const r = await ctx.outbound.send({ method, url, headers, body: rawBody, timeoutMs: ctx.settings.deliveryTimeoutMs });
  return r.status ?? 'error';
}

interface LiveBody {
  body: Buffer;
  contentType: string;
  /** the bytes the signature covers (the body itself, unless a fault says otherwise) */
  signedOver: Buffer;
  /** the JSON body logged for replay jobs */
  logged: Buffer;
  /** the content type replay jobs send it with */
  loggedType: string;
}

/** the body of a live event POST: JSON.stringify(payload), unless a fault changes it */
function encodeLive(ctx: Ctx, payload: unknown): LiveBody {
  const compact = Buffer.from(JSON.stringify(payload), 'utf8');
  if (ctx.fault('sign-reserialized')) {
    const pretty = Buffer.from(JSON.stringify(payload, null, 2), 'utf8');
    return { body: pretty, contentType: 'application/json', signedOver: compact, logged: pretty, loggedType: 'application/json' };
  }
  if (ctx.fault('event-form-encoded')) {
    const body = Buffer.from(`payload=${encodeURIComponent(compact.toString('utf8'))}`, 'utf8');
    return { body, contentType: 'application/x-www-form-urlencoded', signedOver: body, logged: compact, loggedType: 'application/json' };
  }
  if (ctx.choice('event-json-reserialized')) {
    // "JSON bodies": the bytes of the JSON and the media type's parameters are not shown
    const text = `${JSON.stringify(payload, null, 2).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
    const body = Buffer.from(text, 'utf8');
    return {
      body,
      contentType: 'application/json; charset=utf-8',
      signedOver: body,
      logged: body,
      loggedType: 'application/json; charset=utf-8',
    };
  }
  // fault sign-first-kib: the signature covers the first 1024 bytes of the body only
  const signedOver = ctx.fault('sign-first-kib') ? compact.subarray(0, 1024) : compact;
  return { body: compact, contentType: 'application/json', signedOver, logged: compact, loggedType: 'application/json' };
}

/** A live event POST; under the event-retry-non-2xx choice an answer other than 2xx (or none) is followed by one more try at once. */
async function sendLive(ctx: Ctx, url: string, live: LiveBody, key: string | undefined): Promise<number | 'error'> {
  // the faults: another method, another header name, the digest without its prefix, no signature (`key` undefined)
  const sign =
    key === undefined
      ? undefined
      : {
          key,
          over: live.signedOver,
          ...(ctx.fault('signature-header-renamed') ? { header: 'x-twitter-webhooks-signature' } : {}),
          ...(ctx.fault('sign-no-prefix') ? { bare: true } : {}),
        };
  const once = () => postToCallback(ctx, url, live.body, live.contentType, sign, ctx.fault('event-method-put') ? 'PUT' : 'POST');
  const status = await once();
  const ok = typeof status === 'number' && status >= 200 && status < 300;
  return ok || !ctx.choice('event-retry-non-2xx') ? status : once();
}

/** What happens to a live event for one webhook: sent and logged (valid webhooks), or nothing
 *  (invalid ones). Two faults add: sent but not logged, and logged but not sent. */
function plan(ctx: Ctx, w: Webhook, activity: boolean): { send: boolean; log: boolean } {
  if (!w.valid) {
    const leaks =
      ctx.fault('deliver-to-invalid') ||
      (activity && ctx.fault('activity-to-invalid')) ||
      (ctx.fault('deliver-after-hourly-fail') && w.lastCrcBy === 'hourly');
    return leaks ? { send: true, log: false } : { send: false, log: false };
  }
  if (w.everInvalid && ctx.fault('no-reenable-events')) return { send: false, log: true };
  if (ctx.fault('recreated-url-no-events') && ctx.state.deleted.some((d) => d !== w && d.url === w.url)) return { send: false, log: true };
  return { send: true, log: true };
}

/**
 * records each event at virtual now and delivers it to every valid webhook, one event after the
 * other; `only`: to those of the webhooks it keeps (an activity subscription's); `activity`: the
 * events of a user's actions (TARGET-CONTRACT §3b), not of control /events
 */
export async function deliverEvents(
  ctx: Ctx,
  events: EventInput[],
  only: (w: Webhook) => boolean = () => true,
  activity = false,
): Promise<DeliveryReport[]> {
  const { state, settings } = ctx;
  const generation = state.generation;
  // fault activity-unsigned: what a user's activity gives goes unsigned
  const unsigned = activity && ctx.fault('activity-unsigned');
  const key = unsigned ? undefined : ctx.fault('sign-with-bearer') ? settings.bearerToken : settings.consumerSecret;
  const reports: DeliveryReport[] = [];
  for (const ev of events) {
    if (state.generation !== generation) break;
    const at = ctx.clock.nowMs();
    state.events.push({ id: ev.id, kind: ev.kind, payload: ev.payload, at });
    const live = encodeLive(ctx, ev.payload);
    const kept = ctx.fault('delete-keeps-calling') || (activity && ctx.fault('activity-to-deleted')) ? state.deleted : [];
    const targets = [...state.webhooks, ...kept]
      .filter(only)
      .map((w) => ({ w, ...plan(ctx, w, activity) }))
      .filter((t) => t.send || t.log);
    const statuses = await Promise.all(
      targets.map((t) => (t.send ? sendLive(ctx, t.w.url, live, key) : Promise.resolve('error' as const))),
    );
    const recorded = !(activity && ctx.fault('activity-not-recorded'));
    targets.forEach((t, i) => {
      const status = statuses[i];
      if (t.log && recorded && state.generation === generation) {
        state.attempts.push({ eventId: ev.id, webhookId: t.w.id, at, rawBody: live.logged, contentType: live.loggedType, status });
      }
      reports.push({ event_id: ev.id, webhook_id: t.w.id, status });
    });
  }
  return reports;
}
