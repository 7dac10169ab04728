// Checks of the video conversation card rules (CAT-VCC-*). The document shows PUT and DELETE only
// (no create, list or single GET), and not the request parameter names ("… and of the video
// conversation card request parameters, are: not shown"): the cards come from
// fixtures.ads.videoConversationCardIds, and the real interface's names (title, first_cta,
// first_cta_tweet, thank_you_text) are used once a PUT with them and short values is seen to work;
// a target that refuses that PUT makes the rules not checkable (the names may differ), never failed.
// The unlock image's rule (CAT-VCC-006) is in unlock.ts, beside the image card's.
import { CONVERSATION_LIMITS, hashtag, hashtagOf, hashtagTooLong, textOver } from '../../../../generators/ads/catalog/cards.ts';
import { checkProperty } from '../../../../harness/engine/property.ts';
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, needOk, ok, refused, what } from '../../reading/answers.ts';
import { requireWrites } from '../../setup/records.ts';
import { cardOf, cardsPath } from './card-records.ts';

/** the fixtures' video conversation card at `index` (0: to update, 1: to delete) */
export async function videoCard(ctx: AdsCtx, index: number): Promise<string> {
  requireWrites(ctx);
  const ids = (await ctx.api.fixtures()).videoConversationCardIds ?? [];
  if (ids.length <= index)
    ctx.notCheckable(
      `needs fixtures.ads.videoConversationCardIds with ${index + 1} card(s): the document shows no endpoint that creates one`,
    );
  return ids[index];
}

export async function putVideo(ctx: AdsCtx, id: string, query: Record<string, string>): Promise<HttpResult> {
  return ctx.api.ads.call('PUT', await cardsPath(ctx, `/video_conversation/${id}`), { query });
}

/** short valid PUT parameters under the real interface's names */
export const SHORT_PUT = { title: 'Conformance', first_cta: '#conformance', first_cta_tweet: 'Conformance' } as const;

/** a valid PUT with short values works with these names, or the rules cannot be examined (the names are not shown); its answer */
export async function workingPut(ctx: AdsCtx, id: string): Promise<HttpResult> {
  const res = await putVideo(ctx, id, SHORT_PUT);
  if (refused(res))
    ctx.notCheckable(
      `PUT of the video conversation card with title, first_cta and first_cta_tweet (short values) was refused (${what(res)}): ` +
        'the names of its request parameters are not shown by the document',
    );
  needOk(ctx, res, 'a valid PUT of the video conversation card');
  return res;
}

export const videoChecks: Record<string, AdsCheck> = {
  async 'CAT-VCC-001'(ctx: AdsCtx) {
    const id = await videoCard(ctx, 0);
    await workingPut(ctx, id);
    const title = 'x'.repeat(CONVERSATION_LIMITS.title);
    const judge = async (tag: string) => {
      const res = await putVideo(ctx, id, { title, first_cta: tag, first_cta_tweet: 'Conformance' });
      ctx.check(ok(res), `PUT title (${CONVERSATION_LIMITS.title} characters) and first_cta ${tag} answered ${what(res)}`, res);
      const rec = cardOf(res);
      if ('title' in rec) ctx.observe('PUT of a video conversation card answers the changed card', 'yes');
    };
    // a hashtag of 20 characters after the # in every run, then generated ones
    await judge(hashtagOf(CONVERSATION_LIMITS.hashtag));
    await checkProperty(ctx, hashtag(), judge, { runs: Math.min(ctx.runs, 10), independent: true });
  },
  async 'CAT-VCC-002'(ctx: AdsCtx) {
    const id = await videoCard(ctx, 0);
    await workingPut(ctx, id);
    const past = 't'.repeat(CONVERSATION_LIMITS.title + 1);
    expectRefused(ctx, await putVideo(ctx, id, { title: past }), `a title of ${past.length} characters`);
    await checkProperty(
      ctx,
      textOver(CONVERSATION_LIMITS.title),
      async (title) => expectRefused(ctx, await putVideo(ctx, id, { title }), `a title of ${title.length} characters`),
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },
  async 'CAT-VCC-003'(ctx: AdsCtx) {
    const id = await videoCard(ctx, 0);
    await workingPut(ctx, id);
    const past = hashtagOf(CONVERSATION_LIMITS.hashtag + 1);
    expectRefused(ctx, await putVideo(ctx, id, { first_cta: past, first_cta_tweet: 'Conformance' }), `a hashtag ${past}`);
    await checkProperty(
      ctx,
      hashtagTooLong(),
      async (tag) => expectRefused(ctx, await putVideo(ctx, id, { first_cta: tag, first_cta_tweet: 'Conformance' }), `a hashtag ${tag}`),
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },
  async 'CAT-VCC-005'(ctx: AdsCtx) {
    // "thank-you text, title max 23 characters"; the parameter's name is not shown: the real interface's thank_you_text
    const id = await videoCard(ctx, 0);
    const longest = 'x'.repeat(CONVERSATION_LIMITS.thankYou);
    const atMax = await putVideo(ctx, id, { thank_you_text: longest });
    if (!ok(atMax))
      ctx.notCheckable(
        `a PUT with thank_you_text of ${CONVERSATION_LIMITS.thankYou} characters was refused (${what(atMax)}): the video conversation card's parameter names are not shown`,
      );
    ctx.check(ok(atMax), `PUT thank_you_text of ${CONVERSATION_LIMITS.thankYou} characters answered ${what(atMax)}`);
    const past = 'y'.repeat(CONVERSATION_LIMITS.thankYou + 1);
    expectRefused(ctx, await putVideo(ctx, id, { thank_you_text: past }), `a thank-you text of ${past.length} characters`);
    await checkProperty(
      ctx,
      textOver(CONVERSATION_LIMITS.thankYou),
      async (text) =>
        expectRefused(ctx, await putVideo(ctx, id, { thank_you_text: text }), `a thank-you text of ${text.length} characters`),
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },
  async 'CAT-VCC-004'(ctx: AdsCtx) {
    const id = await videoCard(ctx, 1);
    // cards/all/:card_id must serve the card before its deletion for its absence after to mean anything
    // (the document shows no endpoint that retrieves video conversation cards themselves)
    const before = await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${id}`));
    if (!ok(before))
      ctx.notCheckable(
        `GET cards/all/${id} does not serve the live video conversation card (${what(before)}): its removal cannot be seen there`,
      );
    const del = await ctx.api.ads.call('DELETE', await cardsPath(ctx, `/video_conversation/${id}`));
    ctx.check(ok(del), `DELETE of the video conversation card answered ${what(del)}`);
    const after = await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${id}`));
    expectRefused(ctx, after, 'GET cards/all/:card_id of the deleted video conversation card');
    const kept = await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${id}`), { query: { with_deleted: true } });
    ctx.observe(
      'cards/all/:card_id with_deleted=true of a deleted video conversation card',
      ok(kept) ? `deleted = ${JSON.stringify(cardOf(kept).deleted)}` : String(kept.status),
    );
  },
};
