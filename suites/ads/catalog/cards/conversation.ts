// Checks of the image conversation card rules (CAT-ICC-*): creation with valid parameters, the
// hashtag, title and thank-you lengths, title or second_cta, the list's count bounds, PUT of a
// call-to-action. Parameters are sent as query parameters, as the shared interface does. The media
// must be "at least 800 px wide, aspect ratio 1.91:1", which the fixtures do not say of their
// images: a refused creation with short, valid parameters makes a rule not checkable, and only
// then do refusals speak of the rule. What a card record carries is not shown: a served member
// named as a parameter is compared with what was sent (a hashtag with or without its #, the
// document counting it apart), a member the record lacks is not (a record lacking every value of
// the card itself leaves CAT-ICC-001 not checkable).
import {
  brokenConversationBuilders,
  CONVERSATION_LIMITS,
  hashtagOf,
  type ConversationMutation,
  type ConversationParams,
  validConversation,
} from '../../../../generators/ads/catalog/cards.ts';
import { checkProperty } from '../../../../harness/engine/property.ts';
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, expectShape, needOk, ok, records, refused, what } from '../../reading/answers.ts';
import { requireWrites } from '../../setup/records.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { cardOf, cardsPath, fakeIds, imageKey, mediaKeys } from './card-records.ts';

const FEW = (ctx: AdsCtx) => Math.min(ctx.runs, 20);

/** POST cards/image_conversation with the query parameters; the answer, whatever it is */
export async function postConversation(ctx: AdsCtx, params: ConversationParams): Promise<HttpResult> {
  requireWrites(ctx);
  return ctx.api.ads.call('POST', await cardsPath(ctx, '/image_conversation'), { query: params });
}

async function getConversation(ctx: AdsCtx, id: unknown): Promise<HttpResult> {
  return ctx.api.ads.call('GET', await cardsPath(ctx, `/image_conversation/${String(id)}`));
}

/** short valid create parameters with the fixtures' first image */
export async function simpleConversation(ctx: AdsCtx, label: string, cta = '#conformance'): Promise<ConversationParams> {
  return {
    media_key: await imageKey(ctx),
    name: ctx.api.name(label),
    first_cta: cta,
    first_cta_tweet: 'Conformance',
    title: 'Conformance',
  };
}

/** an image conversation card the rule needs (its creation is setup); its id. A refusal makes the
 *  rule not checkable: the image may not be what the card needs (800 px wide, 1.91:1: not known of the fixtures) */
export async function conversationCard(ctx: AdsCtx, params: ConversationParams): Promise<string> {
  const res = await postConversation(ctx, params);
  if (refused(res))
    ctx.notCheckable(
      `POST cards/image_conversation with short valid parameters was refused (${what(res)}): the image ${params.media_key} of the fixtures may not be ` +
        'at least 800 px wide at 1.91:1 (give such an image first in fixtures.ads.accountMedia)',
    );
  needOk(ctx, res, 'POST cards/image_conversation');
  const id = cardOf(res).id;
  if (typeof id !== 'string' && typeof id !== 'number')
    ctx.notCheckable(`POST cards/image_conversation answered no card id (card record fields are not shown): ${res.text.slice(0, 200)}`);
  return String(id);
}

