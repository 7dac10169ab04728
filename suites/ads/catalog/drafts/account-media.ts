// Checks of the account media rules (Endpoints › Account media). The media come from the fixtures
// (fixtures.ads.accountMedia, and spareAccountMedia for the one rule that deletes). The name of the
// creative type filter is not shown (described by role): catalogParam('creativeTypes') (params.ts).
import { checkProperty } from '../../../../harness/engine/property.ts';
import { CREATIVE_TYPES, countOutside, DRAFT_LIMITS } from '../../../../generators/ads/catalog/drafts.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { envelope, expectRefused, needOk, ok, what } from '../../reading/answers.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { idOf, mediaPath, oneObject, type Query, recordOf } from './draft-records.ts';

const FEW = (ctx: AdsCtx) => Math.min(ctx.runs, 10);

type Media = { id: string; media_key?: string; creative_type?: string };

async function fixtureMedia(ctx: AdsCtx, min: number): Promise<Media[]> {
  const media = (await ctx.api.fixtures()).accountMedia ?? [];
  if (media.length < min) ctx.notCheckable(`needs ${min} account media in fixtures.ads.accountMedia`);
  return media;
}

async function listMedia(ctx: AdsCtx, query: Query) {
  return ctx.api.ads.call('GET', await mediaPath(ctx), { query: { count: 1000, ...query } });
}

function ids(res: Parameters<typeof envelope>[0]): string[] {
  const d = envelope(res).data;
  return (Array.isArray(d) ? (d as Record<string, unknown>[]) : []).map(idOf).filter((x): x is string => x !== undefined);
}

