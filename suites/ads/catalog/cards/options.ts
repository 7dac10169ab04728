// Checks of the image conversation card's further options (CAT-ICC-014): "second_cta, third_cta,
// fourth_cta | hashtags, max 20 characters each; required post text for each set option". The post
// texts' names are not shown: the real interface's <option>_cta_tweet, once a card with them is seen
// to be taken (optionNamesTaken); each hashtag at 20 characters is taken and at 21 refused, and each
// set option without any post text is refused.
import { CONVERSATION_LIMITS, hashtagOf } from '../../../../generators/ads/catalog/cards.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, ok, what } from '../../reading/answers.ts';
import { optionNamesTaken, postConversation, simpleConversation } from './conversation.ts';

const FURTHER = ['second', 'third', 'fourth'] as const;

/** the options up to `last`, each with its hashtag and post text */
function optionsUpTo(last: number, tag: (o: string) => string): Record<string, string> {
  return Object.fromEntries(
    FURTHER.slice(0, last + 1).flatMap((o) => [
      [`${o}_cta`, tag(o)],
      [`${o}_cta_tweet`, `Conformance ${o}`],
    ]),
  );
}

export const optionChecks: Record<string, AdsCheck> = {
  async 'CAT-ICC-014'(ctx: AdsCtx) {
    await optionNamesTaken(
      ctx,
      optionsUpTo(2, (o) => `#${o}`),
    );
    for (const [i, o] of FURTHER.entries()) {
      const base = await simpleConversation(ctx, `option-${o}`);
      const longest = { ...base, ...optionsUpTo(i, () => hashtagOf(CONVERSATION_LIMITS.hashtag)) };
      const res = await postConversation(ctx, longest);
      ctx.check(ok(res), `${o}_cta of ${CONVERSATION_LIMITS.hashtag} characters after the # answered ${what(res)}`);
      const past = {
        ...base,
        name: ctx.api.name(`past-${o}`),
        ...optionsUpTo(i, (x) => (x === o ? hashtagOf(CONVERSATION_LIMITS.hashtag + 1) : `#${x}`)),
      };
      expectRefused(ctx, await postConversation(ctx, past), `${o}_cta of ${CONVERSATION_LIMITS.hashtag + 1} characters after the #`);
      const untexted: Record<string, string> = { ...base, name: ctx.api.name(`untexted-${o}`), ...optionsUpTo(i, (x) => `#${x}`) };
      delete untexted[`${o}_cta_tweet`];
      expectRefused(ctx, await postConversation(ctx, untexted), `${o}_cta set without its post text`);
    }
  },
};
