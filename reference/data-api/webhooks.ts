// Webhook management: POST/GET /2/webhooks, DELETE and PUT /2/webhooks/:webhook_id.

import { isoMillis, isoSeconds } from '../host/clock.ts';
import { type Incoming, type Reply, isObject, json } from '../host/http.ts';
import { callbackUrlProblem } from './callback-url.ts';
import type { Ctx } from './context.ts';
import { applyCrc, runCrc } from './crc.ts';
import { invalidRequest, webhookFailure } from './problems.ts';
import { type AppState, type Webhook, laxIntegerDigits } from './state.ts';

export const WEBHOOK_ID = /^[0-9]{1,19}$/;

export async function createWebhook(ctx: Ctx, req: Incoming): Promise<Reply> {
  const { state } = ctx;
  const given = isObject(req.body) ? req.body.url : undefined;
  const unwrap = ctx.fault('webhook-url-array-unwrapped') && Array.isArray(given) && given.length === 1;
  const url: unknown = unwrap ? given[0] : given;
  const shown = typeof url === 'string' ? [url] : url === undefined ? [] : [JSON.stringify(url)];
  const bad = callbackUrlProblem(ctx, url);
  if (bad !== undefined || typeof url !== 'string') {
    return webhookFailure(ctx, 'UrlValidationFailed', bad ?? 'url is required', { url: shown });
  }
  // which failure reason wins when several apply is not shown: by default the CRC runs last
  const crcFirst = ctx.choice('webhook-crc-first');
  if (!crcFirst) {
    const refusal = admissionProblem(ctx, url);
    if (refusal) return refusal;
  }

  const generation = state.generation;
  const crcAt = ctx.clock.nowMs();
  // the faults: no CRC before the answer (none at all, or one sent after it, or none for a URL whose
  // deleted webhook passed one within the hour)
  const unchecked = ctx.fault('crc-skipped-on-register') || ctx.fault('crc-after-answer') || passedLately(ctx, url);
  const crc = unchecked ? { passed: true, detail: 'not checked' } : await runCrc(ctx, url, 'register');
  // fault admission-before-crc-only: the limit and duplicates checked before the CRC only, so
  // registrations side by side all pass them
  if (crc.passed && !ctx.fault('admission-before-crc-only')) {
    const late = admissionProblem(ctx, url); // another request may have registered meanwhile
    if (late) return late;
  }
  // a reset during the CRC dropped the state this webhook was meant for
  const stored = (crc.passed || ctx.fault('crc-fail-still-creates')) && state.generation === generation;
  const w: Webhook = {
    id: state.newWebhookId(ctx.choice('webhook-ids-small')),
    url,
    valid: crc.passed,
    createdAt: ctx.clock.nowMs(),
    lastCrcAt: crcAt,
    everInvalid: !crc.passed,
  };
  if (stored && !ctx.fault('register-not-stored')) state.webhooks.push(w);
  if (ctx.fault('crc-after-answer')) crcLater(ctx, w);
  if (!crc.passed) {
    const reason = ctx.fault('crc-fail-wrong-reason') ? 'UrlValidationFailed' : 'CrcValidationFailed';
    return webhookFailure(ctx, reason, `the callback did not answer the CRC correctly: ${crc.detail}`, { url: [url] });
  }
  const createdAt = ctx.fault('created-at-no-millis') ? isoSeconds(w.createdAt) : timestamp(ctx, w.createdAt);
  return json(200, { data: { id: w.id, url: w.url, valid: w.valid, created_at: createdAt, ...extraMembers(ctx, w) } });
}

/** fault crc-skipped-on-reregister: a deleted webhook of `url` passed its last CRC within the hour */
function passedLately(ctx: Ctx, url: string): boolean {
  const hourAgo = ctx.clock.nowMs() - 3_600_000;
  return ctx.fault('crc-skipped-on-reregister') && ctx.state.deleted.some((d) => d.url === url && d.valid && d.lastCrcAt > hourAgo);
}

/** the crc-after-answer fault: the registration CRC a moment after the answer, its outcome applied then */
function crcLater(ctx: Ctx, w: Webhook): void {
  const generation = ctx.state.generation;
  setTimeout(() => {
    if (ctx.state.generation !== generation) return;
    const at = ctx.clock.nowMs();
    void runCrc(ctx, w.url, 'register').then(({ passed }) => applyCrc(w, passed, at));
  }, 100).unref();
}

