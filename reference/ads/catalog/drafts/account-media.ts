// Account media of ads-api-catalog-cards.md: the account's media library (the same accountMedia table
// the media creatives use, filled by the control API's fixtures), listed with account_media_ids (up to
// 200) and creative_types filters, count 1 to 1000, served singly, and deleted.
import type { Reply } from '../../../host/http.ts';
import { ownAccount } from '../../context.ts';
import { single } from '../../envelope.ts';
import { notFound } from '../../errors.ts';
import { ID_LIST, find, inIds, listReply, markDeleted, withDeletedParam } from '../../records.ts';
import { readParams } from '../../params.ts';
import { cursorSkipsFirst, totalCountChanged } from '../list-faults.ts';
import type { AdsRoute, Call } from '../../route.ts';

export const CREATIVE_TYPES = [
  'BANNER',
  'BANNER_TABLET',
  'INTERSTITIAL',
  'INTERSTITIAL_LANDSCAPE',
  'INTERSTITIAL_LANDSCAPE_TABLET',
  'INTERSTITIAL_TABLET',
  'MEDIUM_RECTANGLE',
  'PREROLL',
  'VAST_PREROLL',
] as const;

const ACCOUNT_MEDIA = { code: 'NOT_FOUND', what: 'Account media' };

function list(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, {
    account_media_ids: ctx.fault('cat-amd-ids-ignored') ? { t: 'string' } : ID_LIST,
    creative_types: {
      t: 'list',
      max: CREATIVE_TYPES.length,
      // fault cat-amd-vast-preroll-refused: one of the nine listed creative types is refused
      values: ctx.fault('cat-amd-vast-preroll-refused') ? CREATIVE_TYPES.filter((t) => t !== 'VAST_PREROLL') : CREATIVE_TYPES,
      upper: true,
    },
  });
  // fault cat-amd-types-first-only: of a comma list of creative types only the first filters
  const types = ctx.fault('cat-amd-types-first-only') && Array.isArray(p.creative_types) ? p.creative_types.slice(0, 1) : p.creative_types;
  Object.assign(call.echo, p);
  const reply = listReply(call, acc.accountMedia, {
    catalog: true,
    countMax: ctx.fault('cat-amd-count-unbounded') ? 100_000 : 1000,
    // fault cat-amd-total-count-with-cursor-accepted: with_total_count is served together with a cursor
    totalCountWithCursor: ctx.fault('cat-amd-total-count-with-cursor-accepted'),
    filter: (r) =>
      inIds(ctx.fault('cat-amd-ids-ignored') ? undefined : p.account_media_ids, r.id) &&
      inIds(ctx.fault('cat-amd-types-ignored') ? undefined : types, r.creative_type),
  });
  // faults cat-amd-cursor-skips (a page reached by cursor loses its first media), cat-amd-total-count-missing
  const paged = cursorSkipsFirst(call, reply, ctx.fault('cat-amd-cursor-skips'));
  return totalCountChanged(paged, ctx.fault('cat-amd-total-count-missing'), () => undefined);
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const withDeleted = withDeletedParam(call);
  if (call.ctx.fault('cat-amd-single-refused') && !withDeleted)
    throw notFound(ACCOUNT_MEDIA.code, ACCOUNT_MEDIA.what, call.path.account_media_id);
  const rec = structuredClone(find(acc.accountMedia, call.path.account_media_id, ACCOUNT_MEDIA, withDeleted));
  // fault cat-amd-single-as-array: the one media is answered inside an array
  return single(call.echo, call.ctx.fault('cat-amd-single-as-array') ? [rec] : rec);
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const id = call.path.account_media_id;
  if (call.ctx.fault('cat-amd-delete-noop')) return single(call.echo, structuredClone(find(acc.accountMedia, id, ACCOUNT_MEDIA)));
  return single(call.echo, structuredClone(markDeleted(call, acc.accountMedia, id, ACCOUNT_MEDIA)));
}

const BASE = '/accounts/:account_id/account_media';

export const accountMediaRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:account_media_id`, handle: get },
  { method: 'DELETE', path: `${BASE}/:account_media_id`, handle: remove },
];
