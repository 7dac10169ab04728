// Checks of the image conversation card rules (CAT-ICC-*): creation with valid parameters, the
// hashtag, title and thank-you lengths, title or second_cta, the list's count bounds, PUT of a
// call-to-action. Parameters are sent as query parameters, as the shared interface does.
import {
  brokenConversationBuilders,
  CONVERSATION_LIMITS,
  type ConversationMutation,
  type ConversationParams,
  validConversation,
} from '../../../../generators/ads/catalog/cards.ts';
import { checkProperty } from '../../../../harness/engine/property.ts';
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, expectShape, needOk, ok, records, what } from '../../reading/answers.ts';
import { requireWrites } from '../../setup/records.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { cardOf, cardsPath, fakeIds, imageKey } from './card-records.ts';

const FEW = (ctx: AdsCtx) => Math.min(ctx.runs, 20);

/** POST cards/image_conversation with the query parameters; the answer, whatever it is */
export async function postConversation(ctx: AdsCtx, params: ConversationParams): Promise<HttpResult> {
  requireWrites(ctx);
  return ctx.api.ads.call('POST', await cardsPath(ctx, '/image_conversation'), { query: params });
}

async function getConversation(ctx: AdsCtx, id: unknown): Promise<HttpResult> {
  return ctx.api.ads.call('GET', await cardsPath(ctx, `/image_conversation/${String(id)}`));
}

async function refuses(ctx: AdsCtx, mutation: ConversationMutation, label: string): Promise<void> {
  const arb = brokenConversationBuilders(await imageKey(ctx), ctx.api.name('conversation'))[mutation];
  await checkProperty(ctx, arb, async (params) => expectRefused(ctx, await postConversation(ctx, params), label), {
    runs: FEW(ctx),
    independent: true,
  });
}

const SERVED = ['first_cta', 'first_cta_tweet', 'title', 'name'] as const;

export const conversationChecks: Record<string, AdsCheck> = {
  async 'CAT-ICC-001'(ctx: AdsCtx) {
    const key = await imageKey(ctx);
    await checkProperty(
      ctx,
      validConversation(key, ctx.api.name('conversation')),
      async (params) => {
        const res = await postConversation(ctx, params);
        ctx.check(ok(res), `POST cards/image_conversation with valid parameters answered ${what(res)}`);
        const got = await getConversation(ctx, cardOf(res).id);
        needOk(ctx, got, 'GET cards/image_conversation/:card_id');
        expectShape(ctx, got, 'single', 'card', 'GET cards/image_conversation/:card_id');
        const rec = cardOf(got);
        for (const f of SERVED) ctx.check(rec[f] === params[f], `${f} sent ${JSON.stringify(params[f])}, served ${JSON.stringify(rec[f])}`);
      },
      { runs: FEW(ctx), independent: true },
    );
  },
  async 'CAT-ICC-002'(ctx: AdsCtx) {
    await refuses(ctx, 'hashtag-too-long', `a hashtag over ${CONVERSATION_LIMITS.hashtag} characters`);
  },
  async 'CAT-ICC-003'(ctx: AdsCtx) {
    await refuses(ctx, 'title-too-long', `a title over ${CONVERSATION_LIMITS.title} characters`);
  },
  async 'CAT-ICC-004'(ctx: AdsCtx) {
    await refuses(ctx, 'thank-you-too-long', `a thank-you text over ${CONVERSATION_LIMITS.thankYou} characters`);
  },
  async 'CAT-ICC-005'(ctx: AdsCtx) {
    await refuses(ctx, 'no-title-no-second-cta', 'a card with neither title nor second_cta');
  },

  async 'CAT-ICC-006'(ctx: AdsCtx) {
    const path = await cardsPath(ctx, '/image_conversation');
    const top = await ctx.api.ads.call('GET', path, { query: { count: CONVERSATION_LIMITS.countMax } });
    ctx.check(ok(top), `count=${CONVERSATION_LIMITS.countMax} answered ${what(top)}`);
    expectRefused(ctx, await ctx.api.ads.call('GET', path, { query: { count: 0 } }), 'count=0');
    expectRefused(
      ctx,
      await ctx.api.ads.call('GET', path, { query: { count: CONVERSATION_LIMITS.countMax + 1 } }),
      `count=${CONVERSATION_LIMITS.countMax + 1}`,
    );
  },

  async 'CAT-ICC-007'(ctx: AdsCtx) {
    const params = {
      media_key: await imageKey(ctx),
      name: ctx.api.name('conversation'),
      first_cta: '#before',
      first_cta_tweet: 'Before',
      title: 'Conformance',
    };
    const res = await postConversation(ctx, params);
    needOk(ctx, res, 'POST cards/image_conversation');
    const id = cardOf(res).id;
    const put = await ctx.api.ads.call('PUT', await cardsPath(ctx, `/image_conversation/${String(id)}`), {
      query: { first_cta: '#after', first_cta_tweet: 'After' },
    });
    ctx.check(ok(put), `PUT of first_cta and first_cta_tweet answered ${what(put)}`);
    const rec = cardOf(await getConversation(ctx, id));
    ctx.check(
      rec.first_cta === '#after' && rec.first_cta_tweet === 'After',
      `after PUT the card shows first_cta ${JSON.stringify(rec.first_cta)}, first_cta_tweet ${JSON.stringify(rec.first_cta_tweet)}`,
    );
  },

  async 'CAT-CARD-017'(ctx: AdsCtx) {
    const params = {
      media_key: await imageKey(ctx),
      name: ctx.api.name('conversation'),
      first_cta: '#listed',
      first_cta_tweet: 'Listed',
      title: 'Conformance',
    };
    const res = await postConversation(ctx, params);
    needOk(ctx, res, 'POST cards/image_conversation');
    const id = String(cardOf(res).id);
    const list = await ctx.api.ads.call('GET', await cardsPath(ctx), { query: { [catalogParam(ctx, 'cardIds')]: [id], count: 200 } });
    paramUsable(ctx, 'cardIds', list, 'GET cards filtered by card ids');
    needOk(ctx, list, 'GET cards with the image conversation card id');
    const ids = records(list).map((r) => String(r.id));
    ctx.check(!ids.includes(id), `GET cards listed the image conversation card ${id}`);
  },

  async 'CAT-ICC-008'(ctx: AdsCtx) {
    const key = await imageKey(ctx);
    const make = async (label: string) => {
      const res = await postConversation(ctx, {
        media_key: key,
        name: ctx.api.name(label),
        first_cta: '#filter',
        first_cta_tweet: 'Filter',
        title: 'Conformance',
      });
      needOk(ctx, res, 'POST cards/image_conversation');
      return String(cardOf(res).id);
    };
    const a = await make('filter-a');
    const b = await make('filter-b');
    const path = await cardsPath(ctx, '/image_conversation');
    const idsParam = catalogParam(ctx, 'cardIds');
    const res = await ctx.api.ads.call('GET', path, { query: { [idsParam]: [a] } });
    paramUsable(ctx, 'cardIds', res, 'GET cards/image_conversation filtered by card ids');
    needOk(ctx, res, `GET cards/image_conversation with ${idsParam}`);
    const ids = records(res).map((r) => String(r.id));
    ctx.check(ids.length === 1 && ids[0] === a, `${idsParam}=${a} answered ${JSON.stringify(ids)} (the other card is ${b})`);
    expectRefused(ctx, await ctx.api.ads.call('GET', path, { query: { [idsParam]: fakeIds(201) } }), '201 card ids');
  },
};
