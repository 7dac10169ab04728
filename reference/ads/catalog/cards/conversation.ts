// Image conversation cards (list, single, POST and PUT with query parameters; DELETE as the real
// interface has it) and video conversation cards (PUT and DELETE only): hashtags of at most 20
// characters not counting the #, each set option with its post text, title and thank-you text of
// at most 23 characters, a title unless second_cta is set. The unlock image key
// (unlocked_image_media_key, the real interface's name for both kinds, an image of the library on
// POST and PUT) is write-only: a card serves unlocked_image_url, a URL of the image, in its place
// (choice vcc-unlock-url-absent: a video card serves none, its sentence saying only "write-only").
import type { Reply } from '../../../host/http.ts';
import { type Ctx, nowIso, ownAccount } from '../../context.ts';
import { single } from '../../envelope.ts';
import { badRequest, invalid, invalidParam, missing, notFound } from '../../errors.ts';
import { type Spec, readParams } from '../../params.ts';
import { find, listReply, markDeleted, withDeletedParam } from '../../records.ts';
import type { AdsRoute, Call } from '../../route.ts';
import type { AccountData } from '../../state.ts';
import type { Rec } from '../../table.ts';
import { mediaKind } from './components.ts';
import { cursorSkipsFirst, totalCountChanged } from '../list-faults.ts';
import { trimCard } from './render.ts';
import { accountCards } from './state.ts';

const CARD = { code: 'NOT_FOUND', what: 'Card' };
const CTAS = ['first', 'second', 'third', 'fourth'] as const;
const HASHTAG_MAX = 20;
const TEXT_MAX = 23;

/** a fault of the card kind (cat-icc-* for image, cat-vcc-* for video conversation cards) */
function kindFault(ctx: Ctx, video: boolean, name: string): boolean {
  return ctx.fault(`${video ? 'cat-vcc' : 'cat-icc'}-${name}`);
}

function spec(ctx: Ctx, creating: boolean, video = false): Spec {
  const textMax = kindFault(ctx, video, 'title-24') ? TEXT_MAX + 1 : TEXT_MAX;
  const s: Spec = {
    name: { t: 'string', max: 80 },
    title: { t: 'string', max: textMax },
    thank_you_text: { t: 'string', max: kindFault(ctx, video, 'thank-you-24') ? TEXT_MAX + 1 : TEXT_MAX },
    thank_you_url: { t: 'string' },
    media_key: { t: 'string', required: creating },
    unlocked_image_media_key: { t: 'string' },
    poster_media_key: { t: 'string' },
  };
  for (const c of CTAS) {
    s[`${c}_cta`] = { t: 'string', required: creating && c === 'first' };
    s[`${c}_cta_tweet`] = { t: 'string' };
  }
  return s;
}

