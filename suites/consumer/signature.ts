// Event signatures (Authentication 2): "every POST from the service carries
// x-vendor-webhooks-signature … sha256= followed by the Base64 of HMAC-SHA-256 over the raw request
// body, keyed with the consumer secret. The receiver recomputes and compares; they must match."
// A correctly signed event is not refused: the app acts on the listed kinds it subscribes to (at
// least one); any other signature, a missing one or a body changed after signing is refused or
// ignored, in every kind (how the app answers is its choice: observed). What the app did is read
// through the probe once it has settled (api.ts, settle.ts).
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import { bodyStyle, FIXED_BODY_STYLES, isUnusual, writeJson } from '../../generators/consumer/bodies.ts';
import type { ConsumerCtx } from './api.ts';
import { foreignReason, listForeign } from './delivered.ts';
import { refusedCase } from './settle-batch.ts';
import { SETTLED_CASES } from './settled-cases.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;

/**
 * The rule's case (settled-cases.ts: an event whose signature is wrong, missing or no longer fits
 * its body): the app must act on none of its events. With the probe it is judged in the settle
 * batch, once the app has settled; without it, by the answers against rejectStatus.
 */
async function expectRefused(ctx: ConsumerCtx, rule: string, what: string) {
  const { sent, acted } = await refusedCase(ctx, SETTLED_CASES, rule);
  for (const { res } of sent) ctx.observe('answer to a refused event', String(res.status));
  ctx.check(
    acted.length === 0,
    `${acted.length} of ${sent.length} event(s) with ${what} were acted on; first: ${acted[0] && (await ctx.api.said(acted[0].e, acted[0].res))}`,
    acted[0]?.res,
  );
}

export const signatureChecks: Record<string, Check> = {
  // "The receiver recomputes and compares; they must match": a correctly signed event is not refused.
  // Which kinds an app acts on is its own (it subscribes to the activity it follows): it must act on
  // the listed kinds it handles, at least one; those it leaves alone are observed.
  async 'CON-SIG-001'(ctx: ConsumerCtx) {
    const { sent, acted, foreign } = await ctx.api.kindsActedOn(ctx);
    const reject = ctx.api.target.rejectStatus;
    if (reject) {
      for (const { e, res } of sent)
        ctx.check(
          !reject.includes(res.status),
          `a correctly signed ${e.kind} event was answered ${res.status}, a status the app gives refused events (consumer.rejectStatus)`,
          res,
        );
    }
    const left = sent.filter((_, i) => !acted[i]).map((s) => s.e.kind);
    if (!ctx.api.probe) {
      // without the probe only the answers are seen: which kinds the app acts on is not
      ctx.observe(
        'listed kinds the app does not act on',
        `not known without consumer.probe; answered with a status outside consumer.rejectStatus (accepted): ${sent.length - left.length} of ${sent.length}`,
      );
      ctx.check(
        acted.some(Boolean),
        `the app accepted none of the ${sent.length} listed kinds, each correctly signed: ${sent.map((x) => x.res.status).join(', ')}`,
        sent[0].res,
      );
      return;
    }
    // a kind the probe does not show was left alone only when the probe lists nothing the suite did
    // not send: it lists events "by the event id it read" (TARGET-CONTRACT §6, delivered.ts)
    ctx.observe(
      'listed kinds the app does not act on',
      foreign.length > 0
        ? `not known: the probe lists ${foreign.length} event id(s) the suite never sent (${listForeign(foreign, 1)}); it does not show ${left.length ? left.join(', ') : '(none)'}`
        : left.length
          ? left.join(', ')
          : '(none)',
    );
    if (!acted.some(Boolean) && foreign.length > 0)
      ctx.notCheckable(foreignReason(foreign, `the probe shows none of the ${sent.length} listed kinds, each delivered correctly signed`));
    ctx.check(
      acted.some(Boolean),
      `the app acted on none of the ${sent.length} listed kinds, each correctly signed${ctx.api.within}: ${await ctx.api.said(sent[0].e, sent[0].res)}`,
      sent[0].res,
    );
  },

  async 'CON-SIG-002'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'CON-SIG-002', 'a signature made with another key');
  },

  async 'CON-SIG-003'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'CON-SIG-003', 'a truncated signature');
  },

  async 'CON-SIG-004'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'CON-SIG-004', 'a hex-encoded signature');
  },

  async 'CON-SIG-005'(ctx: ConsumerCtx) {
    if (ctx.api.target.bearerToken === undefined)
      ctx.notCheckable("needs consumer.bearerToken: the app's bearer token, to sign an event with it as the key");
    await expectRefused(ctx, 'CON-SIG-005', 'a signature keyed with the bearer token');
  },

  async 'CON-SIG-006'(ctx: ConsumerCtx) {
    await expectRefused(
      ctx,
      'CON-SIG-006',
      "no signature (no x-vendor-webhooks-signature header, an empty one, 'sha256=' alone, or the signature under x-twitter-webhooks-signature only)",
    );
  },

  async 'CON-SIG-007'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'CON-SIG-007', 'a body changed after it was signed');
  },

  // "Its value is sha256= followed by the Base64 …; they must match": neither the bare digest nor the
  // digest under another algorithm's prefix is that value
  async 'CON-SIG-009'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'CON-SIG-009', "a signature without its 'sha256=' prefix (the bare digest, or the digest after sha1=)");
  },

  // Base64 tells upper from lower case: the digest with its letters' case swapped does not match
  async 'CON-SIG-010'(ctx: ConsumerCtx) {
    await expectRefused(ctx, 'CON-SIG-010', 'a signature whose digest has the case of its letters swapped');
  },

  async 'CON-SIG-008'(ctx: ConsumerCtx) {
    // a kind the app acts on (it may leave others alone), written out in unusual bytes
    const kind = await ctx.api.kindActedOn(ctx);
    await checkCases(
      ctx,
      FIXED_BODY_STYLES,
      bodyStyle.filter((st) => isUnusual({ a: 'é/' }, st)),
      async (st) => {
        const e = ctx.api.event(kind);
        // the subscription's tag (a label the app chose) with non-ASCII characters, so that escaping them changes the bytes
        (e.value as { data: { tag?: unknown } }).data.tag = 'conformance ✓ é/ü';
        const res = await ctx.api.deliver(e, writeJson(e.value, st));
        const [acted] = await ctx.api.processedEach(ctx, [{ e, res }]);
        ctx.check(
          acted,
          `a correctly signed event written as ${JSON.stringify(st)} was not accepted${ctx.api.within}: ${await ctx.api.said(e, res)}`,
        );
      },
      // each case's event is judged by its own id: side by side with --concurrency above 1
      { runs: Math.min(ctx.runs, 20), show: (st) => JSON.stringify(st), independent: true },
    );
  },
};
