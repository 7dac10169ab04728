/**
 * Field selection (tweet.fields, media.fields, user fields) and complete post,
 * media and user fixtures with consistent relations.
 *
 * Field lists are the document's table "Post, media and user objects".
 */
import fc from 'fast-check';
import { ALPHANUMERIC, LETTERS, LOWER_ALPHANUMERIC, stringOf } from '../builders.ts';
import { postId, userId } from './ids.ts';

/** Post fields of the document minus the defaults id and text. */
export const POST_FIELDS = [
  'author_id',
  'created_at',
  'conversation_id',
  'in_reply_to_user_id',
  'lang',
  'source',
  'possibly_sensitive',
  'referenced_tweets',
  'attachments',
  'public_metrics',
  'entities',
  'context_annotations',
  'paid_partnership',
] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** Media fields of the document minus media_key and type. */
export const MEDIA_FIELDS = ['duration_ms', 'public_metrics'] as const;
export type MediaField = (typeof MEDIA_FIELDS)[number];

/** User fields of the document minus id (the document names no default user fields; id identifies the user). */
export const USER_FIELDS = [
  'name',
  'username',
  'created_at',
  'description',
  'location',
  'url',
  'protected',
  'verified',
  'profile_image_url',
  'pinned_tweet_id',
  'public_metrics',
  'entities',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** Non-empty subsets of `fields`, in the order of `fields`, without repeats. */
export function fieldSubset<F extends string>(fields: readonly F[]): fc.Arbitrary<F[]> {
  if (fields.length === 0) throw new RangeError('fieldSubset needs at least one field');
  return fc.subarray([...fields], { minLength: 1 });
}

/** The comma-joined parameter value of `subset`, in a generated (shuffled) order. */
export function fieldListParam(subset: readonly string[]): fc.Arbitrary<string> {
  if (subset.length === 0) throw new RangeError('fieldListParam needs at least one field');
  return fc.shuffledSubarray([...subset], { minLength: subset.length, maxLength: subset.length }).map((a) => a.join(','));
}

// ---------------------------------------------------------------------------
// Object types

export interface OffsetEntity {
  start: number;
  end: number;
}
export interface UrlEntity extends OffsetEntity {
  url: string;
  expanded_url: string;
  display_url: string;
}
export interface MentionEntity extends OffsetEntity {
  username: string;
  id: string;
}
export interface HashtagEntity extends OffsetEntity {
  tag: string;
}
export interface AnnotationEntity extends OffsetEntity {
  probability: number;
  type: string;
  normalized_text: string;
}
export interface ContextAnnotation {
  domain: { id: string; name: string; description: string };
  entity: { id: string; name: string; description: string };
}
export interface Post {
  id: string;
  text: string;
  author_id: string;
  created_at: string;
  conversation_id: string;
  in_reply_to_user_id: string;
  lang: string;
  source: string;
  possibly_sensitive: boolean;
  referenced_tweets: Array<{ type: string; id: string }>;
  attachments: { media_keys: string[] };
  public_metrics: { retweet_count: number; reply_count: number; like_count: number; quote_count: number };
  entities: { urls: UrlEntity[]; mentions: MentionEntity[]; hashtags: HashtagEntity[]; annotations: AnnotationEntity[] };
  context_annotations: ContextAnnotation[];
  paid_partnership: boolean;
}
export type MediaType = 'photo' | 'video' | 'animated_gif';
export interface Media {
  media_key: string;
  type: MediaType;
  duration_ms: number;
  public_metrics: { view_count: number };
}
export interface User {
  id: string;
  name: string;
  username: string;
  created_at: string;
  description: string;
  location: string;
  url: string;
  protected: boolean;
  verified: boolean;
  profile_image_url: string;
  pinned_tweet_id: string;
  public_metrics: { followers_count: number; following_count: number; tweet_count: number; listed_count: number };
  entities: { url: { urls: UrlEntity[] }; description: { hashtags: HashtagEntity[] } };
}
/** Posts whose author_id, in_reply_to_user_id, mentions and media_keys all point into users / media. */
export interface TweetWorld {
  posts: Post[];
  users: User[];
  media: Media[];
}

// ---------------------------------------------------------------------------
// Small builders

const word = () => stringOf(LOWER_ALPHANUMERIC, 1, 10);
/** Hashtag text: starts with a letter (an all-digit "#123" is not a hashtag). */
const tagWord = () => fc.tuple(stringOf(LETTERS, 1, 1), stringOf(LOWER_ALPHANUMERIC, 0, 9)).map(([a, b]) => a + b);
const count = () => fc.nat({ max: 1_000_000 });
const isoMillis = (min: string, max: string) =>
  fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map((d) => d.toISOString());
const username = () => stringOf(`${ALPHANUMERIC}_`, 1, 15);
const displayName = () => fc.array(stringOf(LETTERS, 1, 12), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '));
const tcoUrl = () => stringOf(ALPHANUMERIC, 10, 10).map((slug) => `https://t.co/${slug}`);

/** Post creation times are after every user creation time. */
const POST_TIME_MIN = '2021-01-01T00:00:00.000Z';
const POST_TIME_MAX = '2029-12-31T23:59:59.999Z';
const USER_TIME_MIN = '2006-03-21T00:00:00.000Z';
const USER_TIME_MAX = '2020-12-31T23:59:59.999Z';

/** Text made of parts whose entity offsets are computed, not generated. */
interface PostTextParts {
  words: string[];
  tag: string;
  link: string;
  linkPath: string;
  annotationType: string;
  annotationProbability: number;
}
const postTextParts = (): fc.Arbitrary<PostTextParts> =>
  fc.record({
    words: fc.array(word(), { minLength: 1, maxLength: 6 }),
    tag: tagWord(),
    link: tcoUrl(),
    linkPath: word(),
    annotationType: fc.constantFrom('Person', 'Place', 'Product', 'Organization', 'Other'),
    annotationProbability: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000),
  });

/**
 * text = "<words> #<tag> @<username> <link>"; every entity's [start, end) is
 * the slice of text it names (ASCII text, so code units = code points).
 */
function composePostText(parts: PostTextParts, mention: { id: string; username: string }): Pick<Post, 'text' | 'entities'> {
  const lead = parts.words.join(' ');
  const hashtag = `#${parts.tag}`;
  const at = `@${mention.username}`;
  const text = `${lead} ${hashtag} ${at} ${parts.link}`;
  const hashStart = lead.length + 1;
  const atStart = hashStart + hashtag.length + 1;
  const linkStart = atStart + at.length + 1;
  const first = parts.words[0];
  return {
    text,
    entities: {
      urls: [
        {
          start: linkStart,
          end: linkStart + parts.link.length,
          url: parts.link,
          expanded_url: `https://conformance.test/${parts.linkPath}`,
          display_url: `conformance.test/${parts.linkPath}`,
        },
      ],
      mentions: [{ start: atStart, end: atStart + at.length, username: mention.username, id: mention.id }],
      hashtags: [{ start: hashStart, end: hashStart + hashtag.length, tag: parts.tag }],
      annotations: [
        {
          start: 0,
          end: first.length,
          probability: parts.annotationProbability,
          type: parts.annotationType,
          normalized_text: first,
        },
      ],
    },
  };
}

/** The generated parts of a post that do not depend on other objects. */
interface PostDraft {
  parts: PostTextParts;
  lang: string;
  source: string;
  possibly_sensitive: boolean;
  paid_partnership: boolean;
  public_metrics: Post['public_metrics'];
  context_annotations: ContextAnnotation[];
}
const contextAnnotation = (): fc.Arbitrary<ContextAnnotation> =>
  fc.record({
    domain: fc.record({ id: fc.integer({ min: 1, max: 200 }).map(String), name: displayName(), description: displayName() }),
    entity: fc.record({ id: postId, name: displayName(), description: displayName() }),
  });
const postDraft = (): fc.Arbitrary<PostDraft> =>
  fc.record({
    parts: postTextParts(),
    lang: fc.constantFrom('en', 'es', 'fr', 'de', 'ja', 'pt', 'und'),
    source: fc.constantFrom('X Web App', 'Twitter for iPhone', 'conform fixture client'),
    possibly_sensitive: fc.boolean(),
    paid_partnership: fc.boolean(),
    public_metrics: fc.record({ retweet_count: count(), reply_count: count(), like_count: count(), quote_count: count() }),
    context_annotations: fc.array(contextAnnotation(), { minLength: 1, maxLength: 3 }),
  });

/** The relations of a post to other objects. */
interface PostLinks {
  id: string;
  authorId: string;
  createdAt: string;
  /** the post this one replies to, and that post's author and conversation */
  repliedTo: { id: string; authorId: string; conversationId: string };
  mention: { id: string; username: string };
  mediaKeys: string[];
}

/** Mapper: draft + links -> a complete post with every field of the document's table. */
function buildPost(d: PostDraft, l: PostLinks): Post {
  const { text, entities } = composePostText(d.parts, l.mention);
  return {
    id: l.id,
    text,
    author_id: l.authorId,
    created_at: l.createdAt,
    conversation_id: l.repliedTo.conversationId,
    in_reply_to_user_id: l.repliedTo.authorId,
    lang: d.lang,
    source: d.source,
    possibly_sensitive: d.possibly_sensitive,
    referenced_tweets: [{ type: 'replied_to', id: l.repliedTo.id }],
    attachments: { media_keys: l.mediaKeys },
    public_metrics: d.public_metrics,
    entities,
    context_annotations: d.context_annotations,
    paid_partnership: d.paid_partnership,
  };
}

const MEDIA_KEY_PREFIX: Record<MediaType, string> = { photo: '3', video: '7', animated_gif: '16' };

/** Complete media objects: media_key "<type prefix>_<snowflake>", duration_ms 0 except for videos. */
export function mediaFixture(): fc.Arbitrary<Media> {
  return fc
    .record({
      type: fc.constantFrom<MediaType>('photo', 'video', 'animated_gif'),
      id: postId,
      videoDuration: fc.integer({ min: 1, max: 140_000 }),
      views: count(),
    })
    .map(({ type, id, videoDuration, views }) => ({
      media_key: `${MEDIA_KEY_PREFIX[type]}_${id}`,
      type,
      duration_ms: type === 'video' ? videoDuration : 0,
      public_metrics: { view_count: views },
    }));
}

/** Complete user objects (created 2006-2020); url and description entities match the strings. */
export function userFixture(): fc.Arbitrary<User> {
  return fc
    .record({
      id: userId,
      name: displayName(),
      username: username(),
      created_at: isoMillis(USER_TIME_MIN, USER_TIME_MAX),
      descriptionWords: fc.array(word(), { minLength: 1, maxLength: 5 }),
      descriptionTag: tagWord(),
      location: fc.constantFrom('San Francisco, CA', 'Berlin', 'Tokyo', 'Lagos', 'São Paulo', ''),
      url: tcoUrl(),
      homepage: word(),
      protected: fc.boolean(),
      verified: fc.boolean(),
      pinned_tweet_id: postId,
      public_metrics: fc.record({ followers_count: count(), following_count: count(), tweet_count: count(), listed_count: count() }),
    })
    .map((g): User => {
      const lead = g.descriptionWords.join(' ');
      const hashtag = `#${g.descriptionTag}`;
      return {
        id: g.id,
        name: g.name,
        username: g.username,
        created_at: g.created_at,
        description: `${lead} ${hashtag}`,
        location: g.location,
        url: g.url,
        protected: g.protected,
        verified: g.verified,
        profile_image_url: `https://pbs.twimg.com/profile_images/${g.id}/${g.homepage}_normal.jpg`,
        pinned_tweet_id: g.pinned_tweet_id,
        public_metrics: g.public_metrics,
        entities: {
          url: {
            urls: [
              {
                start: 0,
                end: g.url.length,
                url: g.url,
                expanded_url: `https://${g.homepage}.conformance.test`,
                display_url: `${g.homepage}.conformance.test`,
              },
            ],
          },
          description: { hashtags: [{ start: lead.length + 1, end: lead.length + 1 + hashtag.length, tag: g.descriptionTag }] },
        },
      };
    });
}

/**
 * A complete standalone post (every field of the document's table). It replies
 * to another post (so in_reply_to_user_id and referenced_tweets are meaningful);
 * ids of author, mention and media are generated, not backed by objects: use
 * tweetWorld() when the related objects are needed.
 */
export function postFixture(): fc.Arbitrary<Post> {
  return fc
    .record({
      draft: postDraft(),
      ids: fc.uniqueArray(postId, { minLength: 2, maxLength: 2 }),
      authorId: userId,
      repliedToAuthorId: userId,
      mention: fc.record({ id: userId, username: username() }),
      mediaKeys: fc.uniqueArray(
        mediaFixture().map((m) => m.media_key),
        { minLength: 1, maxLength: 4 },
      ),
      createdAt: isoMillis(POST_TIME_MIN, POST_TIME_MAX),
    })
    .map(({ draft, ids, authorId, repliedToAuthorId, mention, mediaKeys, createdAt }) =>
      buildPost(draft, {
        id: ids[0],
        authorId,
        createdAt,
        repliedTo: { id: ids[1], authorId: repliedToAuthorId, conversationId: ids[1] },
        mention,
        mediaKeys,
      }),
    );
}

/** Makes usernames unique (case-insensitively), keeping ^[A-Za-z0-9_]{1,15}$. */
function uniqueUsernames(users: User[]): User[] {
  const seen = new Set<string>();
  return users.map((u) => {
    let candidate = u.username;
    for (let n = 1; seen.has(candidate.toLowerCase()); n++) {
      const suffix = `_${n}`;
      candidate = u.username.slice(0, 15 - suffix.length) + suffix;
    }
    seen.add(candidate.toLowerCase());
    return candidate === u.username ? u : { ...u, username: candidate };
  });
}

/** A 1-19 digit id not in `taken`, derived from `id`. */
function freeId(id: string, taken: ReadonlySet<string>): string {
  let n = BigInt(id);
  while (taken.has(n.toString())) n = n >= 2n ** 63n - 1n ? 1n : n + 1n;
  return n.toString();
}

const MAX_POSTS = 5;
const MAX_MEDIA = 4;

/**
 * A consistent set of posts, users and media:
 * - every post's author_id, in_reply_to_user_id and mention are users of the world;
 * - attachments.media_keys are media of the world (at least one per post);
 * - post 0 replies to a post outside the world written by a world user; post i>0
 *   replies to an earlier post j and shares its conversation_id; created_at never
 *   decreases from parent to reply; all users were created before all posts;
 * - usernames are unique; a user who wrote posts pins one of them, other users
 *   pin a post id that is not a world post.
 */
export function tweetWorld(): fc.Arbitrary<TweetWorld> {
  const pick = fc.record({
    author: fc.nat(),
    parent: fc.nat(),
    mention: fc.nat(),
    media: fc.uniqueArray(fc.nat({ max: MAX_MEDIA - 1 }), { minLength: 1, maxLength: 3 }),
    gapMinutes: fc.integer({ min: 0, max: 60 * 24 * 7 }),
  });
  return fc
    .record({
      users: fc.uniqueArray(userFixture(), { minLength: 1, maxLength: 4, selector: (u) => u.id }),
      media: fc.uniqueArray(mediaFixture(), { minLength: 1, maxLength: MAX_MEDIA, selector: (m) => m.media_key }),
      // n post ids + 1 id for the outside post that post 0 replies to
      postIds: fc.uniqueArray(postId, { minLength: 2, maxLength: MAX_POSTS + 1 }),
      drafts: fc.array(postDraft(), { minLength: MAX_POSTS, maxLength: MAX_POSTS }),
      picks: fc.array(pick, { minLength: MAX_POSTS, maxLength: MAX_POSTS }),
      rootCreatedAt: fc.date({ min: new Date(POST_TIME_MIN), max: new Date('2028-12-31T00:00:00.000Z'), noInvalidDate: true }),
      outsideAuthor: fc.nat(),
    })
    .map((g): TweetWorld => {
      const users = uniqueUsernames(g.users);
      const media = g.media;
      const n = g.postIds.length - 1;
      const outsideId = g.postIds[n];
      const posts: Post[] = [];
      let time = g.rootCreatedAt.getTime();
      for (let i = 0; i < n; i++) {
        const p = g.picks[i];
        time += p.gapMinutes * 60_000;
        const parent = i === 0 ? undefined : posts[p.parent % i];
        const repliedTo = parent
          ? { id: parent.id, authorId: parent.author_id, conversationId: parent.conversation_id }
          : { id: outsideId, authorId: users[g.outsideAuthor % users.length].id, conversationId: outsideId };
        const mentioned = users[p.mention % users.length];
        posts.push(
          buildPost(g.drafts[i], {
            id: g.postIds[i],
            authorId: users[p.author % users.length].id,
            createdAt: new Date(time).toISOString(),
            repliedTo,
            mention: { id: mentioned.id, username: mentioned.username },
            mediaKeys: [...new Set(p.media.map((k) => media[k % media.length].media_key))],
          }),
        );
      }
      const worldPostIds = new Set([...g.postIds]);
      const pinnedUsers = users.map((u) => {
        const own = posts.find((p) => p.author_id === u.id);
        const pinned = own ? own.id : freeId(u.pinned_tweet_id, worldPostIds);
        return pinned === u.pinned_tweet_id ? u : { ...u, pinned_tweet_id: pinned };
      });
      return { posts, users: pinnedUsers, media };
    });
}

/** The GET /2/tweets body for a world: data = posts, includes = {media, users} (as with expansions). */
export function toTweetsResponse(world: TweetWorld): { data: Post[]; includes: { media: Media[]; users: User[] } } {
  return { data: world.posts, includes: { media: world.media, users: world.users } };
}
