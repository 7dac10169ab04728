// Activity subscriptions made through the API (POST /2/activity/subscriptions: "creates activity
// subscriptions filtered by user id, optionally by keyword, optionally by direction (sent, received,
// or both) for direct-message and chat events"), judged by the direct messages of users of the app
// (TARGET-CONTRACT §3b) that reach the subscription's webhook; and OAuth 1.0a on that interface
// (Authentication 3). The payloads are not shown: the run sends the real service's form,
// {filter: {user_id, keyword?, direction?}, webhook_id}; a target that refuses it leaves the rule
// not checkable, saying so. A subscription cannot be removed (the document gives no way), so these
// rules run on a tenant of their own, AUTH-004 too (signing with the tenant's consumer key where POST
// /tenants names one).
import type { InboundRequest } from '../../harness/receiver/types.ts';
import type { ControlUser } from '../../harness/target/control.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { DataCheck, DataCtx } from './api.ts';
import { oauth1Header } from './client/oauth1.ts';
import { actAndSee, kindsOf, plainUser } from './setup/activity.ts';
import { registerValid } from './setup/webhooks.ts';
import { isSuccess, short } from './verdicts/http.ts';
import { needTenant, SUBSCRIPTIONS_STAY } from './setup/tenant-needs.ts';

const PATH = '/2/activity/subscriptions';

/** the run's subscription of a user to a webhook (the payload is not shown: the real service's form) */
function subscriptionOf(userId: string, webhookId: string, filter: { direction?: string; keyword?: string } = {}) {
  return { filter: { user_id: userId, ...filter }, webhook_id: webhookId, tag: 'conform' };
}

/** the rules that make subscriptions run on a tenant of their own (their holds put them there), never on the app */
const onOwnTenant = (ctx: DataCtx) => needTenant(ctx, SUBSCRIPTIONS_STAY);

/** makes a subscription; a refusal of the run's form leaves the rule not checkable */
async function subscribe(ctx: DataCtx, body: ReturnType<typeof subscriptionOf>): Promise<void> {
  const res = await ctx.api.data.call('POST', PATH, { json: body });
  ctx.observe('answer of POST /2/activity/subscriptions', `${res.status} ${res.contentType || '(no content type)'}`);
  if (res.status === 401 || res.status === 403)
    ctx.notCheckable(
      `POST ${PATH} was answered ${short(res)}: the app is refused access (some endpoints require enrolment or approval, Authentication 3)`,
    );
  if (!isSuccess(res))
    ctx.notCheckable(
      `POST ${PATH} refused the run's subscription ${JSON.stringify(body)} (${short(res)}): its request payload is not shown, so the target may expect another form`,
    );
}

/** a direct message from one user to another, and how many events it gave at the hook */
async function message(ctx: DataCtx, h: { requests(): readonly InboundRequest[] }, from: ControlUser, to: ControlUser, text: string) {
  const a = { kind: 'dm.send', user_id: from.user_id, to_user_id: to.user_id, text };
  return (await actAndSee(ctx, () => h.requests(), a)).events;
}

/** two answers alike: both successes, or failures with the same status */
const alike = (a: HttpResult, b: HttpResult) => (isSuccess(a) && isSuccess(b)) || a.status === b.status;

/** the answers of one subscription made with a user's OAuth 2.0 and OAuth 1.0a credentials, on the app `c` acts on */
async function bothWays(ctx: DataCtx, c: DataCtx, consumerKey: string): Promise<{ viaOAuth2: HttpResult; viaOAuth1: HttpResult }> {
  const u = await plainUser(c);
  if (!u.access_token_secret)
    ctx.notCheckable('the control API gave the user no access_token_secret: no OAuth 1.0a credentials to sign with');
  const body = { filter: { user_id: u.user_id } };
  const oauth2 = u.bearer_token ? { authorization: `Bearer ${u.bearer_token}` } : undefined;
  const viaOAuth2 = await c.api.data.call('POST', PATH, { json: body, ...(oauth2 ? { auth: 'none', headers: oauth2 } : {}) });
  const keys = { consumerKey, consumerSecret: c.api.target.consumerSecret, token: u.access_token, tokenSecret: u.access_token_secret };
  const authorization = oauth1Header(keys, 'POST', c.api.target.baseUrl + PATH);
  const viaOAuth1 = await c.api.data.call('POST', PATH, { json: body, auth: 'none', headers: { authorization } });
  ctx.observe(`POST ${PATH} with OAuth 2.0 (${oauth2 ? "the user's bearer token" : "the app's bearer token"})`, `${viaOAuth2.status}`);
  ctx.observe(`POST ${PATH} with OAuth 1.0a`, `${viaOAuth1.status}`);
  return { viaOAuth2, viaOAuth1 };
}

