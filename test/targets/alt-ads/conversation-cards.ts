// Image and video conversation cards. Parameters come as query/form parameters or a JSON object
// body (json-params.ts): media_key, name (required, up to 80), first_cta (+ first_cta_tweet) …
// fourth_cta (+ fourth_cta_tweet), title, thank_you_text, thank_you_url, unlocked_image_media_key;
// video cards also poster_media_key and unlocked_video_id (an account media id). Hashtags are "#"
// and 1..20 more characters; an option needs its post text (up to 280 characters) and the one
// before it; title or second_cta must be there. Image: an image of the library at least 800 px
// wide at 1.91:1; unlock image: at least 800 px wide at 5:2, write-only (answers show
// unlocked_image_url); video: 16:9. PUT changes everything but media_key (an empty value clears an
// optional parameter); the result is judged again. Image cards: list, single, POST, PUT; video
// cards: the same and DELETE.
import { mediaByKey, mediaUrl } from './account-media.ts';
import { ownAccount } from './auth.ts';
import { cardUri, NAME_MAX } from './cards.ts';
import type { ConversationCard } from './catalog-store.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { isoSeconds } from './clock.ts';
import { invalid } from './errors.ts';
import { nextOrder, recordId } from './ids.ts';
import { callParams } from './json-params.ts';
import type { Params } from './params.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, Ctx } from './store.ts';

const OPTIONS = ['first', 'second', 'third', 'fourth'] as const;
const HASHTAG = /^#[^\s#]{1,20}$/;
const SHORT_MAX = 23;
const POST_MAX = 280;
const RATIO_TOLERANCE = 0.02;

const COMMON = [
  'name',
  ...OPTIONS.flatMap((o) => [`${o}_cta`, `${o}_cta_tweet`]),
  'title',
  'thank_you_text',
  'thank_you_url',
  'unlocked_image_media_key',
];
const PARAMS = { IMAGE: ['media_key', ...COMMON], VIDEO: ['media_key', 'poster_media_key', ...COMMON, 'unlocked_video_id'] };

function read(p: Params, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = p.str(n);
    if (v !== undefined) out[n] = v;
  }
  return out;
}

function ratioOk(w: number, h: number, want: number): boolean {
  return Math.abs(w / h - want) <= RATIO_TOLERANCE * want;
}

