// Draft posts of ads-api-catalog-cards.md: unpublished posts of a promotable user of the account.
// POST takes text (required without media_keys), media_keys (up to 4 images, or 1 animated GIF, or
// 1 video, all in the account's media library), name (max 80), card_uri, nullcast and as_user_id (a
// promotable user of the account: one who granted access); PUT changes them (media_keys or card_uri
// given with no value removes them); DELETE removes the draft; preview answers for an existing one.
import type { Reply } from '../../../host/http.ts';
import { type Ctx, nowIso, ownAccount } from '../../context.ts';
import { single } from '../../envelope.ts';
import { badRequest, invalid, invalidParam, missing, notFound } from '../../errors.ts';
import { readParams } from '../../params.ts';
import { listReply } from '../../records.ts';
import { cursorSkipsFirst } from '../list-faults.ts';
import type { AdsRoute, Call } from '../../route.ts';
import type { AccountData } from '../../state.ts';
import { type Rec, Table } from '../../table.ts';

const DRAFT = { code: 'NOT_FOUND', what: 'Draft Tweet' };
const NAME_MAX = 80;
const IMAGES_MAX = 4;

class DraftsState {
  readonly byAccount = new Map<string, Table>();
}

function drafts(ctx: Ctx, accountId: string): Table {
  const s = ctx.state.part('drafts', () => new DraftsState());
  let t = s.byAccount.get(accountId);
  if (!t) {
    t = new Table();
    s.byAccount.set(accountId, t);
  }
  return t;
}

/** image, animated GIF or video: the media key's prefix as the real interface writes it (3_, 16_, 13_), else the creative type */
function mediaKind(rec: Rec): 'image' | 'gif' | 'video' {
  const key = String(rec.media_key ?? '');
  if (key.startsWith('13_') || rec.creative_type === 'PREROLL' || rec.creative_type === 'VAST_PREROLL') return 'video';
  if (key.startsWith('16_')) return 'gif';
  return 'image';
}

/** the media keys, each in the account's media library, in one allowed combination */
function checkMedia(ctx: Ctx, acc: AccountData, keys: string[]): void {
  const kinds = keys.map((k) => {
    const m = acc.accountMedia.all().find((r) => !r.deleted && r.media_key === k);
    if (!m && !ctx.fault('cat-drf-media-unknown-accepted'))
      throw invalidParam('media_keys', `Media key ${k} is not in the media library of the account`);
    return m ? mediaKind(m) : 'image';
  });
  if (ctx.fault('cat-drf-media-mix-accepted')) return;
  const images = kinds.filter((k) => k === 'image').length;
  // faults cat-drf-images-5, cat-drf-images-4-refused: the image limit off by one
  const most = ctx.fault('cat-drf-images-5') ? IMAGES_MAX + 1 : ctx.fault('cat-drf-images-4-refused') ? IMAGES_MAX - 1 : IMAGES_MAX;
  // fault cat-drf-video-refused: a draft post takes no video
  if (ctx.fault('cat-drf-video-refused') && kinds.includes('video')) throw invalidParam('media_keys', 'media_keys takes no video');
  const allowed = images === kinds.length ? images <= most : kinds.length === 1;
  if (!allowed) throw invalidParam('media_keys', 'media_keys takes up to 4 images, or 1 animated GIF, or 1 video');
}