const describe = (t: { viaOAuth2: HttpResult; viaOAuth1: HttpResult }) =>
  `a subscription made with the user's OAuth 1.0a credentials was answered ${short(t.viaOAuth1)}, the same made with OAuth 2.0 ${short(t.viaOAuth2)}`;

export const activitySubscriptionChecks: Record<string, DataCheck> = {
  // "filtered by user id": a subscription of one user delivers that user's messages, not another's
  // (direction both, so that no reading of an omitted direction leaves the user's sent messages out)
  'SUB-001': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const { hook: h, id } = await registerValid(ctx);
    const [subscribed, other, recipient] = [await plainUser(ctx), await plainUser(ctx), await plainUser(ctx)];
    await subscribe(ctx, subscriptionOf(subscribed.user_id, id, { direction: 'both' }));
    const own = await message(ctx, h, subscribed, recipient, 'from the subscribed user');
    ctx.check(own.length > 0, `a direct message sent by the subscribed user gave ${kindsOf(own)} at the subscription's webhook`);
    const foreign = await message(ctx, h, other, recipient, 'from a user no subscription names');
    ctx.check(
      foreign.length === 0,
      `a direct message between two users the subscription does not name reached its webhook as ${kindsOf(foreign)}: it is filtered by user id`,
    );
  },

  // "optionally by direction (sent, received, or both) for direct-message … events": a subscription
  // with each direction, of a user of its own; each user sends a message and receives one
  'SUB-002': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const { hook: h, id } = await registerValid(ctx);
    const peer = await plainUser(ctx);
    for (const direction of ['sent', 'received', 'both'] as const) {
      const u = await plainUser(ctx);
      await subscribe(ctx, subscriptionOf(u.user_id, id, { direction }));
      const sent = await message(ctx, h, u, peer, `sent by a user subscribed with direction ${direction}`);
      const got = await message(ctx, h, peer, u, `received by a user subscribed with direction ${direction}`);
      ctx.check(
        sent.length > 0 === (direction !== 'received'),
        `a message the user subscribed with direction ${direction} sent gave ${kindsOf(sent)} at the webhook: ${direction === 'received' ? 'it is not one it received' : 'it is one it sent'}`,
      );
      ctx.check(
        got.length > 0 === (direction !== 'sent'),
        `a message the user subscribed with direction ${direction} received gave ${kindsOf(got)} at the webhook: ${direction === 'sent' ? 'it is not one it sent' : 'it is one it received'}`,
      );
    }
  },

  // "optionally by keyword": a message containing the keyword is delivered; whether one without it
  // is left out is observed (the document does not say which events a keyword applies to)
  'SUB-003': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const { hook: h, id } = await registerValid(ctx);
    const [u, peer] = [await plainUser(ctx), await plainUser(ctx)];
    const keyword = 'conformkeyword';
    await subscribe(ctx, subscriptionOf(u.user_id, id, { keyword, direction: 'both' }));
    const matching = await message(ctx, h, u, peer, `a message naming ${keyword} ✓`);
    ctx.check(
      matching.length > 0,
      `a message of the subscribed user containing the keyword "${keyword}" gave ${kindsOf(matching)} at the webhook`,
    );
    const other = await message(ctx, h, u, peer, 'a message without it');
    ctx.observe('a message without the keyword of a keyword subscription', other.length > 0 ? 'delivered' : 'not delivered');
  },

  // Authentication 3: "The account activity interface accepts OAuth 2.0 … as well as OAuth 1.0a": a
  // subscription of a user, made with that user's OAuth 1.0a credentials, is answered as the same
  // made with OAuth 2.0 (the user's bearer token, else the app's). On a tenant of its own (a
  // subscription cannot be removed), signed with the tenant's consumer key where POST /tenants names
  // one (consumer_key, an extension of §3a), else with the configured app's, which may not be the
  // tenant's: answered unalike with that key, the rule cannot tell a refusal from a wrong key
  'AUTH-004': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const appKey = ctx.api.target.consumerKey;
    await ctx.onTenant(async (c) => {
      const named = c.api.target.consumerKey;
      const key = named ?? appKey;
      if (key === undefined)
        ctx.notCheckable(
          "OAuth 1.0a signs with the app's consumer key: POST /tenants named none of the tenant (consumer_key) and the config names none (target.dataApi.consumerKey)",
        );
      const tried = await bothWays(ctx, c, key as string);
      if (!alike(tried.viaOAuth2, tried.viaOAuth1) && named === undefined)
        ctx.notCheckable(
          `${describe(tried)}, signed with the configured app's consumer key: POST /tenants named no consumer_key of the tenant, whose key may be its own (TARGET-CONTRACT §3a names none), and the same tried on the app itself would leave a subscription no call removes`,
        );
      ctx.check(alike(tried.viaOAuth2, tried.viaOAuth1), `${describe(tried)}: the interface accepts both`, tried.viaOAuth1);
    });
  },
};
