// Event signatures (Authentication 2): "every POST from the service carries
// x-vendor-webhooks-signature … sha256= followed by the Base64 of HMAC-SHA-256 over the raw request
// body, keyed with the consumer secret. The receiver recomputes and compares; they must match."
// A correctly signed event is accepted and processed; any other signature, a missing one or a body
// changed after signing is refused or ignored (how the app answers is its choice: observed). What
// the app did is read through the probe once it has settled (api.ts, settle.ts).
import { randomBytes } from 'node:crypto';
import { checkProperty } from '../../harness/engine/property.ts';
import { bodyStyle, isUnusual, writeJson } from '../../generators/consumer/bodies.ts';
import type { ConsumerCtx, Sent } from './api.ts';
import { LISTED_KINDS } from './events.ts';
import { signed, signedHex, truncated } from './signing.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;

/** delivers a post.create event with the signature `sign` makes of its body; the app must not act on it */
async function expectRefused(
  ctx: ConsumerCtx,
  what: string,
  sign: (body: string) => string | undefined,
  alter?: (v: { data: Record<string, unknown> }) => void,
) {
  const e = ctx.api.event('post.create');
  const body = JSON.stringify(e.value);
  const signature = sign(body);
  let sent = body;
  if (alter) {
    const changed = structuredClone(e.value) as { data: Record<string, unknown> };
    alter(changed);
    sent = JSON.stringify(changed);
  }
  const res = await ctx.api.service.deliver({ body: sent, signature });
  ctx.observe('answer to a refused event', String(res.status));
  ctx.check(!(await ctx.api.processedAtAll(ctx, e, res)), `an event with ${what} was acted on: ${await ctx.api.said(e, res)}`, res);
}

export const signatureChecks: Record<string, Check> = {
  async 'CON-SIG-001'(ctx: ConsumerCtx) {
    // every kind delivered first, then one wait for the app to act on all of them
    const sent: Sent[] = [];
    for (const kind of LISTED_KINDS) {
      const e = ctx.api.event(kind);
      sent.push({ e, res: await ctx.api.deliver(e) });
    }
    const acted = await ctx.api.processedEach(ctx, sent);
    for (const [i, { e, res }] of sent.entries()) {
      ctx.check(
        acted[i],
        `a correctly signed ${e.kind} event was not accepted and processed${ctx.api.within}: ${await ctx.api.said(e, res)}`,
      );
    }
  },

  async 'CON-SIG-002'(ctx: ConsumerCtx) {
    const other = randomBytes(32).toString('base64url');
    await expectRefused(ctx, 'a signature made with another key', (b) => signed(other, b));
  },

  async 'CON-SIG-003'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'a truncated signature', (b) => truncated(ctx.api.secret, b));
  },

  async 'CON-SIG-004'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'a hex-encoded signature', (b) => signedHex(ctx.api.secret, b));
  },

  async 'CON-SIG-005'(ctx: ConsumerCtx) {
    const bearer = ctx.api.target.bearerToken;
    if (bearer === undefined) ctx.notCheckable("needs consumer.bearerToken: the app's bearer token, to sign an event with it as the key");
    await expectRefused(ctx, 'a signature keyed with the bearer token', (b) => signed(bearer, b));
  },

  async 'CON-SIG-006'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'no x-vendor-webhooks-signature header', () => undefined);
  },

  async 'CON-SIG-007'(ctx: ConsumerCtx) {
    await expectRefused(
      ctx,
      'a body changed after it was signed',
      (b) => signed(ctx.api.secret, b),
      (v) => {
        v.data.filter = { user_id: '2244994945' };
      },
    );
  },

  async 'CON-SIG-008'(ctx: ConsumerCtx) {
    await checkProperty(
      ctx,
      bodyStyle.filter((st) => isUnusual({ a: 'é/' }, st)),
      async (st) => {
        const e = ctx.api.event('post.create');
        const res = await ctx.api.deliver(e, writeJson(e.value, st));
        const [acted] = await ctx.api.processedEach(ctx, [{ e, res }]);
        ctx.check(
          acted,
          `a correctly signed event written as ${JSON.stringify(st)} was not accepted${ctx.api.within}: ${await ctx.api.said(e, res)}`,
        );
      },
      { runs: Math.min(ctx.runs, 20), show: (st) => JSON.stringify(st) },
    );
  },
};
