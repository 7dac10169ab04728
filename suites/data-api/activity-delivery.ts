// Delivery rules of the service's own events (Events › Delivery rules 2 and 3): every incoming
// direct message is delivered, those sent through the API too; when several apps share one webhook
// URL and the same user is mapped to each, the same event reaches it once per app (each delivery
// signed with its app's consumer secret, which tells the apps apart).
import { ControlError } from '../../harness/target/control.ts';
import type { DataCheck, DataCtx } from './api.ts';
import { correctToken, signatureFor, SIGNATURE_HEADER } from './callbacks/index.ts';
import { actAndSee, kindsOf, plainUser, subscribedUser } from './setup/activity.ts';
import { registerValid } from './setup/webhooks.ts';
import { short } from './verdicts/http.ts';
import { NO_SECOND_APP, needTenant } from './setup/tenant-needs.ts';

/** the messages EVT-DM-001 sends, in this order: from another client and through the API, twice each */
const MESSAGES = [
  { via_api: false, text: 'from another client ✓' },
  { via_api: true, text: 'sent through the API ✓' },
  { via_api: true, text: 'sent through the API again' },
  { via_api: false, text: 'from another client again' },
];

export const activityDeliveryChecks: Record<string, DataCheck> = {
  // "All incoming direct messages are delivered, including messages sent through the API, so an app
  // sees messages sent from other clients": the recipient is subscribed, the sender is not (a user
  // of another client), each message is sent with via_api false and true
  'EVT-DM-001': async (ctx: DataCtx) => {
    const { hook: h } = await registerValid(ctx);
    const recipient = await subscribedUser(ctx, 'received');
    const sender = await plainUser(ctx);
    for (const m of MESSAGES) {
      const a = { kind: 'dm.send', user_id: sender.user_id, to_user_id: recipient.user_id, ...m };
      const { events } = await actAndSee(ctx, () => h.requests(), a);
      const how = m.via_api ? 'sent through the API' : 'sent from another client';
      ctx.observe(`events of an incoming direct message ${how}`, kindsOf(events));
      ctx.check(
        events.length > 0,
        `a direct message ${how} ("${m.text}") to a subscribed user reached the app's valid webhook as ${kindsOf(events)}`,
      );
    }
  },

  // "When several apps share one webhook URL and the same user is mapped to each, the same event is
  // delivered once per app": this app and another (a tenant) register one callback URL and subscribe
  // the same user; that user's post reaches the URL signed with each app's consumer secret
  'EVT-APP-001': async (ctx: DataCtx) => {
    needTenant(ctx, NO_SECOND_APP);
    // one callback for both apps: it answers each CRC with the consumer secret of the app registering
    let secret = ctx.api.target.consumerSecret;
    const h = ctx.receiver.hook({
      respond: (req) =>
        req.method === 'GET' && Object.hasOwn(req.query, 'crc_token')
          ? { status: 200, body: { response_token: correctToken(secret, req.query.crc_token) } }
          : { status: 200 },
    });
    ctx.defer(async () => h.release());
    const mine = await ctx.api.data.createWebhook(h.url);
    ctx.setup(mine.status === 200, `registering the shared callback URL for this app (POST /2/webhooks): ${short(mine)}`);
    const user = await subscribedUser(ctx);
    await ctx.onTenant(async (other) => {
      secret = other.api.target.consumerSecret;
      const theirs = await other.api.data.createWebhook(h.url);
      ctx.setup(
        theirs.status === 200,
        `registering the same callback URL for another app (POST /2/webhooks; WH-URL-006): ${short(theirs)}`,
      );
      try {
        await other.api.control.actions([{ kind: 'subscribe', user_id: user.user_id }]);
      } catch (e) {
        if (!(e instanceof ControlError)) throw e;
        ctx.notCheckable(
          `the other app could not subscribe the same user (POST /actions subscribe naming a user made for this app: ${e.message}): the target maps no user to two apps`,
        );
      }
      const post = { kind: 'post.create', user_id: user.user_id, text: 'one event, two apps ✓' };
      const { events } = await actAndSee(ctx, () => h.requests(), post);
      const signedBy = (key: string) => events.filter((e) => e.request.headers[SIGNATURE_HEADER] === signatureFor(key, e.request.rawBody));
      const byThis = signedBy(ctx.api.target.consumerSecret);
      const byOther = signedBy(other.api.target.consumerSecret);
      ctx.observe(
        'event ids of one event delivered to two apps at a shared URL',
        byThis[0]?.id === byOther[0]?.id ? 'the same' : 'different',
      );
      ctx.check(
        byThis.length > 0 && byOther.length > 0,
        `the shared callback URL got ${events.length} event POST(s) (${kindsOf(events)}) for a post of a user both apps subscribe: ${byThis.length} signed with this app's consumer secret, ${byOther.length} with the other app's; the event is delivered once per app`,
      );
    });
  },
};