export const accountMediaChecks: Record<string, AdsCheck> = {
  async 'CAT-AMD-001'(ctx: AdsCtx) {
    const [a, b] = await fixtureMedia(ctx, 2);
    const res = await listMedia(ctx, { account_media_ids: a.id });
    ctx.check(ok(res), `GET account_media account_media_ids=${a.id} answered ${what(res)}`, res);
    const got = ids(res);
    ctx.check(got.includes(a.id) && !got.includes(b.id), `account_media_ids=${a.id} answered ${JSON.stringify(got)}`);
    // "account_media_ids (up to 200)": 200 are taken (the media and 199 unknown ids), 201 refused
    const unknown = (n: number) => Array.from({ length: n }, (_, i) => String(9_000_000 + i));
    const most = await listMedia(ctx, { account_media_ids: [a.id, ...unknown(DRAFT_LIMITS.mediaIds - 1)].join(',') });
    ctx.check(
      ok(most) && ids(most).includes(a.id),
      `account_media_ids of ${DRAFT_LIMITS.mediaIds} ids (${a.id} and unknown ones) answered ${what(most)}`,
    );
    const many = [a.id, ...unknown(DRAFT_LIMITS.mediaIds)];
    expectRefused(ctx, await listMedia(ctx, { account_media_ids: many.join(',') }), `account_media_ids of ${many.length} ids`);
  },

  async 'CAT-AMD-002'(ctx: AdsCtx) {
    const media = await fixtureMedia(ctx, 2);
    const typed = media.filter((m) => typeof m.creative_type === 'string' && m.creative_type !== '');
    const kept = typed[0];
    const other = typed.find((m) => m.creative_type !== kept?.creative_type);
    if (!kept || !other) ctx.notCheckable('needs account media of two creative types in fixtures.ads.accountMedia (creative_type given)');
    const CREATIVE_TYPES_PARAM = catalogParam(ctx, 'creativeTypes');
    const res = await listMedia(ctx, { [CREATIVE_TYPES_PARAM]: kept.creative_type });
    paramUsable(ctx, 'creativeTypes', res, 'GET account_media filtered by creative types');
    ctx.check(ok(res), `GET account_media ${CREATIVE_TYPES_PARAM}=${kept.creative_type} answered ${what(res)}`, res);
    const got = ids(res);
    ctx.check(
      got.includes(kept.id) && !got.includes(other.id),
      `${CREATIVE_TYPES_PARAM}=${kept.creative_type} answered ${JSON.stringify(got)} (${kept.id} is ${kept.creative_type}, ${other.id} is ${other.creative_type})`,
    );
    // "creative types (comma list: ...)": a list of two types answers the media of both (and not of a third)
    const third = typed.find((m) => m.creative_type !== kept.creative_type && m.creative_type !== other.creative_type);
    const pair = `${kept.creative_type},${other.creative_type}`;
    const both = await listMedia(ctx, { [CREATIVE_TYPES_PARAM]: pair, count: DRAFT_LIMITS.mediaCountMax });
    ctx.check(ok(both), `GET account_media ${CREATIVE_TYPES_PARAM}=${pair} answered ${what(both)}`);
    const gotBoth = ids(both);
    ctx.check(
      gotBoth.includes(kept.id) && gotBoth.includes(other.id) && (third === undefined || !gotBoth.includes(third.id)),
      `${CREATIVE_TYPES_PARAM}=${pair} answered ${JSON.stringify(gotBoth)} (${kept.id} is ${kept.creative_type}, ${other.id} is ${other.creative_type}${third ? `, ${third.id} is ${third.creative_type}` : ''})`,
    );
    // every one of the nine listed values is taken: the list of all nine answers every media of those types
    const nine = CREATIVE_TYPES.join(',');
    const everyType = await listMedia(ctx, { [CREATIVE_TYPES_PARAM]: nine, count: DRAFT_LIMITS.mediaCountMax });
    ctx.check(ok(everyType), `GET account_media ${CREATIVE_TYPES_PARAM}=${nine} answered ${what(everyType)}`);
    const gotAll = ids(everyType);
    const listedTypes = typed.filter((m) => (CREATIVE_TYPES as readonly string[]).includes(m.creative_type as string));
    ctx.check(
      listedTypes.every((m) => gotAll.includes(m.id)),
      `${CREATIVE_TYPES_PARAM} with all nine types answered ${JSON.stringify(gotAll)}, not every media of those types (${listedTypes.map((m) => m.id).join(', ')})`,
    );
  },

  async 'CAT-AMD-003'(ctx: AdsCtx) {
    for (const count of [1, DRAFT_LIMITS.mediaCountMax]) {
      const res = await listMedia(ctx, { count });
      ctx.check(ok(res), `GET account_media count=${count} answered ${what(res)}`, res);
    }
    // the counts just past each end in every run, then generated ones
    for (const count of [0, DRAFT_LIMITS.mediaCountMax + 1])
      expectRefused(ctx, await listMedia(ctx, { count }), `GET account_media count=${count}`);
    await checkProperty(
      ctx,
      countOutside(DRAFT_LIMITS.mediaCountMax),
      async (count) => expectRefused(ctx, await listMedia(ctx, { count }), `GET account_media count=${count}`),
      { runs: FEW(ctx), independent: true },
    );
  },

  async 'CAT-AMD-004'(ctx: AdsCtx) {
    const [a] = await fixtureMedia(ctx, 1);
    const res = await ctx.api.ads.call('GET', await mediaPath(ctx, `/${a.id}`));
    ctx.check(ok(res) && idOf(recordOf(res)) === a.id, `GET account_media/${a.id} answered ${what(res)}`, res);
    oneObject(ctx, res, `GET account_media/${a.id}`);
    const unknown = '9'.repeat(12);
    ctx.setup(unknown !== a.id, 'the made-up id is a fixture');
    expectRefused(ctx, await ctx.api.ads.call('GET', await mediaPath(ctx, `/${unknown}`)), `GET account_media/${unknown} (unknown)`);
  },

  async 'CAT-AMD-005'(ctx: AdsCtx) {
    const spare = (await ctx.api.fixtures()).spareAccountMedia;
    if (!spare?.id) ctx.notCheckable('needs account media a rule may delete: fixtures.ads.spareAccountMedia');
    const before = await listMedia(ctx, { account_media_ids: spare.id });
    needOk(ctx, before, `GET account_media account_media_ids=${spare.id}`);
    // the rule deletes it: a run after the one that did finds it gone, which says nothing of the target
    if (!ids(before).includes(spare.id))
      ctx.notCheckable(
        `needs account media a rule may delete: fixtures.ads.spareAccountMedia ${spare.id} is not listed (each run deletes it: an earlier run did? name another)`,
      );
    const del = await ctx.api.ads.call('DELETE', await mediaPath(ctx, `/${spare.id}`));
    ctx.check(ok(del), `DELETE account_media/${spare.id} answered ${what(del)}`);
    const hidden = await listMedia(ctx, { account_media_ids: spare.id });
    needOk(ctx, hidden, 'GET account_media after DELETE');
    ctx.check(!ids(hidden).includes(spare.id), `deleted account media ${spare.id} is listed without with_deleted`);
    const shown = await listMedia(ctx, { account_media_ids: spare.id, with_deleted: true });
    needOk(ctx, shown, 'GET account_media with_deleted=true after DELETE');
    ctx.check(ids(shown).includes(spare.id), `deleted account media ${spare.id} is not listed with with_deleted=true`);
    const single = await ctx.api.ads.call('GET', await mediaPath(ctx, `/${spare.id}`), { query: { with_deleted: true } });
    ctx.check(
      ok(single) && idOf(recordOf(single)) === spare.id,
      `GET account_media/${spare.id} with_deleted=true answered ${what(single)}`,
    );
    expectRefused(
      ctx,
      await ctx.api.ads.call('GET', await mediaPath(ctx, `/${spare.id}`)),
      `GET of the deleted account media ${spare.id} without with_deleted`,
    );
  },

  async 'CAT-AMD-OBS-001'(ctx: AdsCtx) {
    const [a] = await fixtureMedia(ctx, 1);
    const res = await ctx.api.ads.call('GET', await mediaPath(ctx, `/${a.id}`));
    needOk(ctx, res, `GET account_media/${a.id}`);
    ctx.observe('account media record members (not shown)', Object.keys(recordOf(res)).sort().join(','));
  },
};
