// The posts GET /2/tweets is checked with: seeded through the control API (every value known),
// or named in the config's fixtures on a target without control (which fields and media they have).
import fc from 'fast-check';
import type { DataCtx } from '../api.ts';
import { ruleSeed } from '../../../harness/engine/seed.ts';
import { MEDIA_FIELDS, POST_FIELDS, tweetWorld } from '../../../generators/data-api/fields.ts';
import { setupStep } from './steps.ts';

type Obj = Record<string, unknown>;

export interface KnownPost {
  id: string;
  /** listed post fields (beyond id and text) this post has */
  fields: string[];
  mediaKeys: string[];
  /** listed media fields (beyond media_key and type) every one of its media has */
  mediaFields: string[];
  /** the post's values, when seeded */
  values?: Obj;
}

export interface KnownPosts {
  posts: KnownPost[];
  /** media values by media_key, when seeded */
  media: Map<string, Obj>;
}

async function seeded(ctx: DataCtx): Promise<KnownPosts> {
  const [generated] = fc.sample(tweetWorld(), { seed: ruleSeed(ctx.runSeed, `${ctx.rule.id}/world`), numRuns: 1 });
  // exactly what the target is given: plain JSON
  const world = JSON.parse(JSON.stringify(generated)) as { posts: Obj[]; users: Obj[]; media: Obj[] };
  const control = ctx.api.control;
  await setupStep('seeding posts through the control API (POST /posts)', () => control.posts(world));
  const media = new Map(world.media.map((m) => [m.media_key as string, m]));
  return {
    media,
    posts: world.posts.map((p) => {
      const mediaKeys = (p.attachments as { media_keys?: string[] } | undefined)?.media_keys ?? [];
      return {
        id: p.id as string,
        fields: POST_FIELDS.filter((f) => f in p),
        mediaKeys,
        mediaFields: MEDIA_FIELDS.filter((f) => mediaKeys.every((k) => f in (media.get(k) ?? {}))),
        values: p,
      };
    }),
  };
}

function fromFixtures(ctx: DataCtx): KnownPosts {
  const fx = ctx.api.fixtures;
  const posts: KnownPost[] = (fx.posts ?? []).map((p) => ({
    id: p.id,
    fields: p.fields ?? [],
    mediaKeys: p.mediaKeys ?? [],
    mediaFields: p.mediaFields ?? [],
  }));
  for (const id of fx.postIds ?? []) if (!posts.some((p) => p.id === id)) posts.push({ id, fields: [], mediaKeys: [], mediaFields: [] });
  return { posts, media: new Map() };
}

export async function knownPosts(ctx: DataCtx): Promise<KnownPosts> {
  return ctx.api.postsSeeded ? seeded(ctx) : fromFixtures(ctx);
}

/** The known post with the most of `what`, or not checkable naming the fixture key that would give one. */
export function postWith(ctx: DataCtx, known: KnownPosts, what: 'fields' | 'mediaKeys' | 'mediaFields'): KnownPost {
  const candidates = known.posts.filter((p) => p[what].length > 0 && (what !== 'mediaFields' || p.mediaKeys.length > 0));
  if (!candidates.length) ctx.notCheckable(`no known post has ${what}: name one in fixtures.posts[].${what}`);
  return candidates.reduce((a, b) => (b[what].length > a[what].length ? b : a));
}
