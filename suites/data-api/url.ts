// Callback URL rules: https, no explicit port, well-formed, free path, no duplicates.
import type fc from 'fast-check';
import type { DataCheck, DataCtx } from './api.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import { callbackUrlWithPort, httpCallbackUrl, malformedCallbackUrl, validCallbackUrl } from '../../generators/urls.ts';
import { expectRefusedWith, short } from './support/http.ts';
import { expectNotListed, hook, listed } from './support/webhooks.ts';

interface Mutation {
  value: string;
  mutation: string;
}

/** Each case: one broken URL rule; the target must refuse it with UrlValidationFailed and create nothing. */
const refusedUrls =
  (arb: (base: string) => fc.Arbitrary<Mutation>): DataCheck =>
  async (ctx: DataCtx) => {
    await checkProperty(
      ctx,
      arb(ctx.receiver.publicBaseUrl),
      async ({ value, mutation }) => {
        const res = await ctx.api.data.createWebhook(value);
        expectRefusedWith(ctx, res, 'UrlValidationFailed', `POST /2/webhooks (${mutation}: ${JSON.stringify(value)})`);
        await expectNotListed(ctx, value, `after refusing ${JSON.stringify(value)}`);
      },
      { show: (m) => `${m.mutation}: ${JSON.stringify(m.value)}` },
    );
  };

export const urlChecks: Record<string, DataCheck> = {
  'WH-URL-001': refusedUrls((base) => httpCallbackUrl(base).map((value) => ({ value, mutation: 'scheme http' }))),
  'WH-URL-002': refusedUrls((base) => callbackUrlWithPort(base).map((value) => ({ value, mutation: 'explicit port' }))),
  'WH-URL-003': refusedUrls(malformedCallbackUrl),

  'WH-URL-004': async (ctx: DataCtx) => {
    const h = hook(ctx);
    const first = await ctx.api.data.createWebhook(h.url);
    ctx.check(first.status === 200, `the first registration failed: ${short(first)}`);
    const second = await ctx.api.data.createWebhook(h.url);
    expectRefusedWith(ctx, second, 'DuplicateUrlFailed', 'POST /2/webhooks (same URL again)');
    const same = (await listed(ctx)).filter((w) => w.url === h.url);
    ctx.check(same.length === 1, `${same.length} webhooks exist for ${h.url}`);
  },

  'WH-URL-005': async (ctx: DataCtx) => {
    // a free path: generated segments of URL-safe characters and percent-encoded bytes
    const suffixes = validCallbackUrl('https://path.test').map((u) => u.slice('https://path.test/'.length).split('?')[0]);
    await checkProperty(
      ctx,
      suffixes,
      async (suffix) => {
        const h = hook(ctx, 'correct', 'accept', suffix);
        const res = await ctx.api.data.createWebhook(h.url);
        ctx.check(
          res.status === 200,
          `a callback URL with the path ${JSON.stringify(new URL(h.url).pathname)} was not accepted: ${short(res)}`,
        );
      },
      { show: (s) => JSON.stringify(s) },
    );
  },
};