/** a hashtag as a record serves it, for comparing: the # is not counted by the document, and a target may keep it or not */
const bare = (v: unknown) => (typeof v === 'string' ? v.replace(/^#/, '') : v);

/** the served members named as parameters that differ from what was sent (members the record lacks, or not sent, are not compared) */
function differing(rec: Record<string, unknown>, sent: Record<string, string>, fields: readonly string[]): string[] {
  return fields
    .filter((f) => sent[f] !== undefined && f in rec && rec[f] !== undefined)
    .filter((f) => (f.endsWith('_cta') ? bare(rec[f]) !== bare(sent[f]) : rec[f] !== sent[f]))
    .map((f) => `${f} sent ${JSON.stringify(sent[f])}, served ${JSON.stringify(rec[f])}`);
}

/** every generated card of the mutation is refused, the `edge` (the value just past the limit) first, in every run */
async function refuses(ctx: AdsCtx, mutation: ConversationMutation, label: string, edge?: ConversationParams): Promise<void> {
  const params = await simpleConversation(ctx, 'conversation');
  await conversationCard(ctx, params);
  if (edge)
    expectRefused(
      ctx,
      await postConversation(ctx, { ...params, name: ctx.api.name('edge'), ...edge }),
      `${label}: ${JSON.stringify(edge)}`,
    );
  const arb = brokenConversationBuilders(await imageKey(ctx), ctx.api.name('conversation'))[mutation];
  await checkProperty(ctx, arb, async (params) => expectRefused(ctx, await postConversation(ctx, params), label), {
    runs: FEW(ctx),
    independent: true,
  });
}

/** the create parameters CAT-ICC-001 sends and compares where the record carries them: the card's own values, and its name */
const VALUES = ['first_cta', 'first_cta_tweet', 'title', 'thank_you_text'] as const;
const SERVED = [...VALUES, 'name'] as const;

/**
 * a card with the further options in the real interface's names (second_cta_tweet …: "required post
 * text for each set option", its name not shown) is taken, or the rule is not checkable: a refusal
 * of a broken option then speaks of the rule, not of the names
 */
export async function optionNamesTaken(ctx: AdsCtx, options: ConversationParams): Promise<void> {
  const res = await postConversation(ctx, { ...(await simpleConversation(ctx, 'options')), ...options });
  if (refused(res))
    ctx.notCheckable(
      `POST cards/image_conversation with ${Object.keys(options).join(', ')} (short values) was refused (${what(res)}): ` +
        "the post text of each option after the first is described by role only (the real interface's <option>_cta_tweet was sent)",
    );
  needOk(ctx, res, 'POST cards/image_conversation with further options');
}

export const conversationChecks: Record<string, AdsCheck> = {
  // Create parameters: "media_key | image in the account media library": a key the library does not
  // hold is refused, once the same parameters with the library's image are seen to be taken
  async 'CAT-ICC-012'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const params = await simpleConversation(ctx, 'conversation');
    await conversationCard(ctx, params);
    let outside = `${params.media_key}9`;
    for (let n = 8; all.includes(outside); n--) outside = `${params.media_key}${n}`;
    expectRefused(
      ctx,
      await postConversation(ctx, { ...params, name: ctx.api.name('outside'), media_key: outside }),
      `media_key ${outside}, not in the account media library`,
    );
    // an image: a video of the library is refused too (where the fixtures have one)
    const { images } = await mediaKeys(ctx);
    const video = all.find((k) => !images.includes(k));
    if (video === undefined)
      ctx.notCheckable(
        'needs a video: fixtures.ads.accountMedia has no media of a video creative type (PREROLL, VAST_PREROLL), so a video media_key was not sent',
      );
    expectRefused(
      ctx,
      await postConversation(ctx, { ...params, name: ctx.api.name('video'), media_key: video }),
      `media_key ${video}, a video of the account media library (not an image)`,
    );
  },
  async 'CAT-ICC-001'(ctx: AdsCtx) {
    const key = await imageKey(ctx);
    await conversationCard(ctx, await simpleConversation(ctx, 'conversation'));
    // the values at their limits in every run (a hashtag of 20 characters after the #, a title and a
    // thank-you text of 23), then generated ones
    const atLimits: ConversationParams = {
      ...(await simpleConversation(ctx, 'limits')),
      first_cta: hashtagOf(CONVERSATION_LIMITS.hashtag),
      title: 't'.repeat(CONVERSATION_LIMITS.title),
      thank_you_text: 'y'.repeat(CONVERSATION_LIMITS.thankYou),
    };
    /** the card's own values sent that no record carried */
    const unseen = new Set<string>();
    const judge = async (params: ConversationParams) => {
      const res = await postConversation(ctx, params);
      ctx.check(ok(res), `POST cards/image_conversation with valid parameters answered ${what(res)}`, res);
      const id = cardOf(res).id;
      if (typeof id !== 'string' && typeof id !== 'number')
        ctx.notCheckable(`POST cards/image_conversation answered no card id (card record fields are not shown): ${res.text.slice(0, 200)}`);
      const got = await getConversation(ctx, id);
      ctx.check(ok(got), `GET cards/image_conversation/:card_id of the new card answered ${what(got)}`);
      expectShape(ctx, got, 'single', 'card', 'GET cards/image_conversation/:card_id');
      const rec = cardOf(got);
      ctx.check(!('id' in rec) || String(rec.id) === String(id), `GET cards/image_conversation/${String(id)} served ${what(got)}`);
      // "with the values sent": a record that carries none of the card's own values (record fields
      // are not shown) shows nothing of them; one that lacks some shows the others only
      const carried = VALUES.filter((f) => f in rec && rec[f] !== undefined);
      if (carried.length === 0)
        ctx.notCheckable(
          `the image conversation card record carries none of ${VALUES.join(', ')} (card record fields are not shown): the values sent could not be compared, only ${'name' in rec ? 'its name' : 'its id'}`,
        );
      for (const f of VALUES.filter((v) => params[v] !== undefined && !carried.includes(v))) unseen.add(f);
      const wrong = differing(rec, params, SERVED);
      ctx.check(wrong.length === 0, wrong.join('; '));
    };
    await judge(atLimits);
    await checkProperty(ctx, validConversation(key, ctx.api.name('conversation')), judge, { runs: FEW(ctx), independent: true });
    if (unseen.size > 0)
      ctx.note(
        `the image conversation card record carries no ${[...unseen].join(', ')} (card record fields are not shown): those values sent were not compared`,
      );
  },
  async 'CAT-ICC-002'(ctx: AdsCtx) {
    await refuses(ctx, 'hashtag-too-long', `a hashtag over ${CONVERSATION_LIMITS.hashtag} characters`, {
      first_cta: hashtagOf(CONVERSATION_LIMITS.hashtag + 1),
    });
  },
  async 'CAT-ICC-003'(ctx: AdsCtx) {
    await refuses(ctx, 'title-too-long', `a title over ${CONVERSATION_LIMITS.title} characters`, {
      title: 't'.repeat(CONVERSATION_LIMITS.title + 1),
    });
  },
  async 'CAT-ICC-004'(ctx: AdsCtx) {
    await refuses(ctx, 'thank-you-too-long', `a thank-you text over ${CONVERSATION_LIMITS.thankYou} characters`, {
      thank_you_text: 'y'.repeat(CONVERSATION_LIMITS.thankYou + 1),
    });
  },
  async 'CAT-ICC-005'(ctx: AdsCtx) {
    // "title is required if second_cta is absent, and second_cta is required if title is absent": a
    // card with second_cta (and its post text) and no title is taken; one with neither is refused
    const second = { second_cta: '#second', second_cta_tweet: 'Conformance choice two' };
    await optionNamesTaken(ctx, second);
    const { title: _title, ...untitled } = await simpleConversation(ctx, 'second-cta');
    const res = await postConversation(ctx, { ...(untitled as ConversationParams), ...second });
    ctx.check(ok(res), `a card with second_cta and no title answered ${what(res)}`);
    await refuses(ctx, 'no-title-no-second-cta', 'a card with neither title nor second_cta');
  },

  async 'CAT-ICC-006'(ctx: AdsCtx) {
    const path = await cardsPath(ctx, '/image_conversation');
    for (const count of [1, CONVERSATION_LIMITS.countMax]) {
      const res = await ctx.api.ads.call('GET', path, { query: { count } });
      ctx.check(ok(res), `count=${count} answered ${what(res)}`);
    }
    expectRefused(ctx, await ctx.api.ads.call('GET', path, { query: { count: 0 } }), 'count=0');
    expectRefused(
      ctx,
      await ctx.api.ads.call('GET', path, { query: { count: CONVERSATION_LIMITS.countMax + 1 } }),
      `count=${CONVERSATION_LIMITS.countMax + 1}`,
    );
  },

  async 'CAT-ICC-007'(ctx: AdsCtx) {
    // "PUT … changes the call-to-action hashtags and tweet texts": seen in the members named first_cta
    // and first_cta_tweet (record fields are not shown: without them the change cannot be seen)
    const params = await simpleConversation(ctx, 'conversation', '#before');
    const id = await conversationCard(ctx, { ...params, first_cta_tweet: 'Before' });
    const put = await ctx.api.ads.call('PUT', await cardsPath(ctx, `/image_conversation/${id}`), {
      query: { first_cta: '#after', first_cta_tweet: 'After' },
    });
    ctx.check(ok(put), `PUT of first_cta and first_cta_tweet answered ${what(put)}`);
    const rec = cardOf(await getConversation(ctx, id));
    const fields = ['first_cta', 'first_cta_tweet'] as const;
    if (!fields.some((f) => f in rec && rec[f] !== undefined))
      ctx.notCheckable(
        'the image conversation card record carries neither first_cta nor first_cta_tweet (card record fields are not shown)',
      );
    const wrong = differing(rec, { first_cta: '#after', first_cta_tweet: 'After' }, fields);
    ctx.check(wrong.length === 0, `after PUT the card shows ${wrong.join('; ')}`);
    // the hashtags it changes keep their rule: "max 20 characters not counting the #"
    const long = hashtagOf(CONVERSATION_LIMITS.hashtag + 1);
    expectRefused(
      ctx,
      await ctx.api.ads.call('PUT', await cardsPath(ctx, `/image_conversation/${id}`), { query: { first_cta: long } }),
      `PUT of first_cta=${long} (${CONVERSATION_LIMITS.hashtag + 1} characters past the #)`,
    );
    const after = cardOf(await getConversation(ctx, id));
    ctx.check(
      !('first_cta' in after) || bare(after.first_cta) === 'after',
      `after a refused PUT of first_cta=${long} the card shows first_cta ${JSON.stringify(after.first_cta)}`,
    );
  },

  async 'CAT-CARD-017'(ctx: AdsCtx) {
    const id = await conversationCard(ctx, await simpleConversation(ctx, 'conversation', '#listed'));
    const list = await ctx.api.ads.call('GET', await cardsPath(ctx), { query: { [catalogParam(ctx, 'cardIds')]: [id], count: 200 } });
    paramUsable(ctx, 'cardIds', list, 'GET cards filtered by card ids');
    needOk(ctx, list, 'GET cards with the image conversation card id');
    const ids = records(list).map((r) => String(r.id));
    ctx.check(!ids.includes(id), `GET cards listed the image conversation card ${id}`);
    // "returns only cards created through POST …" also leaves legacy cards out (without the option
    // to include them); no fixture names one, and none can be made through this document's endpoints
    ctx.note(
      'legacy website and app cards were not looked for: the fixtures name none, and no endpoint of the document makes one ' +
        '(their resource URLs are accounts/:account_id/cards/:card_type): that GET cards without the include-legacy option leaves them out was not tried',
    );
  },

  async 'CAT-ICC-008'(ctx: AdsCtx) {
    const key = await imageKey(ctx);
    const make = async (label: string) => conversationCard(ctx, { ...(await simpleConversation(ctx, label, '#filter')), media_key: key });
    const a = await make('filter-a');
    const b = await make('filter-b');
    const path = await cardsPath(ctx, '/image_conversation');
    const idsParam = catalogParam(ctx, 'cardIds');
    const res = await ctx.api.ads.call('GET', path, { query: { [idsParam]: [a] } });
    paramUsable(ctx, 'cardIds', res, 'GET cards/image_conversation filtered by card ids');
    needOk(ctx, res, `GET cards/image_conversation with ${idsParam}`);
    const ids = records(res).map((r) => String(r.id));
    ctx.check(ids.length === 1 && ids[0] === a, `${idsParam}=${a} answered ${JSON.stringify(ids)} (the other card is ${b})`);
    // "filter by card ids (up to 200)": 200 are taken (the card and 199 unknown ids), 201 refused
    const most = await ctx.api.ads.call('GET', path, { query: { [idsParam]: [a, ...fakeIds(199)] } });
    ctx.check(
      ok(most) && records(most).some((r) => String(r.id) === a),
      `200 card ids (card ${a} and unknown ones) answered ${what(most)}`,
    );
    expectRefused(ctx, await ctx.api.ads.call('GET', path, { query: { [idsParam]: fakeIds(201) } }), '201 card ids');
  },
};