/** the rules on the card's parameters as they will be stored */
function judge(ctx: Ctx, a: Account, kind: 'IMAGE' | 'VIDEO', v: Record<string, string | null>, p: Params): void {
  const has = (k: string) => v[k] !== null && v[k] !== undefined && v[k] !== '';
  if (!has('name')) p.fail('REQUIRED_PARAMETER_MISSING', 'name is required', 'name');
  else if ([...(v.name as string)].length > NAME_MAX) p.fail('PARAMETER_TOO_LONG', `name has more than ${NAME_MAX} characters`, 'name');
  if (!has('media_key')) p.fail('REQUIRED_PARAMETER_MISSING', 'media_key is required', 'media_key');
  else {
    const m = mediaByKey(ctx, a, v.media_key as string);
    if (!m) p.fail('UNKNOWN_MEDIA', 'media_key is not in the account media library', 'media_key');
    else if (kind === 'IMAGE' && (m.kind !== 'IMAGE' || m.width < 800 || !ratioOk(m.width, m.height, 1.91)))
      p.fail('INVALID_MEDIA', 'the image is at least 800 px wide with aspect ratio 1.91:1', 'media_key');
    else if (kind === 'VIDEO' && (m.kind !== 'VIDEO' || !ratioOk(m.width, m.height, 16 / 9)))
      p.fail('INVALID_MEDIA', 'the video has aspect ratio 16:9', 'media_key');
  }
  if (has('poster_media_key')) {
    const m = mediaByKey(ctx, a, v.poster_media_key as string);
    if (m?.kind !== 'IMAGE') p.fail('INVALID_MEDIA', 'poster_media_key is an image of the account media library', 'poster_media_key');
  }
  if (has('unlocked_image_media_key')) {
    const m = mediaByKey(ctx, a, v.unlocked_image_media_key as string);
    if (m?.kind !== 'IMAGE' || m.width < 800 || !ratioOk(m.width, m.height, 2.5))
      p.fail('INVALID_MEDIA', 'the unlock image is a library image at least 800 px wide with aspect ratio 5:2', 'unlocked_image_media_key');
  }
  if (has('unlocked_video_id')) {
    const m = ctx.st.accountMedia.get(v.unlocked_video_id as string);
    if (!m || m.accountId !== a.id || m.deleted || m.kind !== 'VIDEO')
      p.fail('INVALID_MEDIA', 'unlocked_video_id is the id of a video in the account media listing', 'unlocked_video_id');
  }
  OPTIONS.forEach((o, i) => {
    const cta = `${o}_cta`;
    const tweet = `${o}_cta_tweet`;
    if (has(cta)) {
      if (!HASHTAG.test(v[cta] as string)) p.fail('INVALID_PARAMETER_VALUE', `${cta} is a hashtag: # and 1 to 20 characters`, cta);
      if (!has(tweet)) p.fail('REQUIRED_PARAMETER_MISSING', `${tweet} is required with ${cta}`, tweet);
      if (i > 1 && !has(`${OPTIONS[i - 1]}_cta`)) p.fail('REQUIRED_PARAMETER_MISSING', `${cta} needs ${OPTIONS[i - 1]}_cta`, cta);
    } else if (i === 0) p.fail('REQUIRED_PARAMETER_MISSING', 'first_cta is required', cta);
    else if (has(tweet)) p.fail('INVALID_PARAMETER_VALUE', `${tweet} goes with ${cta}`, tweet);
    if (has(tweet) && [...(v[tweet] as string)].length > POST_MAX)
      p.fail('PARAMETER_TOO_LONG', `${tweet} has more than ${POST_MAX} characters`, tweet);
  });
  for (const k of ['title', 'thank_you_text'])
    if (has(k) && [...(v[k] as string)].length > SHORT_MAX) p.fail('PARAMETER_TOO_LONG', `${k} has more than ${SHORT_MAX} characters`, k);
  if (!has('title') && !has('second_cta'))
    p.fail('REQUIRED_PARAMETER_MISSING', 'title is required when second_cta is absent (and the other way round)', 'title');
  if (has('thank_you_url') && !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(v.thank_you_url as string))
    p.fail('INVALID_PARAMETER_VALUE', 'thank_you_url is an http(s) URL', 'thank_you_url');
  if (p.problems.length) throw invalid(p.problems);
}

export function conversationView(r: ConversationCard, ctx?: Ctx): Record<string, unknown> {
  const v = r.values;
  const out: Record<string, unknown> = {
    id: r.id,
    account_id: r.accountId,
    name: v.name,
    card_type: `${r.kind}_CONVERSATION`,
    card_uri: cardUri(r.id),
    media_key: v.media_key,
  };
  if (ctx) {
    const a = ctx.st.accounts.get(r.accountId);
    const m = a && v.media_key ? mediaByKey(ctx, a, v.media_key) : undefined;
    out.media_url = m ? mediaUrl(m) : null;
  }
  if (r.kind === 'VIDEO') out.poster_media_key = v.poster_media_key ?? null;
  // started with conversationRecordWithout: the record leaves those members out (its fields are not shown)
  for (const k of COMMON.slice(1, -1)) if (!ctx?.conversationRecordWithout?.includes(k)) out[k] = v[k] ?? null;
  out.unlocked_image_url = v.unlocked_image_media_key ? `https://media.alt-ads.invalid/unlock/${r.id}.png` : null;
  if (r.kind === 'VIDEO') out.unlocked_video_url = v.unlocked_video_id ? `https://media.alt-ads.invalid/unlock/${r.id}.mp4` : null;
  return { ...out, created_at: isoSeconds(r.createdAt), updated_at: isoSeconds(r.updatedAt), deleted: r.deleted };
}

