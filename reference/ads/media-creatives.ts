// Media creatives: POST associates account media with a line item (landing_url required when the
// line item's objective is WEBSITE_CLICKS, ignored for preroll media), DELETE; list and single as
// the real API serves them.

import type { Reply } from '../host/http.ts';
import { nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { badRequest, invalid, missing, notFound } from './errors.ts';
import { lineItemParam } from './line-items.ts';
import { readParams } from './params.ts';
import { ID_LIST, find, listReply, markDeleted, getOne } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { Rec } from './table.ts';

const MEDIA_CREATIVE = { code: 'MEDIA_CREATIVE_NOT_FOUND', what: 'Media creative' };
const ACCOUNT_MEDIA = { code: 'ACCOUNT_MEDIA_NOT_FOUND', what: 'Account media' };

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, {
    account_media_id: { t: 'string', required: !ctx.fault('ads-mc-media-optional') },
    line_item_id: { t: 'string', required: !ctx.fault('ads-mc-line-item-optional') },
    landing_url: { t: 'string' },
  });
  Object.assign(call.echo, p);
  // the faults: without line_item_id the account's first line item, without account_media_id its
  // first media that line item takes (under media-creative-preroll-needs-preroll-views, PREROLL media
  // only on a PREROLL_VIEWS one: the fault acts under either reading)
  p.line_item_id ??= acc.lineItems.all().find((l) => !l.deleted)?.id;
  const li = lineItemParam(acc, p.line_item_id as string);
  const takes = (m: Rec) =>
    m.creative_type !== 'PREROLL' || li.objective === 'PREROLL_VIEWS' || !ctx.choice('media-creative-preroll-needs-preroll-views');
  p.account_media_id ??= acc.accountMedia.all().find((m) => !m.deleted && takes(m))?.id;
  const media = find(acc.accountMedia, p.account_media_id as string, ACCOUNT_MEDIA, false, 'account_media_id');
  const preroll = media.creative_type === 'PREROLL';
  if (preroll && p.landing_url !== undefined && ctx.fault('ads-mc-preroll-landing-url-refused'))
    throw badRequest(invalid('landing_url', 'landing_url is for display images, not preroll assets'));
  if (preroll && li.objective !== 'PREROLL_VIEWS' && ctx.choice('media-creative-preroll-needs-preroll-views'))
    throw badRequest(invalid('account_media_id', `PREROLL media goes on PREROLL_VIEWS line items, not on a ${li.objective} one`));
  let landing: string | null = null;
  if (!preroll) {
    if (p.landing_url !== undefined) {
      let ok = false;
      try {
        ok = /^https?:$/.test(new URL(p.landing_url as string).protocol);
      } catch {}
      if (!ok) throw badRequest(invalid('landing_url', `"${p.landing_url}" is not a valid URL`));
      landing = p.landing_url as string;
    } else if (li.objective === 'WEBSITE_CLICKS' && !ctx.fault('ads-mc-landing-url-optional')) {
      throw badRequest({ ...missing('landing_url'), message: 'landing_url is required for line items with objective WEBSITE_CLICKS' });
    }
  }
  const now = nowIso(ctx);
  const rec = acc.mediaCreatives.add(ctx.state.seq(), {
    line_item_id: li.id,
    landing_url: landing,
    creative_type: media.creative_type,
    id: ctx.state.ids.record(),
    entity_status: 'ACTIVE',
    created_at: now,
    account_media_id: media.id,
    updated_at: now,
    approval_status: 'ACCEPTED',
    deleted: false,
  });
  return single(call.echo, structuredClone(rec), 201);
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { media_creative_ids: ID_LIST, line_item_ids: ID_LIST, campaign_ids: ID_LIST });
  Object.assign(call.echo, p);
  const has = (ids: unknown, v: unknown) => !Array.isArray(ids) || ids.includes(v);
  return listReply(call, acc.mediaCreatives, {
    filter: (r) =>
      has(p.media_creative_ids, r.id) &&
      has(p.line_item_ids, r.line_item_id) &&
      has(p.campaign_ids, acc.lineItems.get(r.line_item_id as string)?.campaign_id),
  });
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return getOne(call, acc.mediaCreatives, call.path.media_creative_id, MEDIA_CREATIVE);
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const id = call.path.media_creative_id;
  if (call.ctx.fault('ads-mc-delete-refused')) throw notFound(MEDIA_CREATIVE.code, MEDIA_CREATIVE.what, id);
  // a DELETE that answers as if it had deleted, and does nothing
  if (call.ctx.fault('ads-mc-delete-kept')) return single(call.echo, structuredClone(find(acc.mediaCreatives, id, MEDIA_CREATIVE)));
  return single(call.echo, structuredClone(markDeleted(call, acc.mediaCreatives, id, MEDIA_CREATIVE)));
}

const BASE = '/accounts/:account_id/media_creatives';

export const mediaCreativeRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:media_creative_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'DELETE', path: `${BASE}/:media_creative_id`, handle: remove },
];
