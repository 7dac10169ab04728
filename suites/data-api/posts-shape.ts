// The shape of GET /2/tweets answers beyond the field rules: every id named is returned, listed
// fields not requested stay away, includes.media holds exactly the media the posts reference (and
// nothing is inlined under data), includes has only the documented groups, and a post that does
// not exist is answered in the error model.
import fc from 'fast-check';
import type { DataCheck, DataCtx } from './api.ts';
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import { ruleSeed } from '../../harness/engine/seed.ts';
import { POST_FIELDS, type TweetWorld, fieldListParam, fieldSubset, tweetWorld } from '../../generators/data-api/fields.ts';
import { problemKind, validate, validateProblem } from '../../schemas/data-api/index.ts';
import { expectSchema, expectStatus, short } from './verdicts/http.ts';
import { knownPosts } from './setup/posts.ts';
import { ABSENT_POST_ID } from '../../generators/data-api/index.ts';

type Obj = Record<string, unknown>;

const keysOf = (p: unknown): string[] => {
  const keys = (p as { attachments?: { media_keys?: unknown } } | undefined)?.attachments?.media_keys;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
};

/** Some post other than the first references a media object the first does not. */
const mediaSpread = (w: TweetWorld) => {
  const first = new Set(keysOf(w.posts[0]));
  return w.posts.slice(1).some((p) => keysOf(p).some((k) => !first.has(k)));
};

/**
 * The post ids a rule looks up: a world of at least three posts seeded through the control API
 * (their media spread over the posts), or the posts the fixtures name.
 */
async function postIds(ctx: DataCtx): Promise<string[]> {
  if (!ctx.api.postsSeeded) return (await knownPosts(ctx)).posts.map((p) => p.id);
  const arb = tweetWorld().filter((w) => w.posts.length >= 3 && mediaSpread(w));
  const [generated] = fc.sample(arb, { seed: ruleSeed(ctx.runSeed, `${ctx.rule.id}/world`), numRuns: 1 });
  const world = JSON.parse(JSON.stringify(generated)) as { posts: Obj[]; users: Obj[]; media: Obj[] };
  await ctx.api.control.posts(world);
  return world.posts.map((p) => p.id as string);
}

async function lookup(ctx: DataCtx, ids: string[], params: Record<string, string> = {}): Promise<{ body: Obj; data: Obj[] }> {
  const res = await ctx.api.data.tweets({ ids: ids.join(','), ...params });
  expectStatus(ctx, res, 200, `GET /2/tweets ${new URLSearchParams({ ids: ids.join(','), ...params }).toString()}`);
  expectSchema(ctx, 'tweets-response', res.body, 'GET /2/tweets answer');
  const body = res.body as Obj;
  return { body, data: (body.data ?? []) as Obj[] };
}

/** Paths under `v` where an object carrying media_key sits. */
function mediaObjectsUnder(v: unknown, path: string): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => mediaObjectsUnder(x, `${path}[${i}]`));
  if (typeof v !== 'object' || v === null) return [];
  const here = 'media_key' in v ? [path] : [];
  return [...here, ...Object.entries(v).flatMap(([k, x]) => mediaObjectsUnder(x, `${path}.${k}`))];
}

const GROUPS = ['media', 'users', 'tweets'];

