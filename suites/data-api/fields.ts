// Field selection on GET /2/tweets: default fields, tweet.fields, expansions → includes, media.fields.
// Seeded posts are compared value by value; fixture posts by presence and documented type.
import type { DataCheck, DataCtx } from './api.ts';
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { MEDIA_FIELDS, POST_FIELDS, fieldListParam, fieldSubset } from '../../generators/data-api/fields.ts';
import { contains } from './verdicts/contain.ts';
import { expectSchema, expectStatus, short } from './verdicts/http.ts';
import { knownPosts, postWith, type KnownPost } from './setup/posts.ts';

type Obj = Record<string, unknown>;

async function lookup(
  ctx: DataCtx,
  ids: string[],
  params: Record<string, string> = {},
): Promise<{ res: HttpResult; data: Obj[]; includes?: Obj }> {
  const res = await ctx.api.data.tweets({ ids: ids.join(','), ...params });
  expectStatus(ctx, res, 200, `GET /2/tweets ${new URLSearchParams(params).toString()}`);
  expectSchema(ctx, 'tweets-response', res.body, 'GET /2/tweets answer');
  const body = res.body as { data: Obj[]; includes?: Obj };
  return { res, data: body.data, includes: body.includes };
}

function returned(ctx: DataCtx, data: Obj[], id: string): Obj {
  const p = data.find((x) => x.id === id);
  ctx.check(p, `post ${id} is missing from data`);
  return p;
}

/** The requested fields are there, and equal to the seeded values when those are known. */
function expectFields(ctx: DataCtx, got: Obj, fields: string[], known: Obj | undefined, what: string): void {
  for (const f of fields) {
    ctx.check(f in got, `${what}: the requested field ${f} is missing`);
    // nested objects by containment: the documents do not close them (public_metrics may carry more counters)
    if (known)
      ctx.check(
        sameValue(f, got[f], known[f]),
        `${what}: ${f} is ${JSON.stringify(got[f])}, the target was given ${JSON.stringify(known[f])}`,
      );
  }
}

/** A seeded value and what the target answered: timestamps as instants (`Z` and `+00:00` are both UTC), the rest by containment. */
function sameValue(field: string, got: unknown, known: unknown): boolean {
  if (field === 'created_at' && typeof got === 'string' && typeof known === 'string') return Date.parse(got) === Date.parse(known);
  return contains(got, known);
}

function mediaOf(ctx: DataCtx, includes: Obj | undefined, post: KnownPost, res: HttpResult): Obj[] {
  ctx.check(
    includes && typeof includes === 'object' && !Array.isArray(includes),
    `includes is not an object grouped by kind: ${short(res)}`,
    res,
  );
  const media = includes.media;
  ctx.check(Array.isArray(media), `includes.media is missing or not an array: ${short(res)}`, res);
  return post.mediaKeys.map((k) => {
    const m = (media as Obj[]).find((x) => x.media_key === k);
    ctx.check(m, `includes.media has no object with media_key ${k}`, res);
    return m;
  });
}

const fieldCases = (fields: readonly string[]) =>
  fieldSubset(fields).chain((s) => fieldListParam(s).map((param) => ({ fields: s, param })));

/** every listed field alone, and all of them in one list: in every run, before the random subsets */
const fixedFieldCases = (fields: readonly string[]) => [
  ...fields.map((f) => ({ fields: [f], param: f })),
  ...(fields.length > 1 ? [{ fields: [...fields], param: fields.join(',') }] : []),
];

