// POST <control>/ads/fixtures: a fresh account of the configured user with what the ads rules need,
// and an account of another user.
import { addApps, createAccount } from './accounts.ts';
import { isoSeconds } from './clock.ts';
import { nextOrder, numericId, recordId } from './ids.ts';
import { CURATED_CATEGORIES } from './reference-data.ts';
import type { Ctx, PromotableUser } from './store.ts';

const HOUR = 3_600_000;
const POSTS = 60;

export function makeFixtures(ctx: Ctx): Record<string, unknown> {
  const st = ctx.st;
  const now = ctx.clock.now();
  const account = createAccount(ctx, ctx.mainUserId, {
    name: `Alt Advertiser ${recordId()}`,
    sandbox: false,
    allowlisted: true,
    features: ['REACH_FREQUENCY_CAP'],
  });
  addApps(ctx, account.id);
  const fi = [...st.fundingInstruments.values()].find((f) => f.accountId === account.id);
  const users: PromotableUser[] = (['FULL', 'FULL', 'RETWEETS_ONLY'] as const).map((type) => {
    const userId = numericId();
    return { id: userId, userId, type, order: nextOrder(), accountId: account.id, createdAt: now, updatedAt: now, deleted: false };
  });
  for (const u of users) st.promotableUsers.set(u.id, u);
  const tweetIds: string[] = [];
  for (let i = 0; i < POSTS; i++) {
    const id = numericId();
    st.posts.set(id, { id, authorId: users[0].userId });
    tweetIds.push(id);
  }
  const scheduled = [1, 30, 24 * 7].map((hours) => {
    const id = numericId();
    st.scheduledTweets.set(id, { id, accountId: account.id, scheduledAt: now + hours * HOUR, publishedId: numericId() });
    return { id, scheduled_at: isoSeconds(now + hours * HOUR) };
  });
  const media = ['PREROLL', 'BANNER', 'INTERSTITIAL'].map((creativeType, i) => {
    const id = recordId();
    const mediaKey = `${i === 0 ? 13 : 3}_${numericId()}`;
    st.accountMedia.set(id, { id, accountId: account.id, mediaKey, creativeType });
    return { id, media_key: mediaKey, creative_type: creativeType };
  });
  const ineligible = numericId();
  st.ineligibleUsers.add(ineligible);
  const other = createAccount(ctx, ctx.otherUserId, { name: `Alt Other ${recordId()}`, sandbox: false, allowlisted: true });
  return {
    account_id: account.id,
    funding_instrument_id: fi?.id,
    promotable_user_ids: users.map((u) => u.id),
    tweet_ids: tweetIds,
    scheduled_tweets: scheduled,
    account_media: media,
    curated_category_ids: CURATED_CATEGORIES.map((c) => c.id),
    ineligible_user_id: ineligible,
    other_user_account_id: other.id,
  };
}
