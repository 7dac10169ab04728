// Registering callbacks and reading the app's webhooks back.
import type { DataCtx } from '../api.ts';
import type { CrcBehaviour, DataHook as Hook, EventBehaviour } from '../callbacks/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { DeletedWebhook } from '../client/data-api.ts';
import { namedReasons, type WebhookFailureReason } from '../verdicts/failure-reasons.ts';
import { isSuccess, short } from '../verdicts/http.ts';
import { setupStep } from './steps.ts';

export interface Webhook {
  id: string;
  url: string;
  valid: boolean;
  created_at: string;
}

export function hook(ctx: DataCtx, crc: CrcBehaviour = 'correct', events: EventBehaviour = 'accept', pathSuffix?: string): Hook {
  const h = ctx.api.hook(ctx.receiver, { crc, events, pathSuffix });
  ctx.defer(async () => h.release());
  return h;
}

/**
 * Registers a fresh callback that answers the CRC correctly: a step the rule needs, not what it
 * examines. When it fails the rule ends in `error`; when the target refuses it for its webhook
 * limit, the rule needs more webhooks than the target offers (not checkable, saying so).
 */
export async function registerValid(
  ctx: DataCtx,
  events: EventBehaviour = 'accept',
  o: { refused?: (res: HttpResult) => Promise<void> } = {},
): Promise<{ hook: Hook; id: string; res: HttpResult }> {
  const h = hook(ctx, 'correct', events);
  const res = await ctx.api.data.createWebhook(h.url);
  const id = (res.body as { data?: { id?: unknown } } | undefined)?.data?.id;
  // `refused`: what the rule judges of a refusal before it is put down to another reason
  if (!isSuccess(res) && o.refused) await o.refused(res);
  refusedForAnotherReason(ctx, res, h.crcRequests().length > 0);
  ctx.setup(
    res.status === 200 && typeof id === 'string',
    `registering a callback that answers the CRC correctly (POST /2/webhooks): expected 200 with data.id, got ${short(res)}`,
  );
  return { hook: h, id, res };
}

/**
 * the failure reasons the document gives POST /2/webhooks besides CrcValidationFailed (Errors ›
 * Webhook failure reasons): the CRC is what the callers examine, so naming it is never another reason
 */
const OTHER_REASONS = [
  'UrlValidationFailed',
  'DuplicateUrlFailed',
  'WebhookLimitExceeded',
] as const satisfies readonly WebhookFailureReason[];

/** what each reason, named for a fresh callback URL of the receiver, says happened */
const MEANING: Record<(typeof OTHER_REASONS)[number], string> = {
  UrlValidationFailed: 'the target holds the receiver’s callback URL invalid (see WH-URL-005, receiver.publicBaseUrl)',
  DuplicateUrlFailed: 'the target holds the fresh callback URL, which no webhook of the run has, a duplicate (see WH-URL-004)',
  WebhookLimitExceeded: 'the target counts a webhook the run no longer holds, such as a deleted one (see WH-DEL-005, WH-LC-004)',
};

/** what a reason says of the run's webhooks whose DELETE was not answered with a success (naming the first three) */
export function undeletedNamed(ids: readonly string[]): string {
  return `whose DELETE was not answered with a success (${ids.slice(0, 3).join(', ')}; the run's cleanup problems say what each answered)`;
}

/**
 * "(none) | POST /2/webhooks | CRC fails or another failure reason applies | no webhook created |
 * failure reason given" (States and transitions): a registration of a fresh callback URL refused
 * naming a documented failure reason other than CrcValidationFailed and those the rule judges
 * (`judged`) was refused for another reason, which the document allows before any CRC. The rule examined nothing it names: not
 * checkable when it needs more webhooks than the target allows (WebhookLimitExceeded with the limit
 * unknown or reached by the run's own webhooks), else `error`, naming the reason. Nothing when the
 * answer is a success, names a judged reason, or names none of the others. `called`: the target sent
 * a CRC to the callback (the limit and duplicates may be checked after it: which reason is named
 * when several apply is not shown).
 */
