// Field selection on GET /2/tweets: default fields, tweet.fields, expansions → includes, media.fields.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Check, RuleContext } from '../../harness/engine/context.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import { ruleSeed } from '../../harness/engine/seed.ts';
import { MEDIA_FIELDS, POST_FIELDS, fieldListParam, fieldSubset, tweetWorld } from '../../generators/fields.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { expectSchema, expectStatus, short } from './support/http.ts';

interface World {
  posts: Record<string, unknown>[];
  users: Record<string, unknown>[];
  media: Record<string, unknown>[];
}

/** Seeds a world of posts with every documented field, the same for a given seed. */
async function seedWorld(ctx: RuleContext): Promise<{ world: World; withMedia: Record<string, unknown> }> {
  const [generated] = fc.sample(tweetWorld(), { seed: ruleSeed(ctx.s.runSeed, `${ctx.rule.id}/world`), numRuns: 1 });
  // exactly what the target is given: plain JSON
  const world = JSON.parse(JSON.stringify(generated)) as World;
  await ctx.control.posts(world);
  const withMedia = world.posts.find((p) => ((p.attachments as { media_keys?: string[] } | undefined)?.media_keys?.length ?? 0) > 0);
  if (!withMedia) ctx.fail('harness: the generated world has no post with media');
  return { world, withMedia };
}

async function lookup(ctx: RuleContext, ids: string[], params: Record<string, string> = {}): Promise<{ res: HttpResult; data: Record<string, unknown>[]; includes?: Record<string, unknown> }> {
  const res = await ctx.data.tweets({ ids: ids.join(','), ...params });
  expectStatus(ctx, res, 200, `GET /2/tweets ${new URLSearchParams(params).toString()}`);
  expectSchema(ctx, 'tweets-response', res.body, 'GET /2/tweets answer');
  const body = res.body as { data: Record<string, unknown>[]; includes?: Record<string, unknown> };
  return { res, data: body.data, includes: body.includes };
}

function byId(data: Record<string, unknown>[], id: unknown): Record<string, unknown> | undefined {
  return data.find((p) => p.id === id);
}

function mediaOf(ctx: RuleContext, includes: Record<string, unknown> | undefined, keys: string[], res: HttpResult): Record<string, unknown>[] {
  const media = includes?.media;
  ctx.check(Array.isArray(media), `includes.media is missing or not an array: ${short(res)}`);
  return keys.map((k) => {
    const m = (media as Record<string, unknown>[]).find((x) => x.media_key === k);
    ctx.check(m, `includes.media has no object with media_key ${k}`);
    return m;
  });
}

const keysOf = (p: Record<string, unknown>) => (p.attachments as { media_keys: string[] }).media_keys;