/** an ISO 8601 UTC timestamp with milliseconds: ending in Z, or in +00:00 under the timestamps-zero-offset choice */
export function timestamp(ctx: Ctx, ms: number): string {
  const iso = isoMillis(ms);
  return ctx.choice('timestamps-zero-offset') ? iso.replace(/Z$/, '+00:00') : iso;
}

/** members of a webhook config the document does not list (answers-extra-members choice) */
function extraMembers(ctx: Ctx, w: Webhook): Record<string, unknown> {
  return ctx.choice('answers-extra-members') ? { crc_checked_at: timestamp(ctx, w.lastCrcAt) } : {};
}

/** what two callback urls are compared as: the string, or its WHATWG form without fragment (duplicate-url-normalized choice) */
function urlKey(ctx: Ctx, url: string): string {
  if (!ctx.choice('duplicate-url-normalized') || !URL.canParse(url)) return url;
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/** DuplicateUrlFailed or WebhookLimitExceeded, when either applies */
function admissionProblem(ctx: Ctx, url: string): Reply | undefined {
  const duplicate = duplicateProblem(ctx, url);
  const limit = limitProblem(ctx, url);
  return ctx.choice('webhook-limit-before-duplicate') ? (limit ?? duplicate) : (duplicate ?? limit);
}

function duplicateProblem(ctx: Ctx, url: string): Reply | undefined {
  const retired = ctx.fault('delete-keeps-url') ? ctx.state.deleted : [];
  // the fault: the webhooks of every app count, not only this app's
  const others = ctx.fault('duplicate-url-across-apps') ? ctx.apps().flatMap((a) => (a === ctx.state ? [] : a.webhooks)) : [];
  const key = urlKey(ctx, url);
  if (!ctx.fault('allow-duplicate-url') && [...ctx.state.webhooks, ...retired, ...others].some((w) => urlKey(ctx, w.url) === key)) {
    return webhookFailure(ctx, 'DuplicateUrlFailed', 'the application already has a webhook for this url', { url: [url] });
  }
  return undefined;
}

function limitProblem(ctx: Ctx, url: string): Reply | undefined {
  // the faults: deleted webhooks that keep a slot (those deleted at the limit; every one kept in the list)
  const held = ctx.fault('delete-slot-held') ? ctx.state.slotsHeld : ctx.fault('delete-keeps-counted') ? ctx.state.ghosts.length : 0;
  if (!ctx.fault('no-webhook-limit') && ctx.state.webhooks.length + held >= ctx.settings.maxWebhooks) {
    return webhookFailure(ctx, 'WebhookLimitExceeded', `the application reached its maximum of ${ctx.settings.maxWebhooks} webhooks`, {
      url: [url],
    });
  }
  return undefined;
}

export function listWebhooks(ctx: Ctx): Reply {
  const oldestFirst = [...ctx.state.webhooks, ...ctx.state.ghosts].sort((a, b) => a.createdAt - b.createdAt);
  // the order of the list is not shown
  const shown = ctx.choice('list-newest-first') ? [...oldestFirst].reverse() : oldestFirst;
  const createdAt = (w: Webhook) => (ctx.fault('list-created-at-last-crc') ? w.lastCrcAt : w.createdAt);
  const data = shown.map((w) => ({
    created_at: timestamp(ctx, createdAt(w)),
    id: w.id,
    url: w.url,
    valid: w.valid,
    ...extraMembers(ctx, w),
  }));
  const extra =
    ctx.choice('answers-extra-members') && oldestFirst.length > 0
      ? { newest_id: oldestFirst[oldestFirst.length - 1].id, oldest_id: oldestFirst[0].id }
      : {};
  // fault result-count-deleted: result_count also counts the app's deleted webhooks
  const meta = { result_count: data.length + (ctx.fault('result-count-deleted') ? ctx.state.deleted.length : 0), ...extra };
  if (data.length > 0 && ctx.fault('list-missing-meta')) return json(200, { data });
  if (data.length === 0 && ctx.fault('empty-list-omits-data')) return json(200, { meta });
  return json(200, { data, meta });
}

/** an id of the pattern as the state knows it: itself, or without leading zeros under the webhook-ids-numeric choice */
export function numericId(ctx: Ctx, id: string): string {
  return ctx.choice('webhook-ids-numeric') ? id.replace(/^0+(?=\d)/, '') : id;
}

/** the webhook a path id names: exact match of ^[0-9]{1,19}$ (or parseInt-like under lax-id-parse) */
function lookup(ctx: Ctx, rawId: string): Webhook | undefined {
  const id = ctx.fault('lax-id-parse') ? laxIntegerDigits(rawId) : WEBHOOK_ID.test(rawId) ? numericId(ctx, rawId) : undefined;
  if (id === undefined) return undefined;
  const own = ctx.state.findWebhook(id);
  // the fault: an id of no webhook of this app is looked up among the other apps' webhooks
  if (own || !ctx.fault('foreign-webhook-ids-accepted')) return own;
  return ctx
    .apps()
    .map((a) => a.findWebhook(id))
    .find((w) => w !== undefined);
}

/** the app whose webhooks hold `w`: this app's, or (the foreign-webhook-ids-accepted fault) another's */
function holderOf(ctx: Ctx, w: Webhook): AppState {
  return ctx.apps().find((a) => a.webhooks.includes(w)) ?? ctx.state;
}

function idInvalid(ctx: Ctx, rawId: string): Reply {
  return webhookFailure(ctx, 'WebhookIdInvalid', 'the webhook id was not found for this application', { webhook_id: [rawId] });
}

export function deleteWebhook(ctx: Ctx, rawId: string): Reply {
  const found = lookup(ctx, rawId);
  // fault delete-refused: no webhook can be deleted (the id refused as invalid), every one stays
  const w = (found && !found.valid && ctx.fault('delete-invalid-refused')) || ctx.fault('delete-refused') ? undefined : found;
  if (!w) {
    if (ctx.fault('delete-unknown-ok') && WEBHOOK_ID.test(rawId)) return json(200, { data: { deleted: false } });
    return idInvalid(ctx, rawId);
  }
  const app = holderOf(ctx, w);
  if (app.webhooks.length >= ctx.settings.maxWebhooks) app.slotsHeld++;
  app.deleted.push(w);
  app.webhooks = app.webhooks.filter((x) => x !== w);
  if (ctx.fault('delete-keeps') || ctx.fault('delete-keeps-counted')) ctx.state.ghosts.push(w);
  return json(200, { data: { deleted: true, ...(ctx.choice('answers-extra-members') ? { id: w.id } : {}) } });
}

export async function revalidateWebhook(ctx: Ctx, rawId: string): Promise<Reply> {
  const w = lookup(ctx, rawId);
  if (!w) {
    if (ctx.fault('put-unknown-ok') && WEBHOOK_ID.test(rawId)) return json(200, { data: { valid: false } });
    return idInvalid(ctx, rawId);
  }
  if (ctx.fault('put-skips-crc')) return json(200, { data: { valid: w.valid } });
  const crcAt = ctx.clock.nowMs();
  const wasValid = w.valid;
  const { passed } = await runCrc(ctx, w.url, 'put');
  let answer = passed;
  if (passed && !wasValid && ctx.fault('put-no-reenable')) {
    w.lastCrcAt = crcAt;
    answer = false;
  } else if (!passed && ctx.fault('put-fail-keeps-valid')) {
    w.lastCrcAt = crcAt;
  } else {
    applyCrc(w, passed, crcAt);
  }
  if (ctx.fault('put-answers-attempted')) return json(200, { data: { attempted: true } });
  if (!answer && ctx.fault('put-crc-failure-unnamed')) {
    return invalidRequest(ctx, [{ message: 'the callback did not answer the CRC correctly', parameters: { webhook_id: [w.id] } }]);
  }
  // the state table names CrcValidationFailed for a failing PUT; the endpoint table answers valid false: either
  if (!answer && ctx.choice('put-crc-failure-refused')) {
    return webhookFailure(ctx, 'CrcValidationFailed', 'the callback did not answer the CRC correctly; the webhook is marked invalid', {
      webhook_id: [w.id],
    });
  }
  return json(200, { data: { valid: answer, ...(ctx.choice('answers-extra-members') ? { attempted: true } : {}) } });
}
