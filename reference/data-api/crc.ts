// The challenge-response check: GET <url>?crc_token=..., expecting 200 and
// {"response_token": "sha256=" + base64(HMAC-SHA-256(consumer secret, crc_token))}.
// Also the hourly CRC, run when the virtual clock moves (or on a sweep).

import { createHmac, randomBytes } from 'node:crypto';
import { isObject } from '../host/http.ts';
import type { Ctx } from './context.ts';
import type { Webhook } from './state.ts';

const HOUR_MS = 3_600_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export interface CrcOutcome {
  passed: boolean;
  /** why it failed, for the failure message */
  detail: string;
}

function hmac(key: string, message: string): Buffer {
  return createHmac('sha256', key).update(message, 'utf8').digest();
}

/** the correct answer to a CRC: "sha256=" + Base64 HMAC-SHA-256 keyed with the consumer secret */
export function crcResponseToken(consumerSecret: string, crcToken: string): string {
  return `sha256=${hmac(consumerSecret, crcToken).toString('base64')}`;
}

/** Why a CRC runs. The faults that accept wrong answers act on the registration CRC only, so the
 *  PUT and hourly CRCs other rules use to invalidate a webhook keep working. */
export type CrcPurpose = 'register' | 'put' | 'hourly';

/** the crc_tokens sent to each callback URL so far, per app state (for the crc-accept-earlier-token fault) */
const issued = new WeakMap<object, Map<string, string[]>>();

/** records a crc_token sent to `url` and gives the ones sent to it before */
function earlierTokens(ctx: Ctx, url: string, crcToken: string): string[] {
  const byUrl = issued.get(ctx.state) ?? new Map<string, string[]>();
  issued.set(ctx.state, byUrl);
  const before = byUrl.get(url) ?? [];
  byUrl.set(url, [...before, crcToken]);
  return before;
}

/** the response_token values that pass (only the first one, unless a fault widens it) */
function acceptedTokens(ctx: Ctx, crcToken: string, lax: boolean, earlier: string[] = []): string[] {
  const { consumerSecret, bearerToken } = ctx.settings;
  const key = ctx.fault('crc-key-bearer') ? bearerToken : consumerSecret;
  const digest = hmac(key, crcToken);
  const accepted = [`sha256=${digest.toString('base64')}`];
  // every CRC, not only the registration's: an answer over a crc_token sent before passes
  if (ctx.fault('crc-accept-earlier-token')) accepted.push(...earlier.map((t) => crcResponseToken(key, t)));
  if (lax && ctx.fault('crc-accept-bearer-key')) accepted.push(crcResponseToken(bearerToken, crcToken));
  if (lax && ctx.fault('crc-accept-hex')) accepted.push(`sha256=${digest.toString('hex')}`);
  if (lax && ctx.fault('crc-accept-missing-prefix')) accepted.push(digest.toString('base64'));
  return accepted;
}

/** the callback URL with crc_token added to its query (after an existing query with "&") */
export function crcUrl(url: string, crcToken: string): string {
  const u = new URL(url);
  const param = `crc_token=${encodeURIComponent(crcToken)}`;
  u.search = u.search.length > 1 ? `${u.search}&${param}` : param;
  u.hash = '';
  return u.href;
}

/** a fresh challenge: Base64url, or standard Base64 with + / = under the crc-token-base64 choice */
function newCrcToken(ctx: Ctx): string {
  return ctx.choice('crc-token-base64') ? randomBytes(32).toString('base64') : randomBytes(24).toString('base64url');
}

const fail = (detail: string): CrcOutcome => ({ passed: false, detail });
const pass: CrcOutcome = { passed: true, detail: 'passed' };

export async function runCrc(ctx: Ctx, url: string, purpose: CrcPurpose): Promise<CrcOutcome> {
  const first = await tryCrc(ctx, url, purpose);
  // choice: how many tries a CRC gets is not shown
  return first.passed || !ctx.choice('crc-retry-once') ? first : tryCrc(ctx, url, purpose);
}