export function refusedForAnotherReason(
  ctx: DataCtx,
  res: HttpResult,
  called: boolean,
  judged: readonly WebhookFailureReason[] = [],
): void {
  if (isSuccess(res)) return;
  const reasons = namedReasons(res);
  if ((['CrcValidationFailed', ...judged] as const).some((r) => reasons.includes(r))) return;
  // a target that sent its CRC to the URL took the URL for valid: UrlValidationFailed then names no other reason
  const named = OTHER_REASONS.filter((r) => !judged.includes(r) && !(called && r === 'UrlValidationFailed') && reasons.includes(r));
  if (named.length === 0) return;
  const max = ctx.api.maxWebhooks;
  const holding = ctx.api.data.createdIds().length;
  const limit = named.includes('WebhookLimitExceeded');
  // webhooks of the run the target would not delete fill the app: the rule needs no more than it allows
  const stuck = ctx.api.data.undeletedIds();
  if (limit && stuck.length > 0)
    ctx.setup(
      false,
      `POST /2/webhooks of a fresh callback URL was refused with WebhookLimitExceeded while the app holds ${stuck.length} webhook(s) of this run ${undeletedNamed(stuck)}: ${short(res)}`,
    );
  if (limit && (max === undefined || holding >= max))
    ctx.notCheckable(
      `needs ${holding + 1} webhooks at once; the target allows ${max ?? 'fewer'} (it refused webhook ${holding + 1} with WebhookLimitExceeded; webhooks the app had before the run count towards its limit)`,
    );
  const held = limit ? ` while the run held ${holding} of its ${max} webhooks` : '';
  ctx.setup(
    false,
    `POST /2/webhooks of a fresh callback URL was refused naming ${named.join(' and ')}${held} ("another failure reason applies": no CRC needed, nothing for this rule to examine); ${named.map((r) => MEANING[r]).join('; ')}: ${short(res)}`,
  );
}

/**
 * An id of no webhook of the app: one this rule registered and deleted (a setup step). A fixed id
 * such as "1" may be the id of another rule's webhook: ids of 1 to 19 digits, counting from 1, are
 * as documented as 19-digit ones (Webhook config: id, 1 to 19 digits).
 */
export async function deletedId(ctx: DataCtx): Promise<string> {
  const { id } = await registerValid(ctx);
  const del = await ctx.api.data.deleteWebhook(id);
  ctx.setup(del.status === 200, `DELETE /2/webhooks/${id} of a fresh webhook was not accepted (see WH-LC-004): ${short(del)}`);
  return id;
}

/** The app's webhooks, read leniently (the shape itself is checked by WH-LC-002/003); reading them is a means, not an examination. */
export async function listed(ctx: DataCtx): Promise<Webhook[]> {
  const res = await ctx.api.data.listWebhooks();
  ctx.setup(res.status === 200, `reading the webhooks back (GET /2/webhooks): expected 200, got ${short(res)}`);
  const data = (res.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Webhook[]) : [];
}

/** the States row of DELETE, which the rules about deleted webhooks quote */
export const DELETE_ROW =
  '"valid = true or false | DELETE /2/webhooks/:webhook_id | id known to the application | removed | data.deleted = true" (States and transitions)';

/** the failure reason of the limit, which the rules about the app's webhook slots quote */
export const LIMIT_ROW =
  '"WebhookLimitExceeded | POST /2/webhooks | the application reached its maximum number of webhooks" (Errors › Webhook failure reasons)';

/** a webhook this run deleted that a list read after its DELETE's answer still shows */
export interface KeptWebhook {
  listed: Webhook;
  deleted: DeletedWebhook;
}

/**
 * The app's webhooks as GET /2/webhooks lists them, told apart: those this run deleted that it
 * still lists (`kept`: the same id and URL, the list read after their DELETE was answered with a
 * success), and the others (`app`): a webhook removed is none of the app's ("removed", States and
 * transitions), whether or not the target still lists it or counts it.
 */
export async function appWebhooks(ctx: DataCtx): Promise<{ app: Webhook[]; kept: KeptWebhook[]; deleted: DeletedWebhook[] }> {
  // taken before the list is read: each of these DELETEs was answered before the GET was sent
  const deleted = ctx.api.data.deletedWebhooks();
  const byId = new Map(deleted.map((d) => [d.id, d]));
  const app: Webhook[] = [];
  const kept: KeptWebhook[] = [];
  for (const w of await listed(ctx)) {
    const d = byId.get(w.id);
    if (d && (d.url === undefined || d.url === w.url)) kept.push({ listed: w, deleted: d });
    else app.push(w);
  }
  return { app, kept, deleted };
}

/** the webhooks this run deleted that the list still shows, named for a message */
export function keptNames(kept: readonly KeptWebhook[]): string {
  return kept.map((k) => `webhook ${k.deleted.id} (${k.listed.url}; its DELETE answered ${k.deleted.answer})`).join('; ');
}

/**
 * Every webhook this run deleted so far (DELETE answered with a success) is gone from the list: each
 * one judged counts as examined. A target that still lists one fails, the States row quoted.
 */
