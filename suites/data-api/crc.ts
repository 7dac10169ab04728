// CRC rules: what the target sends, which answers it accepts, when it checks.
import type { DataCheck, DataCtx } from './api.ts';
import { correctToken, type DataHook, type InboundRequest, signatureInspector } from './callbacks/index.ts';
import { WRONG_CRC_ANSWERS } from './rules.ts';
import { expectRefusedWith, failureForm, isSuccess, short } from './verdicts/http.ts';
import { expectNotListed, findListed, hook, hourlyCrc, reEnable, refusedForAnotherReason, registerValid } from './setup/webhooks.ts';

const wrongAnswer =
  (behaviour: (typeof WRONG_CRC_ANSWERS)[number]['behaviour']): DataCheck =>
  async (ctx: DataCtx) => {
    const h = hook(ctx, behaviour);
    // a held CRC ('timeout'): the target answers only once it gives up on the CRC, so the call waits
    // for the hold (limits.callbackHoldMs) and then as long as any call (limits.requestTimeoutMs)
    const { callbackHoldMs: holdMs, requestTimeoutMs } = ctx.config.limits;
    const held = behaviour === 'timeout';
    const res = await ctx.api.data.createWebhook(h.url, 'valid', held ? holdMs + requestTimeoutMs : undefined);
    const answeredAt = Date.now();
    h.release();
    const crc = h.crcRequests()[0];
    // the receiver lets a held CRC go (503) once limits.callbackHoldMs has passed: a target that waited
    // that long got an answer before it gave up, so no timeout was seen
    if (held && crc && answeredAt - new Date(crc.at).getTime() >= holdMs)
      ctx.notCheckable(
        `the target waited for the CRC at least limits.callbackHoldMs (${holdMs} ms): the receiver answered it 503 before the target gave up, so no timeout was seen. Set limits.callbackHoldMs above the target's CRC timeout (this call waits limits.callbackHoldMs + limits.requestTimeoutMs)`,
      );
    refusedForAnotherReason(ctx, res, h.crcRequests().length > 0);
    expectRefusedWith(ctx, res, 'CrcValidationFailed', `POST /2/webhooks (CRC answered with ${behaviour})`);
    ctx.check(h.crcRequests().length > 0, 'the target refused without sending a CRC to the callback');
    await expectNotListed(ctx, h.url, `after a CRC answered with ${behaviour}`);
  };

/**
 * A CRC: a GET carrying the crc_token query parameter (Endpoints called by the service: "GET | callback
 * URL with query crc_token (string)"). Whether a CRC is triggered is these rules' concern; the token's
 * content (a challenge, not empty) is WH-CRC-001's.
 */
export function isCrc(r: InboundRequest): boolean {
  return r.method === 'GET' && Object.hasOwn(r.query, 'crc_token');
}

/** how many hours a rule tries when the hourly CRCs of its valid webhook fail on the way */
const HOURLY_TRIES = 3;

/**
 * The clock moved an hour on, and the hourly CRC of the valid webhook `id` that reached its callback;
 * undefined when none came and the webhook is still valid (none was sent). A CRC can fail without
 * reaching the callback (lost on the way, or answered too late for the target: a stalled harness);
 * the target then lists the webhook invalid, as after any failed CRC. Such an hour is observed (as
 * WH-SEQ-001 and WH-LC-010 take it), the webhook re-enabled by a passing PUT CRC and the hour tried
 * again; when every try was lost the rule is not checkable.
 */
export async function arrivedHourlyCrc(ctx: DataCtx, h: DataHook, id: string): Promise<InboundRequest | undefined> {
  for (let i = 0; i < HOURLY_TRIES; i++) {
    const mark = ctx.receiver.lastSeq();
    await hourlyCrc(ctx);
    const crc = await h.waitFor(isCrc, ctx.config.limits.deliveryWaitMs, mark);
    if (crc) return crc;
    if ((await findListed(ctx, { id }))?.valid !== false) return undefined;
    ctx.observe(
      'an hourly CRC due on a valid webhook that never reached its callback',
      'the target lists the webhook invalid: the CRC failed on the way; re-enabled, and the hour tried again',
    );
    await reEnable(ctx, id);
  }
  ctx.notCheckable(
    `each of ${HOURLY_TRIES} hourly CRCs failed on the way to the callback: the target listed the webhook invalid each time, and none arrived`,
  );
}

