// Signature rules: every event POST, replayed ones included, is signed over its raw bytes.
import type { DataCheck, DataCtx } from './api.ts';
import type { InboundRequest } from '../../harness/receiver/types.ts';
import { awaitIds, makeEvent, ownPostsAfter, replayCompletes, sendEvents } from './setup/events.ts';
import { runReplay } from './setup/replay.ts';
import { endedMinute, minutesBefore, yyyymmddhhmm } from './setup/target-clock.ts';
import { registerValid } from './setup/webhooks.ts';
import { postedEvents } from './setup/activity.ts';

function expectSigned(ctx: DataCtx, posts: InboundRequest[], what: string): void {
  ctx.check(posts.length > 0, `no ${what} arrived at the callback`);
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
    expectSigned(ctx, ownPostsAfter(h, mark, ids), 'event POST');
    // "every POST from the service": what a subscribed user's post gives too, where the target
    // offers users and actions (TARGET-CONTRACT §3b)
    const posted = await postedEvents(ctx, h, 'a post to sign ✓');
    if (posted?.length)
      expectSigned(
        ctx,
        posted.map((d) => d.request),
        "event POST of a subscribed user's post",
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
    const replayed = ownPostsAfter(h, mark, [e.id]);
    // the rule judges the signature of replayed POSTs: a replay that delivered nothing is the replay
    // rules' failure (RP-DEL-001 judges what a job re-delivers), and showed no signature to judge
    if (!replayed.length)
      ctx.notCheckable('the replay job delivered no event POST to the callback (RP-DEL-001 judges that): no replayed signature to judge');
    expectSigned(ctx, replayed, 'replayed event POST');
  },
};