/** the hashtag rules and the option/post-text pairs of the merged fields; throws one 400 */
function checkOptions(ctx: Ctx, merged: Record<string, unknown>, video = false): void {
  const errors = [];
  const max = kindFault(ctx, video, 'hashtag-21') ? HASHTAG_MAX + 1 : HASHTAG_MAX;
  for (const c of CTAS) {
    const cta = merged[`${c}_cta`];
    if (typeof cta !== 'string') continue;
    const counted = kindFault(ctx, video, 'hash-counted') ? cta : cta.replace(/^#/, '');
    // fault cat-icc-fourth-cta-unbounded: fourth_cta is taken at any length
    if ([...counted].length > max && !(c === 'fourth' && kindFault(ctx, video, 'fourth-cta-unbounded')))
      errors.push(invalid(`${c}_cta`, `${c}_cta must be at most ${HASHTAG_MAX} characters, not counting the #`));
    // fault cat-icc-option-tweet-optional: an option after the first is taken without its post text
    const optional = c !== 'first' && kindFault(ctx, video, 'option-tweet-optional');
    if ((typeof merged[`${c}_cta_tweet`] !== 'string' || merged[`${c}_cta_tweet`] === '') && !optional)
      errors.push(missing(`${c}_cta_tweet`));
  }
  // fault cat-icc-title-always-required: a card with second_cta and no title is refused
  if (merged.title === undefined && kindFault(ctx, video, 'title-always-required')) errors.push(missing('title'));
  else if (merged.title === undefined && merged.second_cta === undefined && !kindFault(ctx, video, 'title-optional'))
    errors.push(invalid('title', 'title is required when second_cta is absent (and second_cta when title is absent)'));
  if (errors.length > 0) throw badRequest(...errors);
}

/** the URL a card serves for its unlock image */
const unlockUrl = (key: string) => `https://media.reference.invalid/unlock/${key}.jpg`;

/** the unlock image, when given, is an image of the account media library */
function checkUnlock(acc: AccountData, p: Record<string, unknown>): void {
  if (p.unlocked_image_media_key !== undefined && mediaKind(acc, p.unlocked_image_media_key) !== 'IMAGE')
    throw invalidParam('unlocked_image_media_key', 'unlocked_image_media_key must be an image of the account media library');
}

/**
 * a conversation card as served: image cards "unlock image | … write-only (responses give a service
 * URL instead)"; video cards "write-only unlock image media key"
 */
export function renderConversation(ctx: Ctx, rec: Rec): Record<string, unknown> {
  const { unlocked_image_media_key: unlock, ...out } = structuredClone(rec);
  const video = rec.card_type === 'VIDEO_CONVERSATION';
  // fault cat-icc-unlock-key-served (image cards), cat-vcc-unlock-key-served (video cards): the unlock image's media key is served back
  if (typeof unlock === 'string' && kindFault(ctx, video, 'unlock-key-served')) out.unlocked_image_media_key = unlock;
  // fault cat-icc-unlock-url-missing: an image card serves no URL for the unlock image
  // choice vcc-unlock-url-absent: a video card serves no URL for it (its sentence says only "write-only")
  const urlless = video ? ctx.choice('vcc-unlock-url-absent') : ctx.fault('cat-icc-unlock-url-missing');
  if (typeof unlock === 'string' && !urlless) out.unlocked_image_url = unlockUrl(unlock);
  // choice icc-unlock-url-null: a card without an unlock image serves unlocked_image_url as null
  else if (unlock === undefined && ctx.choice('icc-unlock-url-null')) out.unlocked_image_url = null;
  // choice icc-hashtags-served-bare: the hashtags are kept without their #
  if (ctx.choice('icc-hashtags-served-bare'))
    for (const c of CTAS) if (typeof out[`${c}_cta`] === 'string') out[`${c}_cta`] = (out[`${c}_cta`] as string).replace(/^#/, '');
  return trimCard(ctx, out);
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, spec(ctx, true));
  Object.assign(call.echo, p);
  // fault cat-icc-media-any: a media_key outside the library is taken
  // fault cat-icc-media-video-taken: a video of the library is taken
  const kind = mediaKind(acc, p.media_key);
  const taken = kind === 'IMAGE' || (kind === 'VIDEO' && ctx.fault('cat-icc-media-video-taken'));
  if (!taken && !(ctx.fault('cat-icc-media-any') && kind === undefined))
    throw invalidParam('media_key', 'media_key must be an image of the account media library');
  checkUnlock(acc, p);
  checkOptions(ctx, p);
  const now = nowIso(ctx);
  const rec = accountCards(ctx, acc.record.id).conversations.add(ctx.state.seq(), {
    ...p,
    id: ctx.state.ids.record(),
    card_uri: `card://${ctx.state.ids.snowflake()}`,
    card_type: 'IMAGE_CONVERSATION',
    created_at: now,
    updated_at: now,
    deleted: false,
  });
  return single(call.echo, renderConversation(ctx, rec));
}

/** a title of 23 or a hashtag of 20 characters (not counting the #): valid, at the limit */
function atLimit(p: Record<string, unknown>): boolean {
  const len = (v: unknown) => (typeof v === 'string' ? [...v.replace(/^#/, '')].length : 0);
  return len(p.title) === TEXT_MAX || CTAS.some((c) => len(p[`${c}_cta`]) === HASHTAG_MAX);
}

function findCard(call: Call, type: string, withDeleted = false): Rec {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = find(accountCards(call.ctx, acc.record.id).conversations, call.path.card_id, CARD, withDeleted);
  if (rec.card_type !== type) throw notFound(CARD.code, CARD.what, call.path.card_id);
  return rec;
}

function updater(type: string) {
  return (call: Call): Reply => {
    const { ctx } = call;
    const rec = findCard(call, type);
    const video = type === 'VIDEO_CONVERSATION';
    const p = readParams(call.raw, spec(ctx, false, video));
    Object.assign(call.echo, p);
    checkUnlock(ownAccount(ctx, call.path.account_id), p);
    // fault cat-vcc-put-refused: valid parameters at their limits (a title of 23, a hashtag of 20 characters) are refused
    if (video && ctx.fault('cat-vcc-put-refused') && atLimit(p)) throw invalidParam('card_id', 'this card cannot be changed');
    if (!kindFault(ctx, video, 'put-ignored')) {
      // fault cat-icc-put-limits-unchecked: a PUT's hashtags and option texts are taken unchecked
      if (!kindFault(ctx, video, 'put-limits-unchecked')) checkOptions(ctx, { ...rec, ...p }, video);
      Object.assign(rec, p, { updated_at: nowIso(ctx) });
    }
    return single(call.echo, renderConversation(ctx, rec));
  };
}

function remover(type: string) {
  return (call: Call): Reply => {
    const rec = findCard(call, type);
    if (type === 'VIDEO_CONVERSATION' && call.ctx.fault('cat-vcc-delete-kept'))
      return single(call.echo, renderConversation(call.ctx, { ...rec, deleted: true }));
    const acc = ownAccount(call.ctx, call.path.account_id);
    return single(
      call.echo,
      renderConversation(call.ctx, markDeleted(call, accountCards(call.ctx, acc.record.id).conversations, call.path.card_id, CARD)),
    );
  };
}

function get(call: Call): Reply {
  return single(call.echo, renderConversation(call.ctx, findCard(call, 'IMAGE_CONVERSATION', withDeletedParam(call))));
}

function list(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  // fault cat-icc-ids-199: the card ids filter takes at most 199
  const p = readParams(call.raw, { card_ids: { t: 'list', max: ctx.fault('cat-icc-ids-199') ? 199 : 200 }, q: { t: 'string', max: 80 } });
  Object.assign(call.echo, p);
  const ids = ctx.fault('cat-icc-ids-filter-ignored') ? undefined : (p.card_ids as string[] | undefined);
  const q = typeof p.q === 'string' && !ctx.fault('cat-icc-q-ignored') ? p.q.toLowerCase() : undefined;
  const nameOf = (r: Rec) => String(r.name ?? '').toLowerCase();
  const reply = listReply(call, accountCards(ctx, acc.record.id).conversations, {
    catalog: true,
    countMax: ctx.fault('cat-icc-count-1001') ? 1001 : 1000,
    // fault cat-icc-total-count-with-cursor-accepted: with_total_count is served together with a cursor
    totalCountWithCursor: ctx.fault('cat-icc-total-count-with-cursor-accepted'),
    filter: (r) =>
      r.card_type === 'IMAGE_CONVERSATION' &&
      (!ids || ids.includes(r.id)) &&
      // fault cat-icc-q-anywhere: the name prefix matches anywhere in the name
      (q === undefined || (ctx.fault('cat-icc-q-anywhere') ? nameOf(r).includes(q) : nameOf(r).startsWith(q))),
    render: (r) => renderConversation(ctx, r),
  });
  // fault cat-icc-total-count-off: total_count counts one card more than the list holds
  // fault cat-icc-cursor-skips: a page reached by cursor loses its first card
  return cursorSkipsFirst(
    call,
    totalCountChanged(reply, ctx.fault('cat-icc-total-count-off'), (n) => n + 1),
    ctx.fault('cat-icc-cursor-skips'),
  );
}

/** a video conversation card of the account (the fixtures' control answer makes them) */
export function addVideoConversationCard(ctx: Ctx, acc: AccountData, mediaKey: string): Rec {
  const now = nowIso(ctx);
  return accountCards(ctx, acc.record.id).conversations.add(ctx.state.seq(), {
    name: 'Fixture video conversation card',
    media_key: mediaKey,
    first_cta: '#fixture',
    first_cta_tweet: 'Fixture choice',
    title: 'Fixture',
    id: ctx.state.ids.record(),
    card_uri: `card://${ctx.state.ids.snowflake()}`,
    card_type: 'VIDEO_CONVERSATION',
    created_at: now,
    updated_at: now,
    deleted: false,
  });
}

const IMAGE = '/accounts/:account_id/cards/image_conversation';
const VIDEO = '/accounts/:account_id/cards/video_conversation';

export const conversationRoutes: AdsRoute[] = [
  { method: 'GET', path: IMAGE, handle: list },
  { method: 'GET', path: `${IMAGE}/:card_id`, handle: get },
  { method: 'POST', path: IMAGE, handle: create },
  { method: 'PUT', path: `${IMAGE}/:card_id`, handle: updater('IMAGE_CONVERSATION') },
  { method: 'DELETE', path: `${IMAGE}/:card_id`, handle: remover('IMAGE_CONVERSATION') },
  { method: 'PUT', path: `${VIDEO}/:card_id`, handle: updater('VIDEO_CONVERSATION') },
  { method: 'DELETE', path: `${VIDEO}/:card_id`, handle: remover('VIDEO_CONVERSATION') },
];