export const crcChecks: Record<string, DataCheck> = {
  'WH-CRC-001': async (ctx: DataCtx) => {
    const h = hook(ctx);
    const res = await ctx.api.data.createWebhook(h.url);
    const answeredAt = Date.now();
    const crcs = h.requests().filter((r) => r.method === 'GET');
    if (crcs.length === 0) refusedForAnotherReason(ctx, res, false);
    ctx.check(crcs.length > 0, `POST /2/webhooks answered ${res.status} without sending a GET to the callback`);
    const first = crcs[0];
    ctx.check(
      typeof first.query.crc_token === 'string' && first.query.crc_token.length > 0,
      `the CRC GET carries no non-empty crc_token query parameter: ${first.url}`,
    );
    ctx.check(new Date(first.at).getTime() <= answeredAt, 'the CRC arrived after POST /2/webhooks answered');
    // "The CRC runs at registration": every one, also of a URL that passed a CRC minutes ago (its webhook deleted)
    const id = (res.body as { data?: { id?: unknown } } | undefined)?.data?.id;
    if (res.status !== 200 || typeof id !== 'string') return ctx.note('the registration was not accepted: no second one sent');
    const del = await ctx.api.data.deleteWebhook(id);
    ctx.setup(del.status === 200, `DELETE /2/webhooks/${id} was not accepted (see WH-LC-004): ${short(del)}`);
    const mark = ctx.receiver.lastSeq();
    const again = await ctx.api.data.createWebhook(h.url);
    const answeredAgain = Date.now();
    // a refusal may come before any CRC (whether the URL may be registered again is WH-DEL-004's)
    if (again.status !== 200) return ctx.note(`registering the URL again was answered ${again.status}: no CRC to judge`);
    const crc = h.requests().find((r) => r.seq > mark && isCrc(r));
    ctx.check(
      crc !== undefined && new Date(crc.at).getTime() <= answeredAgain,
      `registering the URL again after its webhook was deleted was accepted without a CRC sent to the callback first: ${short(again)}`,
      again,
    );
  },

  'WH-CRC-002': async (ctx: DataCtx) => {
    const h = hook(ctx);
    const res = await ctx.api.data.createWebhook(h.url);
    refusedForAnotherReason(ctx, res, h.crcRequests().length > 0);
    ctx.check(res.status === 200, `a correct CRC answer was not accepted: ${short(res)}`, res);
    ctx.check((res.body as { data?: { valid?: unknown } })?.data?.valid === true, `data.valid is not true: ${short(res)}`, res);
    const w = await findListed(ctx, { url: h.url });
    ctx.check(w?.valid === true, 'the new webhook is not listed with valid true');
  },

  ...Object.fromEntries(WRONG_CRC_ANSWERS.map((w) => [w.id, wrongAnswer(w.behaviour)])),

  // The document fixes the token (CRC rules 2) and not the status of the answer: observed.
  'WH-CRC-016': async (ctx: DataCtx) => {
    const h = hook(ctx, 'http-error');
    const res = await ctx.api.data.createWebhook(h.url);
    h.release();
    const sent = h.crcRequests().length > 0;
    const seen = isSuccess(res)
      ? `registration accepted (${res.status}${(res.body as { data?: { valid?: unknown } })?.data?.valid === true ? ', valid true' : ''})`
      : `registration refused: ${failureForm(res)}${res.text.includes('CrcValidationFailed') ? ' naming CrcValidationFailed' : ''}`;
    ctx.observe('CRC answered with HTTP 500 and the right token', sent ? seen : `${seen}, without a CRC reaching the callback`);
  },

  // CRC rules 2: the message is the crc_token value, the one this CRC carries. A callback that
  // answers with the HMAC (right key) of the token of an earlier CRC has not answered this one.
  'WH-CRC-018': async (ctx: DataCtx) => {
    const secret = ctx.api.target.consumerSecret;
    let stale = false;
    const tokens: string[] = [];
    // each CRC's arrival and what it was answered with, for the message of a failure (a CRC that
    // came between the PUT and the list shows there)
    const answered: string[] = [];
    const h = ctx.receiver.hook({
      inspect: signatureInspector(secret),
      respond: (req) => {
        if (!(req.method === 'GET' && Object.hasOwn(req.query, 'crc_token'))) return { status: 200 };
        const token = req.query.crc_token;
        const earlier = tokens.at(-1);
        tokens.push(token);
        const message = stale && earlier !== undefined ? earlier : token;
        answered.push(`${new Date().toISOString()} ${message === token ? 'right' : 'over the earlier token'}`);
        return { status: 200, body: { response_token: correctToken(secret, message) } };
      },
    });
    ctx.defer(async () => h.release());
    const reg = await ctx.api.data.createWebhook(h.url);
    const id = (reg.body as { data?: { id?: unknown } } | undefined)?.data?.id;
    ctx.setup(reg.status === 200 && typeof id === 'string', `registering a callback that answers the CRC correctly: ${short(reg)}`);
    // A registration that sent no CRC (WH-CRC-001's failure) leaves no earlier crc_token to answer
    // with: the PUT's CRC would be answered correctly and this rule would judge an answer it never
    // gave. "The CRC runs ... whenever PUT /2/webhooks/:webhook_id is called" (CRC rules 1): a
    // first PUT, answered correctly, gives the earlier CRC.
    if (tokens.length === 0) {
      const first = await ctx.api.data.putWebhook(id);
      ctx.setup(
        tokens.length > 0,
        `neither the registration nor a first PUT sent a CRC to the callback, so there is no earlier crc_token to answer with (see WH-CRC-001, WH-CRC-003): ${short(first)}`,
      );
    }
    stale = true;
    const mark = ctx.receiver.lastSeq();
    const before = answered.length;
    const sentAt = new Date().toISOString();
    const res = await ctx.api.data.putWebhook(id);
    const crcs = h.requests().filter((r) => r.seq > mark && isCrc(r));
    ctx.setup(crcs.length > 0, 'PUT /2/webhooks/:webhook_id sent no CRC to the callback (see WH-CRC-003)');
    const repeated = crcs.every((r) => {
      const i = tokens.lastIndexOf(r.query.crc_token);
      return i > 0 && tokens[i - 1] === tokens[i];
    });
    if (repeated)
      ctx.notCheckable('the PUT CRC carried the same crc_token as the CRC before it: an answer over the earlier token is the right one');
    if (isSuccess(res)) {
      ctx.check(
        (res.body as { data?: { valid?: unknown } })?.data?.valid === false,
        `a PUT whose CRC was answered with the HMAC of the earlier crc_token answered ${short(res)}: data.valid must be false`,
        res,
      );
    } else {
      ctx.check(
        res.text.includes('CrcValidationFailed'),
        `a PUT whose CRC was answered with the HMAC of the earlier crc_token was refused without naming CrcValidationFailed: ${short(res)}`,
        res,
      );
    }
    const w = await findListed(ctx, { id });
    ctx.check(
      w?.valid === false,
      `after a CRC answered with the HMAC of the earlier crc_token, GET /2/webhooks shows ${JSON.stringify(w)}: valid must be false (the PUT was sent at ${sentAt} and answered ${short(res)}; the callback's CRCs since, each answered: ${answered.slice(before).join('; ') || 'none'})`,
    );
  },

  'WH-CRC-003': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const mark = ctx.receiver.lastSeq();
    await ctx.api.data.putWebhook(id);
    const crc = h.crcRequests().find((r) => r.seq > mark && isCrc(r));
    ctx.check(crc, 'PUT /2/webhooks/:webhook_id sent no CRC (GET with crc_token) to the callback');
  },

  'WH-CRC-004': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const crc = await arrivedHourlyCrc(ctx, h, id);
    ctx.check(crc, "an hour later on the target's clock the callback got no CRC");
  },
};
