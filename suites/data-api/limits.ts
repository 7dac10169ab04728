// The app's maximum number of webhooks (its value is not shown: config or control capabilities).
import { inLanes } from '../../harness/domain/lanes.ts';
import type { DataCheck, DataCtx } from './api.ts';
import { expectRefusedWith } from './verdicts/http.ts';
import { appWebhooks, expectNotListed, hook, registerValid } from './setup/webhooks.ts';

/** registrations sent side by side for the app's last free slot */
const RACERS = 3;

/**
 * The last free slot asked for by RACERS registrations at once (as far as --concurrency lets calls
 * go side by side): at most one may take it, and the app never lists more than `max`. Else the slot
 * is filled one registration after another.
 */
async function raceForLastSlot(ctx: DataCtx, max: number): Promise<void> {
  if (ctx.s.lanes < 2) {
    ctx.note(
      `examined at --concurrency ${ctx.s.lanes}: registrations one at a time up to the limit of ${max} and one past it. Registrations side by side for the last free slot were not sent (at --concurrency 1 calls go one at a time), so a race for that slot was not examined: run WH-LIM-001 at --concurrency 2 or more to examine it`,
    );
    await registerValid(ctx);
    return;
  }
  const answers = await inLanes(
    Array.from({ length: RACERS }, () => hook(ctx)),
    (h) => ctx.api.data.createWebhook(h.url),
  );
  const taken = answers.filter((r) => r.status === 200).length;
  ctx.check(taken <= 1, `${taken} of ${RACERS} registrations sent side by side for the app's last free slot (of ${max}) were accepted`);
  const count = (await appWebhooks(ctx)).app.length;
  ctx.check(
    count <= max,
    `after ${RACERS} registrations side by side for the last free slot GET /2/webhooks lists ${count} webhooks, more than ${max}`,
  );
  if (taken === 0) await registerValid(ctx);
}

export const limitChecks: Record<string, DataCheck> = {
  'WH-LIM-001': async (ctx: DataCtx) => {
    const max = ctx.api.maxWebhooks!;
    // the webhooks this run deleted are none of the app's, listed or not (WH-LC-004 judges the list,
    // WH-DEL-005 whether they still count)
    const existing = (await appWebhooks(ctx)).app.length;
    if (existing > max) ctx.notCheckable(`the app already has ${existing} webhooks, more than the configured maximum ${max}`);
    // up to the last free slot side by side (--concurrency)
    await inLanes(
      Array.from({ length: Math.max(0, max - 1 - existing) }, (_, i) => i),
      () => registerValid(ctx),
    );
    if (existing < max) await raceForLastSlot(ctx, max);
    const h = hook(ctx);
    const res = await ctx.api.data.createWebhook(h.url);
    expectRefusedWith(ctx, res, 'WebhookLimitExceeded', `POST /2/webhooks (webhook ${max + 1} of at most ${max})`);
    await expectNotListed(ctx, h.url, 'after WebhookLimitExceeded');
    ctx.observe('maximum number of webhooks per application', String(max));
  },
};
