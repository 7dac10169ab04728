// Callback URL rules: https, no explicit port, well-formed, free path, no duplicates.
import type fc from 'fast-check';
import type { DataCheck, DataCtx } from './api.ts';
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import {
  FIXED_PATHS,
  FIXED_PORTS,
  callbackUrlWithPort,
  fixedMalformedUrls,
  httpCallbackUrl,
  malformedCallbackUrl,
  validCallbackUrl,
} from '../../generators/data-api/urls.ts';
import { expectRefusedWith, isSuccess, short } from './verdicts/http.ts';
import { correctToken, signatureInspector } from './callbacks/index.ts';
import { expectNotListed, hook, listed, refusedForAnotherReason } from './setup/webhooks.ts';
import { NO_SECOND_APP, needTenant } from './setup/tenant-needs.ts';

interface Mutation {
  value: string;
  mutation: string;
}

/**
 * URLs a WHATWG parser reads as well-formed https URLs without a port (`https://host:443/p` drops the
 * default port, `https:///p` is `https://p/`): a target may accept them, so they are observed, not
 * required to be refused.
 */
const explicitDefaultPort = (url: string) => /^https:\/\/[^/?#]*:443(?=[/?#]|$)/i.test(url);

/** `base` (https://host[/prefix]) with `:port` after its host */
const withPort = (base: string, port: number) => base.replace(/^(https:\/\/[^/?#]+)/, `$1:${port}`);

/** What the target does with a URL the document's rules may or may not catch; what it creates is removed at once. */
async function observeUrl(ctx: DataCtx, topic: string, url: string): Promise<void> {
  const res = await ctx.api.data.createWebhook(url);
  const id = (res.body as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (isSuccess(res) && typeof id === 'string') await ctx.api.data.deleteWebhook(id);
  const named = ['UrlValidationFailed', 'CrcValidationFailed'].find((r) => res.text.includes(r));
  ctx.observe(topic, isSuccess(res) ? `accepted (${res.status})` : `refused ${res.status}${named ? ` naming ${named}` : ''}`);
}

/**
 * Each case: one broken URL rule; the target must refuse it with UrlValidationFailed and create
 * nothing. The fixed cases (each port, each malformation, …) run in every run, the random ones after.
 */
const refusedUrls =
  (
    arb: (base: string) => fc.Arbitrary<Mutation>,
    fixed: (base: string) => Mutation[],
    observeFirst?: (ctx: DataCtx) => Promise<void>,
  ): DataCheck =>
  async (ctx: DataCtx) => {
    await observeFirst?.(ctx);
    await checkCases(
      ctx,
      fixed(ctx.receiver.publicBaseUrl),
      arb(ctx.receiver.publicBaseUrl),
      async ({ value, mutation }) => {
        const res = await ctx.api.data.createWebhook(value);
        expectRefusedWith(ctx, res, 'UrlValidationFailed', `POST /2/webhooks (${mutation}: ${JSON.stringify(value)})`);
        await expectNotListed(ctx, value, `after refusing ${JSON.stringify(value)}`);
      },
      // each case looks for its own URL only
      { show: (m) => `${m.mutation}: ${JSON.stringify(m.value)}`, independent: true },
    );
  };

export const urlChecks: Record<string, DataCheck> = {
  // DuplicateUrlFailed: "the application already has a webhook for this url"; several apps may share
  // one webhook URL (Events › Delivery rules 3). A tenant is an app of its own.
  'WH-URL-006': async (ctx: DataCtx) => {
    needTenant(ctx, NO_SECOND_APP);
    // one callback for both apps: it answers each CRC with the consumer secret of the app registering
    let secret = ctx.api.target.consumerSecret;
    const h = ctx.receiver.hook({
      inspect: signatureInspector(secret),
      respond: (req) =>
        req.method === 'GET' && Object.hasOwn(req.query, 'crc_token')
          ? { status: 200, body: { response_token: correctToken(secret, req.query.crc_token) } }
          : { status: 200 },
    });
    ctx.defer(async () => h.release());
    const first = await ctx.api.data.createWebhook(h.url);
    ctx.setup(first.status === 200, `registering the callback URL for this app (POST /2/webhooks): ${short(first)}`);
    await ctx.onTenant(async (other) => {
      secret = other.api.target.consumerSecret;
      const res = await other.api.data.createWebhook(h.url);
      const data = (res.body as { data?: { id?: unknown; valid?: unknown } } | undefined)?.data;
      ctx.check(
        res.status === 200 && typeof data?.id === 'string' && data.valid === true,
        `another app registering a callback URL this app has was not accepted (a duplicate is the application's own): ${short(res)}`,
      );
    });
  },

  'WH-URL-001': refusedUrls(
    (base) => httpCallbackUrl(base).map((value) => ({ value, mutation: 'scheme http' })),
    (base) => [{ value: `http://${base.slice('https://'.length)}/fixed/path`, mutation: 'scheme http' }],
  ),
  'WH-URL-002': refusedUrls(
    (base) =>
      callbackUrlWithPort(base)
        .filter((value) => !explicitDefaultPort(value))
        .map((value) => ({ value, mutation: 'explicit port' })),
    (base) => FIXED_PORTS.map((port) => ({ value: `${withPort(base, port)}/fixed/path`, mutation: `explicit port ${port}` })),
    (ctx) => observeUrl(ctx, 'callback URL with the default port :443', hook(ctx).url.replace(/^(https:\/\/[^/?#]+)/, '$1:443')),
  ),
  'WH-URL-003': refusedUrls(
    (base) => malformedCallbackUrl(base).filter((m) => m.mutation !== 'no-host'),
    (base) => fixedMalformedUrls(base).filter((m) => m.mutation !== 'no-host'),
    (ctx) => observeUrl(ctx, 'callback URL https:///path (no host before the path)', `https://${new URL(hook(ctx).url).pathname}`),
  ),

  'WH-URL-004': async (ctx: DataCtx) => {
    const h = hook(ctx);
    const first = await ctx.api.data.createWebhook(h.url);
    ctx.setup(first.status === 200, `the first registration (POST /2/webhooks) failed: ${short(first)}`);
    const second = await ctx.api.data.createWebhook(h.url);
    // with one webhook allowed, the second registration breaks the limit too; which reason a target names first is not stated
    if ((ctx.api.maxWebhooks ?? 2) < 2 && !second.text.includes('DuplicateUrlFailed') && second.text.includes('WebhookLimitExceeded'))
      ctx.notCheckable(
        `needs 2 webhooks at once (the duplicate must be the only failure reason); the target allows ${ctx.api.maxWebhooks} and named WebhookLimitExceeded`,
      );
    expectRefusedWith(ctx, second, 'DuplicateUrlFailed', 'POST /2/webhooks (same URL again)');
    const same = (await listed(ctx)).filter((w) => w.url === h.url);
    ctx.check(same.length === 1, `${same.length} webhooks exist for ${h.url}`);
  },

  'WH-URL-005': async (ctx: DataCtx) => {
    // a free path: generated segments of URL-safe characters and percent-encoded bytes; %00 (a NUL byte)
    // is left out: "the path is free" does not oblige a target to take one
    const suffixes = validCallbackUrl('https://path.test')
      .map((u) => u.slice('https://path.test/'.length).split('?')[0])
      .filter((s) => !/%00/.test(s));
    // each case registers a webhook: on a target with tenants, on an app of its own, side by side;
    // the fixed paths (many segments, a trailing slash, percent-encoded bytes, a query) in every run
    await checkCases(
      ctx,
      FIXED_PATHS.map((p) => p.slice(1)),
      suffixes,
      async (suffix, c: DataCtx) => {
        const h = hook(c, 'correct', 'accept', suffix);
        const path = JSON.stringify(new URL(h.url).pathname);
        const res = await c.api.data.createWebhook(h.url);
        refusedForAnotherReason(c, res, h.crcRequests().length > 0, ['UrlValidationFailed']);
        const data = (res.body as { data?: { id?: unknown; valid?: unknown } } | undefined)?.data;
        ctx.check(
          res.status === 200 && typeof data?.id === 'string' && data.valid === true,
          `a callback URL with the path ${path} was not accepted (200 with data.id and valid true): ${short(res)}`,
          res,
        );
        ctx.check(h.crcRequests().length > 0, `the webhook with the path ${path} was created without a CRC reaching that path`);
      },
      { show: (s) => JSON.stringify(s), ownTenant: true },
    );
  },
};