export const fieldChecks: Record<string, Check> = {
  'FS-001': async (ctx: RuleContext) => {
    const { world } = await seedWorld(ctx);
    const ids = world.posts.map((p) => p.id as string);
    const { data, res } = await lookup(ctx, ids);
    ctx.check(!('includes' in (res.body as object)), 'a request without expansions returned includes');
    for (const id of ids) {
      const p = byId(data, id);
      ctx.check(p, `post ${id} is missing from data`);
      ctx.check(typeof p.text === 'string', `post ${id} has no text`);
      const extra = POST_FIELDS.filter((f) => f in p);
      ctx.check(extra.length === 0, `post ${id} carries non-default fields without tweet.fields: ${extra.join(', ')}`);
    }
  },

  'FS-002': async (ctx: RuleContext) => {
    const { world } = await seedWorld(ctx);
    const post = world.posts[0];
    await checkProperty(ctx, fieldSubset(POST_FIELDS).chain((s) => fieldListParam(s).map((param) => ({ fields: s, param }))), async ({ fields, param }) => {
      const { data } = await lookup(ctx, [post.id as string], { 'tweet.fields': param });
      const got = byId(data, post.id);
      ctx.check(got, `post ${post.id as string} is missing from data`);
      for (const f of fields) {
        ctx.check(f in got, `tweet.fields=${param}: the requested field ${f} is missing`);
        ctx.check(isDeepStrictEqual(got[f], post[f]), `tweet.fields=${param}: ${f} is ${JSON.stringify(got[f])}, the post has ${JSON.stringify(post[f])}`);
      }
    }, { show: (c) => `tweet.fields=${c.param}` });
  },

  'FS-003': async (ctx: RuleContext) => {
    const { withMedia } = await seedWorld(ctx);
    const { includes, res } = await lookup(ctx, [withMedia.id as string], { expansions: 'attachments.media_keys' });
    ctx.check(includes && typeof includes === 'object' && !Array.isArray(includes), `includes is not an object grouped by kind: ${short(res)}`);
    mediaOf(ctx, includes, keysOf(withMedia), res);
  },

  'FS-004': async (ctx: RuleContext) => {
    const { world, withMedia } = await seedWorld(ctx);
    await checkProperty(ctx, fieldSubset(MEDIA_FIELDS).chain((s) => fieldListParam(s).map((param) => ({ fields: s, param }))), async ({ fields, param }) => {
      const { includes, res } = await lookup(ctx, [withMedia.id as string], { expansions: 'attachments.media_keys', 'media.fields': param });
      for (const m of mediaOf(ctx, includes, keysOf(withMedia), res)) {
        const seeded = world.media.find((x) => x.media_key === m.media_key)!;
        for (const f of fields) {
          if (!(f in seeded)) continue;
          ctx.check(f in m, `media.fields=${param}: media ${m.media_key as string} lacks the requested ${f}`);
          ctx.check(isDeepStrictEqual(m[f], seeded[f]), `media.fields=${param}: ${f} is ${JSON.stringify(m[f])}, the media has ${JSON.stringify(seeded[f])}`);
        }
      }
    }, { show: (c) => `media.fields=${c.param}` });
  },

  'FS-005': async (ctx: RuleContext) => {
    const { withMedia } = await seedWorld(ctx);
    const variants: Record<string, string>[] = [{ 'media.fields': MEDIA_FIELDS.join(',') }, { 'tweet.fields': 'attachments,author_id' }];
    for (const params of variants) {
      const { res } = await lookup(ctx, [withMedia.id as string], params);
      ctx.check(!('includes' in (res.body as object)), `GET /2/tweets?${new URLSearchParams(params)} without expansions returned includes: ${short(res)}`);
    }
  },

  'FS-OBS-001': async (ctx: RuleContext) => {
    const { world } = await seedWorld(ctx);
    const res = await ctx.data.tweets({ ids: world.posts[0].id as string }, 'none');
    ctx.observe('GET /2/tweets without a bearer token', res.status === 200 ? 'answered 200' : `refused ${res.status} ${res.contentType}`);
  },

  'FS-OBS-002': async (ctx: RuleContext) => {
    const { world } = await seedWorld(ctx);
    const post = world.posts[0];
    const plain = await ctx.data.tweets({ ids: post.id as string });
    const got = (plain.body as { data?: Record<string, unknown>[] } | undefined)?.data?.[0] ?? {};
    const unlisted = Object.keys(got).filter((k) => k !== 'id' && k !== 'text');
    ctx.observe('fields of a post besides id and text without tweet.fields', unlisted.length ? unlisted.join(', ') : '(none)');
    const withLang = await ctx.data.tweets({ ids: post.id as string, 'tweet.fields': 'lang' });
    const got2 = (withLang.body as { data?: Record<string, unknown>[] } | undefined)?.data?.[0] ?? {};
    const beyond = Object.keys(got2).filter((k) => !['id', 'text', 'lang'].includes(k));
    ctx.observe('fields of a post besides id, text and lang with tweet.fields=lang', beyond.length ? beyond.join(', ') : '(none)');
  },
};