/** one CRC GET and its verdict */
async function tryCrc(ctx: Ctx, url: string, purpose: CrcPurpose): Promise<CrcOutcome> {
  const lax = purpose === 'register';
  const crcToken = ctx.fault('crc-empty-token') ? '' : newCrcToken(ctx);
  const earlier = earlierTokens(ctx, url, crcToken);
  let target: string;
  try {
    target = crcUrl(url, crcToken);
  } catch {
    return fail('the callback URL cannot be called');
  }
  const r = await ctx.outbound.send({
    method: 'GET',
    url: target,
    headers: { accept: 'application/json' },
    timeoutMs: ctx.settings.crcTimeoutMs,
    readBodyLimit: MAX_ANSWER_BYTES,
  });
  if (r.timedOut) return lax && ctx.fault('crc-timeout-passes') ? pass : fail(`no answer within ${ctx.settings.crcTimeoutMs} ms`);
  if (r.status === undefined) return fail(`the callback could not be reached (${r.error})`);
  // choice: CRC rules 2 fix the token, not the status of the answer
  if (r.status !== 200 && !ctx.choice('crc-http-error-passes')) return fail(`the callback answered HTTP ${r.status}`);
  let answer: unknown;
  try {
    answer = JSON.parse((r.body ?? Buffer.alloc(0)).toString('utf8'));
  } catch {
    return fail('the answer is not JSON');
  }
  if (lax && typeof answer === 'string' && ctx.fault('crc-accept-bare-string')) {
    return acceptedTokens(ctx, crcToken, lax).includes(answer) ? pass : fail('wrong response_token');
  }
  if (!isObject(answer)) return fail('the answer is not a JSON object');
  const token = lax && ctx.fault('crc-accept-any-field') ? Object.values(answer).find((v) => typeof v === 'string') : answer.response_token;
  if (typeof token !== 'string') return fail('the answer has no response_token string');
  if (lax && ctx.fault('crc-accept-any-sha256') && token.startsWith('sha256=')) return pass;
  const accepted = acceptedTokens(ctx, crcToken, lax, earlier);
  if (lax && ctx.fault('crc-accept-case-insensitive'))
    return accepted.some((a) => a.toLowerCase() === token.toLowerCase()) ? pass : fail('wrong response_token');
  return accepted.includes(token) ? pass : fail('wrong response_token');
}

/** records a CRC outcome on a stored webhook */
export function applyCrc(w: Webhook, passed: boolean, at: number, by: 'put' | 'hourly' = 'put'): void {
  w.lastCrcAt = at;
  w.lastCrcBy = by;
  w.valid = passed;
  if (!passed) w.everInvalid = true;
}

/** The hourly CRC: checks every webhook (or only those whose last CRC is at least an hour old)
 *  concurrently, and marks each valid or invalid by the outcome. */
export async function crcSweep(ctx: Ctx, onlyDue: boolean): Promise<{ webhook_id: string; valid: boolean }[]> {
  const now = ctx.clock.nowMs();
  const kept = ctx.fault('delete-keeps-calling') ? ctx.state.deleted : [];
  // choice: only valid webhooks get the hourly CRC (the state table has an hourly row for valid = true only)
  const skipped = (w: Webhook) =>
    (ctx.fault('hourly-crc-skips-passed') && w.lastCrcBy === 'hourly' && w.valid) || (ctx.choice('hourly-crc-valid-only') && !w.valid);
  const due = [...ctx.state.webhooks, ...kept].filter((w) => (!onlyDue || now - w.lastCrcAt >= HOUR_MS) && !skipped(w));
  if (ctx.fault('no-hourly-crc')) return due.map((w) => ({ webhook_id: w.id, valid: w.valid }));
  const generation = ctx.state.generation;
  const outcomes = await Promise.all(due.map((w) => runCrc(ctx, w.url, 'hourly')));
  return due.map((w, i) => {
    const passed = outcomes[i].passed;
    if (ctx.state.generation === generation) {
      if (!passed && ctx.fault('hourly-fail-keeps-valid')) w.lastCrcAt = now;
      else if (passed && !w.valid && ctx.fault('hourly-pass-keeps-invalid')) w.lastCrcAt = now;
      else applyCrc(w, passed, now, 'hourly');
    }
    return { webhook_id: w.id, valid: w.valid };
  });
}