export const fieldChecks: Record<string, DataCheck> = {
  'FS-001': async (ctx: DataCtx) => {
    const ids = (await knownPosts(ctx)).posts.map((p) => p.id);
    const { data, res } = await lookup(ctx, ids);
    ctx.check(!('includes' in (res.body as object)), 'a request without expansions returned includes', res);
    for (const id of ids) {
      const p = returned(ctx, data, id);
      ctx.check(typeof p.text === 'string', `post ${id} has no text`);
      const extra = POST_FIELDS.filter((f) => f in p);
      ctx.check(extra.length === 0, `post ${id} carries non-default fields without tweet.fields: ${extra.join(', ')}`);
    }
  },

  'FS-002': async (ctx: DataCtx) => {
    const post = postWith(ctx, await knownPosts(ctx), 'fields');
    await checkCases(
      ctx,
      fixedFieldCases(post.fields),
      fieldCases(post.fields),
      async ({ fields, param }) => {
        const { data } = await lookup(ctx, [post.id], { 'tweet.fields': param });
        expectFields(ctx, returned(ctx, data, post.id), fields, post.values, `tweet.fields=${param}`);
      },
      { show: (c) => `tweet.fields=${c.param}`, independent: true },
    );
  },

  'FS-003': async (ctx: DataCtx) => {
    const post = postWith(ctx, await knownPosts(ctx), 'mediaKeys');
    const { includes, res } = await lookup(ctx, [post.id], { expansions: 'attachments.media_keys' });
    mediaOf(ctx, includes, post, res);
  },

  'FS-004': async (ctx: DataCtx) => {
    const known = await knownPosts(ctx);
    const post = postWith(ctx, known, 'mediaFields');
    await checkCases(
      ctx,
      fixedFieldCases(post.mediaFields),
      fieldCases(post.mediaFields),
      async ({ fields, param }) => {
        const { includes, res } = await lookup(ctx, [post.id], { expansions: 'attachments.media_keys', 'media.fields': param });
        for (const m of mediaOf(ctx, includes, post, res)) {
          expectFields(ctx, m, fields, known.media.get(m.media_key as string), `media.fields=${param}, media ${m.media_key as string}`);
        }
      },
      { show: (c) => `media.fields=${c.param}`, independent: true },
    );
  },

  'FS-005': async (ctx: DataCtx) => {
    const known = await knownPosts(ctx);
    const post = known.posts.find((p) => p.mediaKeys.length) ?? known.posts[0];
    // related objects come with expansions (Field selection rules 3): tweet.fields asks for post fields only
    const params = { 'tweet.fields': 'attachments,author_id' };
    const { res } = await lookup(ctx, [post.id], params);
    ctx.check(
      !('includes' in (res.body as object)),
      `GET /2/tweets?${new URLSearchParams(params)} without expansions returned includes: ${short(res)}`,
      res,
    );
    // media.fields without expansions: the document gives no outcome (rule 1 covers a request without any parameter)
    const mediaOnly = await ctx.api.data.tweets({ ids: post.id, 'media.fields': MEDIA_FIELDS.join(',') });
    ctx.observe(
      'GET /2/tweets with media.fields and no expansions',
      mediaOnly.status !== 200
        ? `refused ${mediaOnly.status}`
        : mediaOnly.body && typeof mediaOnly.body === 'object' && 'includes' in mediaOnly.body
          ? 'answered with includes'
          : 'answered without includes',
    );
  },

  'FS-OBS-001': async (ctx: DataCtx) => {
    const [post] = (await knownPosts(ctx)).posts;
    const res = await ctx.api.data.tweets({ ids: post.id }, 'none');
    ctx.observe('GET /2/tweets without a bearer token', res.status === 200 ? 'answered 200' : `refused ${res.status} ${res.contentType}`);
  },

  'FS-OBS-002': async (ctx: DataCtx) => {
    const [post] = (await knownPosts(ctx)).posts;
    const plain = await ctx.api.data.tweets({ ids: post.id });
    const got = (plain.body as { data?: Obj[] } | undefined)?.data?.[0] ?? {};
    const unlisted = Object.keys(got).filter((k) => k !== 'id' && k !== 'text');
    ctx.observe('fields of a post besides id and text without tweet.fields', unlisted.length ? unlisted.join(', ') : '(none)');
    const withLang = await ctx.api.data.tweets({ ids: post.id, 'tweet.fields': 'lang' });
    const got2 = (withLang.body as { data?: Obj[] } | undefined)?.data?.[0] ?? {};
    const beyond = Object.keys(got2).filter((k) => !['id', 'text', 'lang'].includes(k));
    ctx.observe('fields of a post besides id, text and lang with tweet.fields=lang', beyond.length ? beyond.join(', ') : '(none)');
  },
};
