// Media creatives: account media joined to a line item. landing_url is required for WEBSITE_CLICKS
// line items and dropped for preroll media.
import { ownAccount } from './auth.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { nextOrder, recordId } from './ids.ts';
import { lineItemParam } from './line-items.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { MediaCreative } from './store.ts';
import { mediaCreativeView } from './views.ts';

const WHAT = 'media creative';

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = c.p;
  const mediaId = p.str('account_media_id', { required: true });
  const media = mediaId === undefined ? undefined : c.ctx.st.accountMedia.get(mediaId);
  if (mediaId !== undefined && (!media || media.accountId !== a.id || media.deleted))
    p.fail('UNKNOWN_ACCOUNT_MEDIA', `account media ${mediaId} is not in this account's media library`, 'account_media_id');
  const li = lineItemParam(c, a);
  const url = p.str('landing_url', { pattern: /^https?:\/\/[^\s/]+\.[^\s]+$/ });
  if (li?.objective === 'WEBSITE_CLICKS' && url === undefined && !p.has('landing_url'))
    p.fail('REQUIRED_PARAMETER_MISSING', 'landing_url is required for a line item with objective WEBSITE_CLICKS', 'landing_url');
  p.done();
  const now = c.ctx.clock.now();
  const preroll = media?.creativeType === 'PREROLL';
  const r: MediaCreative = {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    lineItemId: li?.id as string,
    accountMediaId: mediaId as string,
    creativeType: media?.creativeType ?? 'IMAGE',
    landingUrl: preroll ? null : (url ?? null),
  };
  c.ctx.st.mediaCreatives.set(r.id, r);
  return one(c, mediaCreativeView(r));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const ids = c.p.list('media_creative_ids');
  const lis = c.p.list('line_item_ids');
  const all = [...c.ctx.st.mediaCreatives.values()].filter(
    (r) => r.accountId === a.id && (!ids || ids.includes(r.id)) && (!lis || lis.includes(r.lineItemId)),
  );
  return listChildren(c, all, mediaCreativeView);
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  return one(c, mediaCreativeView(deleteChild(c.ctx, findChild(c.ctx.st.mediaCreatives, a, c.path.media_creative_id, WHAT))));
}

export const mediaCreativeRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/media_creatives', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/media_creatives', handler: create },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/media_creatives/:media_creative_id',
    handler: (c) =>
      getChild(c, c.ctx.st.mediaCreatives, ownAccount(c.ctx, c.user, c.path.account_id), c.path.media_creative_id, WHAT, mediaCreativeView),
  },
  { method: 'DELETE', pattern: '/accounts/:account_id/media_creatives/:media_creative_id', handler: remove },
];