export async function expectDeletedGone(ctx: DataCtx): Promise<void> {
  const { kept, deleted } = await appWebhooks(ctx);
  ctx.checkEach(
    deleted.length,
    kept.length === 0,
    `GET /2/webhooks still lists ${kept.length === 1 ? 'a webhook' : `${kept.length} webhooks`} this run deleted: ${keptNames(kept)}. ${DELETE_ROW}`,
  );
}

export async function findListed(ctx: DataCtx, by: { id?: string; url?: string }): Promise<Webhook | undefined> {
  return (await listed(ctx)).find((w) => (by.id === undefined || w.id === by.id) && (by.url === undefined || w.url === by.url));
}

/**
 * No webhook for `url` is listed. One the target made anyway is deleted at once: an answer that was
 * not a success tracked no id for the cleanup, and the rule may hold room for no more than one.
 */
export async function expectNotListed(ctx: DataCtx, url: string, what: string): Promise<void> {
  const found = (await listed(ctx)).filter((w) => w.url === url);
  for (const w of found) await ctx.api.data.deleteWebhook(w.id);
  ctx.check(found.length === 0, `${what}: a webhook for ${url} exists afterwards (id ${found.map((w) => w.id).join(', ')})`);
}

/**
 * A registration that must be refused, of a fresh callback URL: `send` posts it, `judge` judges the
 * answer, then the URL must not be listed, and a webhook made anyway is deleted at once
 * (expectNotListed). Sent one at a time, such registrations need room for one webhook beside the
 * rule's own, not the whole list.
 */
export async function refusedRegistration(
  ctx: DataCtx,
  what: string,
  send: (url: string) => Promise<HttpResult>,
  judge: (res: HttpResult) => void,
): Promise<void> {
  const { url } = hook(ctx);
  judge(await send(url));
  await expectNotListed(ctx, url, what);
}

/** Marks a webhook invalid through a failing PUT CRC (a setup step: `error` when the target will not). */
export async function makeInvalid(ctx: DataCtx, h: Hook, id: string, o: { keepFailing?: boolean } = {}): Promise<void> {
  h.setCrc('wrong-key');
  const crcsBefore = h.crcRequests().length;
  const sent = new Date().toISOString();
  const put = await ctx.api.data.putWebhook(id);
  const w = await findListed(ctx, { id });
  // what was seen, to tell a target that skipped the CRC from a PUT that failed on its way, or from a
  // CRC of another cause that passed meanwhile
  const meanwhile = h.crcRequests().slice(crcsBefore);
  const each = meanwhile.map((r) => `at ${r.at.slice(11, 23)} answered ${h.answeredWith(r.seq) ?? '?'} (${r.answered})`).join(', ');
  ctx.setup(
    w?.valid === false,
    `a PUT with a failing CRC did not mark the webhook invalid (see WH-LC-005), so this rule cannot be set up: the PUT answered ${short(put, 120)} (sent at ${sent.slice(11, 23)}); ` +
      `the receiver got ${meanwhile.length} CRC request(s) for it meanwhile${each ? `: ${each}` : ''}; the list then showed ${w ? `valid ${JSON.stringify(w.valid)}` : 'no such webhook'}`,
  );
  // `keepFailing`: the rule judges the webhook invalid for a while, and the hourly CRC may check (and
  // re-enable) an invalid webhook (not shown): on a shared clock another rule may bring one meanwhile
  if (!o.keepFailing) h.setCrc('correct');
}

/** Re-enables an invalid webhook through a passing PUT CRC (a setup step: `error` when the target will not). */
export async function reEnable(ctx: DataCtx, id: string): Promise<void> {
  const put = await ctx.api.data.putWebhook(id);
  const w = await findListed(ctx, { id });
  ctx.setup(
    put.status === 200 && w?.valid === true,
    `a PUT with a passing CRC did not re-enable the webhook (see WH-LC-006): ${short(put)}`,
  );
}

/**
 * Runs the hourly CRC: the clock moved at least an hour on, or a CRC sweep. Its callers judge what
 * an hour brings, and any longer brings it too: on the shared clock, a rule waiting for a later time
 * takes the clock past the hour in the same move (harness/engine/shared-clock.ts).
 */
export async function hourlyCrc(ctx: DataCtx): Promise<void> {
  const control = ctx.api.control;
  if (ctx.has('control.clock'))
    await setupStep('moving the clock an hour on (POST /clock)', () => control.advance(3601, { orLater: true }));
  else await setupStep('running the hourly CRC (POST /crc-sweep)', () => control.crcSweep());
}
