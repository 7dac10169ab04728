// POST <control>/ads/fixtures: a fresh account of the configured user with what the ads rules need,
// and an account of another user.
import { addApps, createAccount } from './accounts.ts';
import { addMedia, CARD_MEDIA } from './account-media.ts';
import { isoSeconds } from './clock.ts';
import { addConversationCard } from './conversation-cards.ts';
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
  // the images are 1200x628 (1.91:1), the size an image conversation card needs
  // a video and five distinct images (a carousel's SWIPEABLE_MEDIA names each media once)
  const media = ['PREROLL', 'BANNER', 'INTERSTITIAL', 'BANNER', 'MEDIUM_RECTANGLE', 'INTERSTITIAL_TABLET'].map((creativeType) => {
    const m = addMedia(ctx, account.id, creativeType, creativeType === 'PREROLL' ? {} : CARD_MEDIA.conversation_image);
    return { id: m.id, media_key: m.mediaKey, creative_type: creativeType };
  });
  const spare = addMedia(ctx, account.id, 'MEDIUM_RECTANGLE');
  if (ctx.spareGone) spare.deleted = true;
  // media the catalog document's cards and draft posts need (kinds and sizes: card-media.ts)
  const cardMedia = Object.fromEntries(
    (['conversation_image', 'unlock_image', 'conversation_video', 'animated_gif'] as const).map((role) => [
      `${role}_media_key`,
      addMedia(ctx, account.id, CARD_MEDIA[role].creativeType, CARD_MEDIA[role]).mediaKey,
    ]),
  );
  // library media by kind for the draft post media rule: more images than a draft takes, 2 GIFs, 2 videos
  const draftMedia = {
    images: [...Array(5)].map(() => addMedia(ctx, account.id, 'MEDIUM_RECTANGLE').mediaKey),
    gifs: [...Array(ctx.noGifs ? 0 : 2)].map(
      () => addMedia(ctx, account.id, 'INTERSTITIAL', { kind: 'GIF', width: 480, height: 480 }).mediaKey,
    ),
    videos: [...Array(2)].map(() => addMedia(ctx, account.id, 'PREROLL').mediaKey),
  };
  const videoCards = [1, 2].map((n) =>
    addConversationCard(ctx, account.id, 'VIDEO', {
      name: `Alt video conversation ${n}`,
      media_key: cardMedia.conversation_video_media_key,
      first_cta: '#Yes',
      first_cta_tweet: 'Yes, please',
      second_cta: '#No',
      second_cta_tweet: 'No, thanks',
      title: 'Pick one',
      thank_you_text: 'Thank you',
    }),
  );
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
    spare_account_media: { id: spare.id, media_key: spare.mediaKey, creative_type: spare.creativeType },
    ...cardMedia,
    video_conversation_card_ids: videoCards.map((c) => c.id),
    draft_media: { images: draftMedia.images, gifs: draftMedia.gifs, videos: draftMedia.videos },
    curated_category_ids: CURATED_CATEGORIES.map((c) => c.id),
    ineligible_user_id: ineligible,
    other_user_account_id: other.id,
  };
}
