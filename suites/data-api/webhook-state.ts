// Webhook state the lifecycle rules leave open: created_at stays what POST answered, a malformed
// registration body creates nothing, and DELETE removes any webhook and frees its URL and slot.
import { inLanes } from '../../harness/domain/lanes.ts';
import type { DataCheck, DataCtx } from './api.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { expectRefused, expectSchema, expectStatus, isSuccess, short } from './verdicts/http.ts';
import {
  appWebhooks,
  DELETE_ROW,
  expectNotListed,
  findListed,
  hook,
  type KeptWebhook,
  keptNames,
  LIMIT_ROW,
  makeInvalid,
  registerValid,
  undeletedNamed,
} from './setup/webhooks.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** At the app's maximum: one of the rule's webhooks deleted, another registration must be accepted. */
async function deleteOneRegisterAnother(ctx: DataCtx, last: string, at: string): Promise<void> {
  const del = await ctx.api.data.deleteWebhook(last);
  ctx.setup(del.status === 200, `DELETE /2/webhooks/${last} was not accepted (see WH-LC-004): ${short(del)}`);
  const res = await ctx.api.data.createWebhook(hook(ctx).url);
  ctx.check(
    res.status === 200,
    `${at}, one deleted, registering another was not accepted: ${short(res)}. A webhook deleted is removed (${DELETE_ROW}), and the limit is refused only when ${LIMIT_ROW}`,
    res,
  );
}

/**
 * A registration refused with WebhookLimitExceeded before the app holds the configured maximum:
 * `held` webhooks, not counting those this run deleted. First against what the run saw the app hold
 * at once: more than `held` before, and the app has not reached its maximum now (a deleted webhook
 * still counts). Else, with a webhook of the rule's own, the app is at its maximum as the target
 * counts: deleting it must let another be registered. Else it is not shown which.
 */
async function refusedBelowMaximum(
  ctx: DataCtx,
  o: { max: number; held: number; last: string | undefined; kept: KeptWebhook[]; res: HttpResult },
): Promise<void> {
  const { max, held, last, kept, res } = o;
  const most = ctx.api.data.mostHeld();
  const deleted = ctx.api.data.deletedWebhooks();
  const what = `POST /2/webhooks was refused with WebhookLimitExceeded while the app has ${held} webhook(s)${
    kept.length ? ` besides the ${kept.length} this run deleted that it still lists (${keptNames(kept)})` : ''
  }`;
  if (most > held) {
    const ids = `${deleted
      .slice(-5)
      .map((d) => d.id)
      .join(', ')}${deleted.length > 5 ? ', …' : ''}`;
    const counted = deleted.length
      ? ` This run has deleted ${deleted.length} webhook(s), each DELETE answered with a success (${ids}): a deleted webhook still counts against the limit.`
      : '';
    ctx.fail(
      `${what}, though it held ${most} of this run's webhooks at once before: it has not reached its maximum.${counted} A webhook deleted is removed (${DELETE_ROW}), and the limit is refused only when ${LIMIT_ROW}: ${short(res)}`,
      res,
    );
  }
  if (last !== undefined) {
    ctx.note(
      `POST /2/webhooks refused webhook ${held + 1} with WebhookLimitExceeded (the configured maximum is ${max}), and the app never held more at once: it is at its maximum as the target counts`,
    );
    return deleteOneRegisterAnother(ctx, last, `at the app's maximum as the target counts (it refused webhook ${held + 1})`);
  }
  ctx.notCheckable(
    `${what} (the configured maximum is ${max}) and it never held more than ${most} of this run's webhooks at once: whether it counts the ${deleted.length} webhook(s) this run deleted, or allows fewer than ${max}, is not shown`,
  );
}

