// The ads part of the test-control API (TARGET-CONTRACT §3): POST /__control/ads/fixtures creates
// a fresh account of the authenticated user with everything the ads rules need, and answers its
// ids. Scheduled posts are due one and two days ahead on the host's clock.

import { json } from '../host/http.ts';
import type { Route } from '../host/types.ts';
import { type Ctx, nowIso } from './context.ts';
import { addPromotableUser, createAccount, mainFundingInstrument, otherUsersAccount } from './factory.ts';
import { addVideoConversationCard } from './catalog/cards/conversation.ts';
import { CURATED_CATEGORIES } from './lookup-data.ts';
import { ME } from './state.ts';

const DAY_MS = 86_400_000;
/** granted to the fixtures' account (GET features: REACH_AND_FREQUENCY_ANALYTICS, REACH_FREQUENCY_CAP, WEBSITE_CLICKS_CPM_BILLING) */
export const FIXTURE_FEATURES = ['REACH_AND_FREQUENCY_ANALYTICS', 'WEBSITE_CLICKS_CPM_BILLING'] as const;
const FIXTURE_POSTS = 55;

function fixtures(ctx: Ctx) {
  const { state } = ctx;
  const acc = createAccount(ctx, ME, `Conformance fixtures ${state.accounts.size + 1}`);
  // the account a user of the control API holds a role on unless it names another (TARGET-CONTRACT §3b)
  state.fixturesAccount = acc.record.id;
  addPromotableUser(ctx, acc, state.ids.snowflake(), 'RETWEETS_ONLY');
  // two of the three features GET features filters by, so that feature_keys has something to filter
  // (choice ads-fixture-account-without-features: none)
  if (!ctx.choice('ads-fixture-account-without-features')) for (const key of FIXTURE_FEATURES) acc.features.add(key);
  // more posts than one promoted post creation takes (tweet_ids: up to 50), so that the limit shows with distinct posts
  const tweetIds = Array.from({ length: FIXTURE_POSTS }, (_, i) => i + 1).map((n) => {
    const id = state.ids.snowflake();
    state.posts.set(id, { id, userId: ME, text: `Fixture post ${n}` });
    return id;
  });
  const now = ctx.clock.nowMs();
  const scheduled = [1, 2].map((days) => {
    const id = state.ids.snowflake();
    const at = now + days * DAY_MS;
    state.scheduledPosts.set(id, { id, userId: ME, scheduledAt: at, publishedId: state.ids.snowflake() });
    return { id, scheduled_at: new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z') };
  });
  // a video and six distinct images: a carousel card's SWIPEABLE_MEDIA takes up to 6 media, each named once
  const media = (
    ['PREROLL', 'INTERSTITIAL', 'BANNER', 'MEDIUM_RECTANGLE', 'INTERSTITIAL_TABLET', 'BANNER_TABLET', 'INTERSTITIAL_LANDSCAPE'] as const
  ).map((type) => {
    const created = nowIso(ctx);
    const rec = acc.accountMedia.add(state.seq(), {
      id: state.ids.record(),
      media_key: `${type === 'PREROLL' ? 13 : 3}_${state.ids.snowflake()}`,
      creative_type: type,
      created_at: created,
      updated_at: created,
      deleted: false,
    });
    return { id: rec.id, media_key: rec.media_key as string, creative_type: type };
  });
  // one more image that a rule may delete (account media DELETE), apart from those other rules use
  const spareAt = nowIso(ctx);
  const spare = acc.accountMedia.add(state.seq(), {
    id: state.ids.record(),
    media_key: `3_${state.ids.snowflake()}`,
    creative_type: 'BANNER',
    created_at: spareAt,
    updated_at: spareAt,
    deleted: false,
  });
  // n media of the library, by key prefix and creative type
  const libraryMedia = (prefix: string, type: string, n: number) =>
    Array.from({ length: n }, () => {
      const key = `${prefix}_${state.ids.snowflake()}`;
      acc.accountMedia.add(state.seq(), {
        id: state.ids.record(),
        media_key: key,
        creative_type: type,
        created_at: spareAt,
        updated_at: spareAt,
        deleted: false,
      });
      return key;
    });
  // media for draft posts, by kind: enough to break the media rule every way (5 images, 2 GIFs, 2 videos)
  const draft_media = {
    images: libraryMedia('3', 'BANNER', 5),
    gifs: libraryMedia('16', 'INTERSTITIAL', 2),
    videos: libraryMedia('13', 'PREROLL', 2),
  };
  // an image for a conversation card's unlock image ("at least 800 px wide, aspect ratio 5:2"), apart from the card's own
  const unlock = libraryMedia('3', 'BANNER', 1)[0];
  const ineligible = state.ids.snowflake();
  state.ineligibleUsers.add(ineligible);
  return {
    account_id: acc.record.id,
    funding_instrument_id: mainFundingInstrument(acc).id,
    promotable_user_ids: acc.promotableUsers.all().map((u) => u.id),
    tweet_ids: tweetIds,
    scheduled_tweets: scheduled,
    account_media: media,
    spare_account_media: { id: spare.id, media_key: spare.media_key as string, creative_type: 'BANNER' },
    draft_media,
    unlock_image_media_key: unlock,
    // the document shows no create endpoint for video conversation cards: two made here (one to update, one to delete)
    video_conversation_card_ids: [1, 2].map(() => addVideoConversationCard(ctx, acc, media[0].media_key).id),
    curated_category_ids: CURATED_CATEGORIES.filter((c) => (c.country_codes as readonly string[]).includes('US')).map((c) => c.id),
    ineligible_user_id: ineligible,
    other_user_account_id: otherUsersAccount(ctx) ?? null,
  };
}

export function adsControlRoutes(ctx: Ctx): Route[] {
  return [{ method: 'POST', path: '/ads/fixtures', handle: () => json(200, fixtures(ctx)) }];
}
