// The app's maximum number of webhooks (its value is not shown: config or control capabilities).
import type { DataCheck, DataCtx } from './api.ts';
import { expectRefusedWith } from './verdicts/http.ts';
import { expectNotListed, hook, listed, registerValid } from './setup/webhooks.ts';

export const limitChecks: Record<string, DataCheck> = {
  'WH-LIM-001': async (ctx: DataCtx) => {
    const max = ctx.api.maxWebhooks!;
    const existing = (await listed(ctx)).length;
    if (existing > max) ctx.notCheckable(`the app already has ${existing} webhooks, more than the configured maximum ${max}`);
    for (let i = existing; i < max; i++) await registerValid(ctx);
    const h = hook(ctx);
    const res = await ctx.api.data.createWebhook(h.url);
    expectRefusedWith(ctx, res, 'WebhookLimitExceeded', `POST /2/webhooks (webhook ${max + 1} of at most ${max})`);
    await expectNotListed(ctx, h.url, 'after WebhookLimitExceeded');
    ctx.observe('maximum number of webhooks per application', String(max));
  },
};