export const postShapeChecks: Record<string, DataCheck> = {
  'FS-006': async (ctx: DataCtx) => {
    const ids = await postIds(ctx);
    // every post alone and all of them in one list, in every run; then random subsets in random order
    await checkCases(
      ctx,
      [...ids.map((id) => [id]), ids],
      fc.shuffledSubarray(ids, { minLength: 1 }),
      async (asked) => {
        const { data } = await lookup(ctx, asked);
        const got = data.map((p) => p.id);
        const missing = asked.filter((id) => !got.includes(id));
        ctx.check(missing.length === 0, `ids=${asked.join(',')}: post(s) ${missing.join(', ')} missing from data`);
        const foreign = got.filter((id) => !asked.includes(id as string));
        ctx.check(foreign.length === 0, `ids=${asked.join(',')}: data holds post(s) not asked for: ${foreign.join(', ')}`);
      },
      { show: (a) => `ids=${a.join(',')}`, independent: true },
    );
  },

  'FS-007': async (ctx: DataCtx) => {
    const ids = await postIds(ctx);
    // each listed field alone in every run (none of the others may come), then random subsets
    await checkCases(
      ctx,
      POST_FIELDS.map((f) => ({ fields: [f as string], param: f as string })),
      fieldSubset(POST_FIELDS).chain((fields) => fieldListParam(fields).map((param) => ({ fields: fields as string[], param }))),
      async ({ fields, param }) => {
        const { data } = await lookup(ctx, ids, { 'tweet.fields': param });
        for (const p of data) {
          const unasked = POST_FIELDS.filter((f) => !fields.includes(f) && f in p);
          ctx.check(unasked.length === 0, `tweet.fields=${param}: post ${p.id as string} also carries ${unasked.join(', ')}`);
        }
      },
      { show: (c) => `tweet.fields=${c.param}`, independent: true },
    );
  },

  'FS-008': async (ctx: DataCtx) => {
    const ids = await postIds(ctx);
    const { body, data } = await lookup(ctx, ids, { expansions: 'attachments.media_keys', 'tweet.fields': 'attachments' });
    const referenced = new Set(data.flatMap((p) => keysOf(p)));
    ctx.setup(referenced.size > 0, 'no returned post references media (attachments.media_keys): nothing to expand');
    const includes = body.includes as Obj | undefined;
    ctx.check(
      typeof includes === 'object' && includes !== null && Array.isArray(includes.media),
      `includes.media is missing: ${JSON.stringify(body).slice(0, 300)}`,
    );
    const media = (includes.media as Obj[]).map((m) => m.media_key);
    const absent = [...referenced].filter((k) => !media.includes(k));
    ctx.check(absent.length === 0, `includes.media lacks media the returned posts reference: ${absent.join(', ')}`);
    const unrelated = media.filter((k) => !referenced.has(k as string));
    ctx.check(unrelated.length === 0, `includes.media holds media no returned post references: ${unrelated.join(', ')}`);
    const inlined = mediaObjectsUnder(data, 'data');
    ctx.check(inlined.length === 0, `media objects are inlined under data (they belong under includes): ${inlined.slice(0, 3).join(', ')}`);
  },

  'FS-009': async (ctx: DataCtx) => {
    const ids = await postIds(ctx);
    const { body } = await lookup(ctx, ids, { expansions: 'attachments.media_keys' });
    const includes = body.includes;
    ctx.check(
      typeof includes === 'object' && includes !== null && !Array.isArray(includes),
      `includes is not an object grouped by kind: ${JSON.stringify(body).slice(0, 300)}`,
    );
    const other = Object.keys(includes).filter((k) => !GROUPS.includes(k));
    ctx.check(other.length === 0, `includes carries members besides media, users and tweets: ${other.join(', ')}`);
  },

  'ERR-005': async (ctx: DataCtx) => {
    // far above the ids a target hands out, and never the id of a post a rule seeds (generators/data-api/ids.ts)
    const unknown = ABSENT_POST_ID;
    const res = await ctx.api.data.tweets({ ids: unknown });
    const base = ctx.api.data.target.problemTypeBase;
    const problems: { where: string; body: unknown }[] = [];
    if (res.status >= 200 && res.status < 300) {
      const errors = (res.body as { errors?: unknown } | undefined)?.errors;
      if (Array.isArray(errors)) for (const [i, e] of errors.entries()) problems.push({ where: `errors[${i}]`, body: e });
      ctx.check(
        !((res.body as { data?: Obj[] } | undefined)?.data ?? []).some((p) => p?.id === unknown),
        `a post that does not exist was returned: ${short(res)}`,
        res,
      );
    } else {
      const type = res.contentType;
      const form = type === 'application/problem+json' ? 'problem' : type === 'application/json' ? 'error' : undefined;
      ctx.check(form, `the failure answer is ${type || 'untyped'}, neither an Error (application/json) nor a Problem: ${short(res)}`);
      const v = validate(form, res.body);
      ctx.check(v.ok, `the failure answer is not a valid ${form}: ${v.errors.slice(0, 2).join('; ')}`);
      if (form === 'problem') problems.push({ where: 'the answer', body: res.body });
    }
    for (const p of problems) {
      const type = (p.body as { type?: unknown } | undefined)?.type;
      if (typeof type !== 'string' || !problemKind(type, base)) continue;
      const v = validateProblem(p.body, base);
      ctx.check(v.ok, `${p.where}: a ${v.kind ?? type} Problem lacks its added fields: ${v.errors.slice(0, 2).join('; ')}`);
    }
    ctx.observe('GET /2/tweets for a post that does not exist', `${res.status}; ${problems.length} Problem(s) in the answer`);
  },
};