function mediaList(v: string): string[] {
  return [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

function nameMax(ctx: Ctx, faultId: string): number {
  return ctx.fault(faultId) ? 10_000 : NAME_MAX;
}

function fullUser(acc: AccountData): string | undefined {
  return acc.promotableUsers.all().find((u) => !u.deleted && u.promotable_user_type === 'FULL')?.user_id as string | undefined;
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, {
    as_user_id: { t: 'numericId', required: true },
    text: { t: 'string' },
    card_uri: { t: 'string' },
    nullcast: { t: 'bool' },
    name: { t: 'string', max: nameMax(ctx, 'cat-drf-name-unbounded') },
  });
  // fault cat-drf-name-in-bytes: the limit counted in UTF-8 bytes, not characters
  if (ctx.fault('cat-drf-name-in-bytes') && Buffer.byteLength(String(p.name ?? '')) > NAME_MAX)
    throw invalidParam('name', `name must be at most ${NAME_MAX} characters`);
  const rawKeys = call.raw.get('media_keys');
  const keys = rawKeys === undefined ? [] : mediaList(rawKeys);
  Object.assign(call.echo, p, rawKeys === undefined ? {} : { media_keys: keys });
  const asked = p.as_user_id as string;
  const granted = acc.promotableUsers.all().some((u) => !u.deleted && u.user_id === asked);
  if (!granted && !ctx.fault('cat-drf-as-user-unchecked'))
    throw invalidParam('as_user_id', `User ${asked} has not granted access to account ${acc.record.id}`);
  // fault cat-drf-as-user-ignored: the draft is made for the account's FULL promotable user, whoever as_user_id names
  const user = ctx.fault('cat-drf-as-user-ignored') ? (fullUser(acc) ?? asked) : asked;
  if (keys.length > 0) checkMedia(ctx, acc, keys);
  const text = (p.text as string | undefined) ?? '';
  if (text === '' && keys.length === 0 && !ctx.fault('cat-drf-text-optional'))
    throw badRequest({ ...missing('text'), message: 'text is required when no media_keys are given' });
  if (text === '' && ctx.fault('cat-drf-media-needs-text')) throw badRequest(missing('text'));
  const now = nowIso(ctx);
  const rec = drafts(ctx, acc.record.id).add(ctx.state.seq(), {
    id: ctx.state.ids.snowflake(),
    text: text === '' ? null : text,
    user_id: user,
    name: (p.name as string | undefined) ?? null,
    media_keys: keys,
    card_uri: ctx.fault('cat-drf-card-uri-dropped') ? null : ((p.card_uri as string | undefined) ?? null),
    nullcast: (p.nullcast as boolean | undefined) ?? true,
    created_at: now,
    updated_at: now,
    deleted: false,
  });
  return single(call.echo, render(ctx, rec), 201);
}

function render(ctx: Ctx, rec: Rec): Record<string, unknown> {
  // choice draft-records-id-only: a draft post record carries its id only
  if (ctx.choice('draft-records-id-only')) return { id: rec.id };
  const { deleted: _deleted, ...rest } = structuredClone(rec);
  return { ...rest, id_str: rec.id };
}

/** a live draft post of the account (or a deleted one where `deleted` is allowed); 404 otherwise */
function findDraft(call: Call, acc: AccountData, deleted = false): Rec {
  const id = call.path.draft_tweet_id;
  const rec = drafts(call.ctx, acc.record.id).get(id);
  if (!rec || (rec.deleted && !deleted)) throw notFound(DRAFT.code, DRAFT.what, id);
  return rec;
}

function list(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, { user_id: { t: 'numericId' } });
  Object.assign(call.echo, p);
  const user = (p.user_id as string | undefined) ?? fullUser(acc);
  const table = drafts(ctx, acc.record.id);
  const reply = listReply(call, table, {
    catalog: true,
    countMax: ctx.fault('cat-drf-count-unbounded') ? 1000 : 200,
    noDeleted: true,
    noTotalCount: true,
    noSort: true,
    // fault cat-drf-list-every-user: without a user, the drafts of every user are listed
    filter: (r) => r.user_id === user || (p.user_id === undefined && ctx.fault('cat-drf-list-every-user')),
    render: (r) => render(ctx, r),
  });
  // fault cat-drf-cursor-skips: a page reached by cursor loses its first draft post
  return cursorSkipsFirst(call, reply, ctx.fault('cat-drf-cursor-skips'));
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  if (call.ctx.fault('cat-drf-single-refused')) throw notFound(DRAFT.code, DRAFT.what, call.path.draft_tweet_id);
  // choice draft-deleted-retrievable: a deleted draft post is still served, marked deleted
  const found = findDraft(call, acc, call.ctx.choice('draft-deleted-retrievable'));
  const rec = found.deleted ? { ...render(call.ctx, found), deleted: true } : render(call.ctx, found);
  // fault cat-drf-single-as-array: the one draft post is answered inside an array
  return single(call.echo, call.ctx.fault('cat-drf-single-as-array') ? [rec] : rec);
}

function update(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const rec = findDraft(call, acc);
  const p = readParams(call.raw, {
    text: { t: 'string' },
    nullcast: { t: 'bool' },
    name: { t: 'string', max: nameMax(ctx, 'cat-drf-put-name-unbounded') },
  });
  const rawKeys = call.raw.get('media_keys');
  const rawCard = call.raw.get('card_uri');
  Object.assign(call.echo, p);
  const keys =
    rawKeys === undefined
      ? (rec.media_keys as string[])
      : ctx.fault('cat-drf-media-not-removed') && rawKeys === ''
        ? (rec.media_keys as string[])
        : mediaList(rawKeys);
  if (rawKeys !== undefined && keys.length > 0) checkMedia(ctx, acc, keys);
  const text = p.text === undefined || ctx.fault('cat-drf-put-ignores-text') ? ((rec.text as string | null) ?? '') : (p.text as string);
  if (text === '' && keys.length === 0) throw badRequest(invalid('text', 'text is required when no media_keys are given'));
  rec.text = text === '' ? null : text;
  rec.media_keys = keys;
  // fault cat-drf-card-uri-kept-on-empty: card_uri with no value leaves the card on the draft
  if (
    rawCard !== undefined &&
    !ctx.fault('cat-drf-put-card-uri-ignored') &&
    !(rawCard === '' && ctx.fault('cat-drf-card-uri-kept-on-empty'))
  )
    rec.card_uri = rawCard === '' ? null : rawCard;
  // fault cat-drf-put-drops-card: a PUT that does not name card_uri takes the card off the draft
  else if (rawCard === undefined && ctx.fault('cat-drf-put-drops-card')) rec.card_uri = null;
  if (p.name !== undefined) rec.name = p.name;
  if (p.nullcast !== undefined) rec.nullcast = p.nullcast;
  rec.updated_at = nowIso(ctx);
  return single(call.echo, render(ctx, rec));
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = findDraft(call, acc);
  if (!call.ctx.fault('cat-drf-delete-kept')) rec.deleted = true;
  rec.updated_at = nowIso(call.ctx);
  return single(call.echo, render(call.ctx, rec));
}

/** a preview notification goes to the authenticated user's devices; the answer says so */
function preview(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  // choice drf-preview-unknown-accepted: any id previews (the notification goes out all the same)
  const id = call.ctx.choice('drf-preview-unknown-accepted') ? call.path.draft_tweet_id : findDraft(call, acc).id;
  if (call.ctx.fault('cat-drf-preview-refused')) throw invalidParam('draft_tweet_id', 'Preview is not available');
  return single(call.echo, { id, message: 'A preview notification was sent to your logged-in devices' });
}

const BASE = '/accounts/:account_id/draft_tweets';

export const draftPostRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:draft_tweet_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'PUT', path: `${BASE}/:draft_tweet_id`, handle: update },
  { method: 'DELETE', path: `${BASE}/:draft_tweet_id`, handle: remove },
  { method: 'POST', path: `${BASE}/preview/:draft_tweet_id`, handle: preview },
];