export const webhookStateChecks: Record<string, DataCheck> = {
  'WH-LC-009': async (ctx: DataCtx) => {
    const { hook: h, id, res } = await registerValid(ctx);
    const created = (res.body as { data?: { created_at?: unknown } }).data?.created_at;
    ctx.setup(
      typeof created === 'string' && !Number.isNaN(Date.parse(created)),
      `POST /2/webhooks answered no readable created_at (see WH-LC-001): ${short(res)}`,
    );
    const same = async (when: string) => {
      const w = await findListed(ctx, { id });
      ctx.check(w, `${when}: webhook ${id} is not listed`);
      // the same instant; its form (Z or +00:00) is WH-LC-001's and WH-LC-002's concern
      ctx.check(
        Date.parse(w.created_at) === Date.parse(created),
        `${when}: GET /2/webhooks shows created_at ${JSON.stringify(w.created_at)}, POST /2/webhooks answered ${created}`,
      );
    };
    await same('right after POST /2/webhooks');
    await pause(20);
    await ctx.api.data.putWebhook(id);
    await same('after a PUT whose CRC passed');
    await pause(20);
    h.setCrc('wrong-key');
    await ctx.api.data.putWebhook(id);
    await same('after a PUT whose CRC failed');
  },

  'WH-REQ-001': async (ctx: DataCtx) => {
    const h = hook(ctx);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [string, { json?: unknown; raw?: string; headers?: Record<string, string> }][] = [
      ['an empty JSON object (no url)', { json: {} }],
      ['the address under another member name', { json: { callback_url: h.url } }],
      ['url null', { json: { url: null } }],
      ['url a number', { json: { url: 443 } }],
      ['url an array holding the address', { json: { url: [h.url] } }],
      ['url an object holding the address', { json: { url: { href: h.url } } }],
      ['a JSON string body (the address itself)', { json: h.url }],
      ['a JSON array body', { json: [{ url: h.url }] }],
      ['a form-encoded body url=<address>', { raw: `url=${encodeURIComponent(h.url)}`, headers: form }],
      ['malformed JSON', { raw: `{"url": ${JSON.stringify(h.url)}` }],
    ];
    for (const [what, opts] of cases) {
      expectRefused(ctx, await ctx.api.data.call('POST', '/2/webhooks', opts), `POST /2/webhooks with ${what}`);
    }
    await expectNotListed(ctx, h.url, 'after POST /2/webhooks bodies without a url string');
  },

  'WH-DEL-001': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    await makeInvalid(ctx, h, id);
    const res = await ctx.api.data.deleteWebhook(id);
    expectStatus(ctx, res, 200, 'DELETE /2/webhooks/:webhook_id of an invalid webhook');
    expectSchema(ctx, 'webhook-delete-response', res.body, 'DELETE answer');
    ctx.check((res.body as { data: { deleted: boolean } }).data.deleted === true, `data.deleted is not true: ${short(res)}`, res);
    ctx.check(!(await findListed(ctx, { id })), `the invalid webhook ${id} is still listed after DELETE`);
  },

  'WH-DEL-004': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const del = await ctx.api.data.deleteWebhook(id);
    ctx.setup(del.status === 200, `DELETE /2/webhooks/${id} was not accepted (see WH-LC-004): ${short(del)}`);
    const again = await ctx.api.data.createWebhook(h.url);
    ctx.check(
      again.status === 200 && typeof (again.body as { data?: { id?: unknown } })?.data?.id === 'string',
      `registering the URL of a deleted webhook again was not accepted: ${short(again)}`,
    );
    const w = await findListed(ctx, { url: h.url });
    ctx.check(w?.valid === true, `the re-registered URL is listed as ${JSON.stringify(w)}`);
  },

  'WH-DEL-005': async (ctx: DataCtx) => {
    const max = ctx.api.maxWebhooks!;
    // the webhooks this run deleted are none of the app's, whether or not the target still lists them
    // (WH-LC-004 judges the list): the slots are judged by the others
    const { app, kept } = await appWebhooks(ctx);
    if (kept.length)
      ctx.note(`GET /2/webhooks still lists ${kept.length} webhook(s) this run deleted, not counted here as the app's: ${keptNames(kept)}`);
    const existing = app.length;
    if (existing > max) ctx.notCheckable(`the app already has ${existing} webhooks, more than the configured maximum ${max}`);
    // the free slots filled side by side (--concurrency): a registration refused for the limit says how
    // many the app held when it was, counting those accepted beside it
    const answers = await inLanes(
      Array.from({ length: Math.max(0, max - existing) }, () => hook(ctx)),
      (h) => ctx.api.data.createWebhook(h.url),
    );
    let last: string | undefined;
    let held = existing;
    let refused: HttpResult | undefined;
    for (const res of answers) {
      const id = (res.body as { data?: { id?: unknown } } | undefined)?.data?.id;
      if (!isSuccess(res) && res.text.includes('WebhookLimitExceeded')) {
        refused ??= res;
        continue;
      }
      ctx.setup(res.status === 200 && typeof id === 'string', `filling the app's ${max} webhook slots: ${short(res)}`);
      last = id;
      held++;
    }
    if (refused) return refusedBelowMaximum(ctx, { max, held, last, kept, res: refused });
    if (last === undefined) {
      // the run's own webhooks whose DELETE the target did not answer with a success take slots too
      const stuck = new Set(ctx.api.data.undeletedIds());
      const ours = app.filter((w) => stuck.has(w.id)).map((w) => w.id);
      ctx.notCheckable(
        ours.length
          ? `the app's ${max} webhook slots are all taken by webhooks listed before this rule began, ${ours.length} of them this run's ${undeletedNamed(ours)}`
          : `the app's ${max} webhook slots are all taken by webhooks listed before this rule began, none of them one this run deleted: the app's own, or an earlier run's (conform sweep deletes those)`,
      );
    }
    await deleteOneRegisterAnother(ctx, last, `with ${max} of at most ${max} webhooks`);
  },
};
