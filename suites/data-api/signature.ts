// Signature rules: every event POST, replayed ones included, is signed over its raw bytes.
import type { DataCheck, DataCtx } from './api.ts';
import type { InboundRequest } from '../../harness/receiver/types.ts';
import { awaitIds, makeEvent, ownPostsAfter, replayCompletes, sendEvents } from './setup/events.ts';
import { runReplay } from './setup/replay.ts';
import { endedMinute, minutesBefore, yyyymmddhhmm } from './setup/target-clock.ts';
import { registerValid } from './setup/webhooks.ts';
import { postedEvents } from './setup/activity.ts';

/**
 * Each POST carries a signature that matches. None arrived: the rule examined no signature (the
 * delivery is `deliveryRule`'s to judge), not checkable.
 */
function expectSigned(ctx: DataCtx, posts: InboundRequest[], what: string, deliveryRule: string): void {
  if (!posts.length) ctx.notCheckable(`no ${what} arrived at the callback (${deliveryRule} judges the delivery): no signature to judge`);
  for (const p of posts) {
    ctx.check(p.signature?.header, `${what} ${p.seq} carries no x-vendor-webhooks-signature header`);
    ctx.check(
      p.signature.valid,
      `${what} ${p.seq}: x-vendor-webhooks-signature does not match "sha256=" + Base64(HMAC-SHA-256(consumer secret, raw body))`,
    );
  }
}

export const signatureChecks: Record<string, DataCheck> = {
  'WH-SIG-001': async (ctx: DataCtx) => {
    const { hook: h } = await registerValid(ctx);
    const mark = ctx.receiver.lastSeq();
    // one body far past a kilobyte (the signature covers the whole raw body, however long)
    const long = makeEvent('sig-long');
    (long.payload.data.payload as { text: string }).text += ` ${'ünïcødé ✓ '.repeat(600)}`;
    const events = [makeEvent('sig-a'), makeEvent('sig-b'), long];
    const ids = events.map((e) => e.id);
    await sendEvents(ctx, ...events);
    await awaitIds(ctx, h, mark, ids, { complete: true });
    expectSigned(ctx, ownPostsAfter(h, mark, ids), 'event POST', 'WH-EVT-001');
    // "every POST from the service": what a subscribed user's post gives too, where the target
    // offers users and actions (TARGET-CONTRACT §3b)
    const posted = await postedEvents(ctx, h, 'a post to sign ✓');
    if (posted?.length)
      expectSigned(
        ctx,
        posted.map((d) => d.request),
        "event POST of a subscribed user's post",
        'EVT-KIND-001',
      );
    else if (posted) ctx.note("a subscribed user's post gave no event at the webhook (see EVT-KIND-001): its signature was not judged");
  },

  'WH-SIG-002': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const e = makeEvent('sig-replay');
    await sendEvents(ctx, e);
    const sentAt = await ctx.api.control.now();
    const now = await ctx.api.control.advance(180);
    const mark = ctx.receiver.lastSeq();
    await runReplay(ctx, {
      webhook_id: id,
      from_date: yyyymmddhhmm(minutesBefore(sentAt, 5)),
      to_date: yyyymmddhhmm(endedMinute(now)),
    });
    await awaitIds(ctx, h, mark, [e.id], { complete: replayCompletes(ctx) });
    // a replay that delivered nothing is the replay rules' failure (RP-DEL-001 judges what a job re-delivers)
    expectSigned(ctx, ownPostsAfter(h, mark, [e.id]), 'replayed event POST', 'RP-DEL-001');
  },
};