/** a conversation card made without a request (the fixtures' video conversation cards) */
export function addConversationCard(
  ctx: Ctx,
  accountId: string,
  kind: 'IMAGE' | 'VIDEO',
  values: Record<string, string>,
): ConversationCard {
  const now = ctx.clock.now();
  const r: ConversationCard = {
    id: recordId(),
    order: nextOrder(),
    accountId,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    kind,
    values,
  };
  ctx.st.catalog.conversationCards.set(r.id, r);
  return r;
}

function create(kind: 'IMAGE' | 'VIDEO') {
  return (c: Call): Answer => {
    const a = ownAccount(c.ctx, c.user, c.path.account_id);
    const p = callParams(c);
    const values = read(p, PARAMS[kind]);
    judge(c.ctx, a, kind, values, p);
    const r = addConversationCard(c.ctx, a.id, kind, values);
    return one(c, conversationView(r, c.ctx));
  };
}

const mine = (kind: 'IMAGE' | 'VIDEO') => (c: Call) => {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const m = new Map([...c.ctx.st.catalog.conversationCards].filter(([, r]) => r.kind === kind));
  return { a, m };
};

function update(kind: 'IMAGE' | 'VIDEO') {
  return (c: Call): Answer => {
    const { a, m } = mine(kind)(c);
    const r = findChild(m, a, c.path.card_id, `${kind.toLowerCase()} conversation card`);
    const p = callParams(c);
    if (p.has('media_key')) p.fail('NOT_CHANGEABLE', 'media_key of a conversation card does not change', 'media_key');
    const sent = read(
      p,
      PARAMS[kind].filter((n) => n !== 'media_key'),
    );
    const next: Record<string, string | null> = { ...r.values };
    for (const [k, val] of Object.entries(sent)) next[k] = val === '' ? null : val;
    judge(c.ctx, a, kind, next, p);
    r.values = next;
    r.updatedAt = c.ctx.clock.now();
    return one(c, conversationView(r, c.ctx));
  };
}

function list(kind: 'IMAGE' | 'VIDEO') {
  return (c: Call): Answer => {
    const { a, m } = mine(kind)(c);
    const ids = c.p.list('card_ids');
    const q = c.p.str('q', { max: NAME_MAX })?.toLowerCase();
    const all = [...m.values()].filter(
      (r) => r.accountId === a.id && (!ids || ids.includes(r.id)) && (q === undefined || (r.values.name ?? '').toLowerCase().startsWith(q)),
    );
    return listChildren(c, all, (r) => conversationView(r, c.ctx));
  };
}

function get(kind: 'IMAGE' | 'VIDEO') {
  return (c: Call): Answer => {
    const { a, m } = mine(kind)(c);
    return getChild(c, m, a, c.path.card_id, `${kind.toLowerCase()} conversation card`, (r) => conversationView(r, c.ctx));
  };
}

function remove(c: Call): Answer {
  const { a, m } = mine('VIDEO')(c);
  c.p.done();
  return one(c, conversationView(deleteChild(c.ctx, findChild(m, a, c.path.card_id, 'video conversation card')), c.ctx));
}

const base = (kind: string) => `/accounts/:account_id/cards/${kind}_conversation`;

export const conversationRoutes: Route[] = [
  { method: 'GET', pattern: base('image'), handler: list('IMAGE') },
  { method: 'POST', pattern: base('image'), handler: create('IMAGE') },
  { method: 'GET', pattern: `${base('image')}/:card_id`, handler: get('IMAGE') },
  { method: 'PUT', pattern: `${base('image')}/:card_id`, handler: update('IMAGE') },
  { method: 'GET', pattern: base('video'), handler: list('VIDEO') },
  { method: 'POST', pattern: base('video'), handler: create('VIDEO') },
  { method: 'GET', pattern: `${base('video')}/:card_id`, handler: get('VIDEO') },
  { method: 'PUT', pattern: `${base('video')}/:card_id`, handler: update('VIDEO') },
  { method: 'DELETE', pattern: `${base('video')}/:card_id`, handler: remove },
];
