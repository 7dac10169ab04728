// Account media: the media library of an account (list with account_media_ids and creative_types,
// single with with_deleted, DELETE), and how the fixtures fill it. Video media keys start with
// 13_, animated GIFs with 16_, images with 3_; each medium knows its size (the conversation cards'
// width and aspect rules read it).
import { ownAccount } from './auth.ts';
import { isoSeconds } from './clock.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { nextOrder, numericId, recordId } from './ids.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, AccountMedia, Ctx } from './store.ts';

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

const WHAT = 'account media';

interface MediaShape {
  kind?: AccountMedia['kind'];
  width?: number;
  height?: number;
}

/** the media the fixtures add for cards and draft posts */
export const CARD_MEDIA = {
  conversation_image: { creativeType: 'BANNER', kind: 'IMAGE', width: 1200, height: 628 },
  unlock_image: { creativeType: 'BANNER', kind: 'IMAGE', width: 800, height: 320 },
  conversation_video: { creativeType: 'PREROLL', kind: 'VIDEO', width: 1280, height: 720 },
  animated_gif: { creativeType: 'INTERSTITIAL', kind: 'GIF', width: 600, height: 600 },
} as const;

export function addMedia(ctx: Ctx, accountId: string, creativeType: string, shape: MediaShape = {}): AccountMedia {
  const now = ctx.clock.now();
  const kind = shape.kind ?? (creativeType.endsWith('PREROLL') ? 'VIDEO' : 'IMAGE');
  const prefix = kind === 'VIDEO' ? 13 : kind === 'GIF' ? 16 : 3;
  const m: AccountMedia = {
    id: recordId(),
    order: nextOrder(),
    accountId,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    mediaKey: `${prefix}_${numericId()}`,
    creativeType,
    kind,
    width: shape.width ?? (kind === 'VIDEO' ? 1920 : 640),
    height: shape.height ?? (kind === 'VIDEO' ? 1080 : 100),
  };
  ctx.st.accountMedia.set(m.id, m);
  return m;
}

/** the account's (not deleted) medium of a media key */
export function mediaByKey(ctx: Ctx, account: Account, key: string): AccountMedia | undefined {
  for (const m of ctx.st.accountMedia.values()) if (m.accountId === account.id && m.mediaKey === key && !m.deleted) return m;
  return undefined;
}

/** a stand-in address where the service serves a medium */
export const mediaUrl = (m: AccountMedia): string =>
  `https://media.alt-ads.invalid/${m.kind.toLowerCase()}/${m.mediaKey}.${m.kind === 'VIDEO' ? 'mp4' : m.kind === 'GIF' ? 'gif' : 'png'}`;

export function accountMediaView(m: AccountMedia): Record<string, unknown> {
  return {
    id: m.id,
    account_id: m.accountId,
    media_key: m.mediaKey,
    media_type: m.kind,
    creative_type: m.creativeType,
    media_url: mediaUrl(m),
    width: m.width,
    height: m.height,
    created_at: isoSeconds(m.createdAt),
    updated_at: isoSeconds(m.updatedAt),
    deleted: m.deleted,
  };
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const ids = c.p.list('account_media_ids');
  const types = c.p.list('creative_types', { item: /^[A-Z_]+$/, itemText: 'creative types are upper-case names' });
  const unknown = types?.filter((t) => !(CREATIVE_TYPES as readonly string[]).includes(t)) ?? [];
  if (unknown.length) c.p.fail('INVALID_PARAMETER_VALUE', `creative_types: unknown ${unknown.join(', ')}`, 'creative_types');
  const all = [...c.ctx.st.accountMedia.values()].filter(
    (m) => m.accountId === a.id && (!ids || ids.includes(m.id)) && (!types || types.includes(m.creativeType)),
  );
  return listChildren(c, all, accountMediaView, { sortable: ['creative_type', 'media_key'] });
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  return one(c, accountMediaView(deleteChild(c.ctx, findChild(c.ctx.st.accountMedia, a, c.path.account_media_id, WHAT))));
}

export const accountMediaRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/account_media', handler: list },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/account_media/:account_media_id',
    handler: (c) =>
      getChild(c, c.ctx.st.accountMedia, ownAccount(c.ctx, c.user, c.path.account_id), c.path.account_media_id, WHAT, accountMediaView),
  },
  { method: 'DELETE', pattern: '/accounts/:account_id/account_media/:account_media_id', handler: remove },
];
