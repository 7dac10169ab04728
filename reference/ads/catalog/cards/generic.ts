// Generic cards: POST with a JSON body (name up to 80 characters, components or slides, not both;
// the order of components and slides is kept), PUT replacing each supplied field, DELETE, the list
// (card types, card ids, card URIs, name prefix q, legacy cards; count 1 to 200) and cards/all by
// card URI. The list parameter names the document leaves unshown are the real interface's.
import type { Reply } from '../../../host/http.ts';
import { nowIso, ownAccount } from '../../context.ts';
import { single } from '../../envelope.ts';
import { invalidParam, notFound } from '../../errors.ts';
import { requireJsonBody } from '../../json-body.ts';
import { readParams } from '../../params.ts';
import { find, listReply, markDeleted, withDeletedParam } from '../../records.ts';
import type { AdsRoute, Call } from '../../route.ts';
import { type Rec, Table } from '../../table.ts';
import type { Ctx } from '../../context.ts';
import { cursorSkipsFirst } from '../list-faults.ts';
import { readTree } from './components.ts';
import { renderConversation } from './conversation.ts';
import { renderCard } from './render.ts';
import { type AccountCards, accountCards } from './state.ts';

export const CARD = { code: 'NOT_FOUND', what: 'Card' };
const NAME_MAX = 80;
const URI_LIST = { t: 'list', max: 200 } as const;
/** the card types but one (fault cat-card-type-carousel-refused) */
const CARD_TYPES_NO_MULTI = [
  'IMAGE_APP',
  'IMAGE_CAROUSEL_APP',
  'IMAGE_CAROUSEL_WEBSITE',
  'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
  'IMAGE_WEBSITE',
  'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
  'VIDEO_APP',
  'VIDEO_CAROUSEL_APP',
  'VIDEO_CAROUSEL_WEBSITE',
  'VIDEO_WEBSITE',
];

function readName(call: Call, body: Record<string, unknown>, creating: boolean): string | undefined {
  const name = body.name;
  // choice card-name-required: a card is not created without name
  if (name === undefined && creating && call.ctx.choice('card-name-required')) throw invalidParam('name', 'name is required');
  if (name === undefined) return undefined;
  if (typeof name !== 'string') throw invalidParam('name', 'name must be a string');
  const max = call.ctx.fault('cat-card-name-81') ? NAME_MAX + 1 : NAME_MAX;
  // fault cat-card-name-in-bytes: the limit counted in UTF-8 bytes, not characters
  const length = call.ctx.fault('cat-card-name-in-bytes') ? Buffer.byteLength(name) : [...name].length;
  if (length > max) throw invalidParam('name', `name must be at most ${NAME_MAX} characters`);
  return name;
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const body = requireJsonBody(call);
  const name = readName(call, body, true);
  const tree = readTree(ctx, acc, body, true) as Record<string, unknown>;
  const id = ctx.state.ids.snowflake();
  const now = nowIso(ctx);
  const rec = accountCards(ctx, acc.record.id).cards.add(ctx.state.seq(), {
    name: name ?? '',
    ...tree,
    account_id: acc.record.id,
    created_at: now,
    card_uri: `card://${id}`,
    id,
    updated_at: now,
    deleted: false,
  });
  if (rec.components !== undefined) createdComponents.set(rec, structuredClone(rec.components));
  return single(call.echo, renderCard(ctx, rec), 200);
}

/** the components each card was created with (fault cat-card-put-name-restores-components) */
const createdComponents = new WeakMap<object, unknown>();

function update(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const rec = find(accountCards(ctx, acc.record.id).cards, call.path.card_id, CARD);
  const body = requireJsonBody(call);
  const name = readName(call, body, false);
  const tree = readTree(ctx, acc, body, false);
  if (name !== undefined) rec.name = name;
  // fault cat-card-put-name-restores-components: a PUT of name alone puts back the components the card was created with
  if (name !== undefined && !tree && rec.components !== undefined && ctx.fault('cat-card-put-name-restores-components'))
    rec.components = structuredClone(createdComponents.get(rec) ?? rec.components);
  // fault cat-card-put-slides-ignored: a PUT of slides keeps the slides the card had
  if (tree && !(tree.slides && ctx.fault('cat-card-put-slides-ignored'))) {
    if (ctx.fault('cat-card-put-appends') && tree.components && rec.components) {
      tree.components = [...(rec.components as unknown[]), ...(tree.components as unknown[])];
    }
    delete rec.components;
    delete rec.slides;
    Object.assign(rec, tree);
  }
  rec.updated_at = nowIso(ctx);
  return single(call.echo, renderCard(ctx, rec));
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const table = accountCards(call.ctx, acc.record.id).cards;
  if (call.ctx.fault('cat-card-delete-kept'))
    return single(call.echo, renderCard(call.ctx, { ...find(table, call.path.card_id, CARD), deleted: true }));
  return single(call.echo, renderCard(call.ctx, markDeleted(call, table, call.path.card_id, CARD)));
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = find(accountCards(call.ctx, acc.record.id).cards, call.path.card_id, CARD, withDeletedParam(call));
  return single(call.echo, renderCard(call.ctx, rec));
}

function list(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, {
    card_types: { t: 'list', max: 13, upper: true },
    // fault cat-card-type-carousel-refused: a listed card type is refused by the filter
    ...(ctx.fault('cat-card-type-carousel-refused')
      ? { card_types: { t: 'list', max: 13, upper: true, values: CARD_TYPES_NO_MULTI } }
      : {}),
    // fault cat-card-filters-199: the card ids and card URIs filters take at most 199
    card_ids: { t: 'list', max: ctx.fault('cat-card-ids-201') ? 201 : ctx.fault('cat-card-filters-199') ? 199 : 200 },
    card_uris: ctx.fault('cat-card-filters-199') ? { ...URI_LIST, max: 199 } : URI_LIST,
    include_legacy_cards: { t: 'bool' },
    q: { t: 'string', max: NAME_MAX },
  });
  Object.assign(call.echo, p);
  const types = ctx.fault('cat-card-types-filter-ignored') ? undefined : (p.card_types as string[] | undefined);
  const ids = ctx.fault('cat-card-ids-filter-ignored') ? undefined : (p.card_ids as string[] | undefined);
  const uris = ctx.fault('cat-card-list-uris-ignored') ? undefined : (p.card_uris as string[] | undefined);
  const exact = ctx.fault('cat-card-q-case-sensitive');
  const fold = (s: string) => (exact ? s : s.toLowerCase());
  const q = typeof p.q === 'string' ? fold(p.q) : undefined;
  const a = accountCards(ctx, acc.record.id);
  // fault cat-card-list-includes-conversation: the list also serves the conversation cards
  const table = ctx.fault('cat-card-list-includes-conversation') ? mergedTable(a) : a.cards;
  // fault cat-card-list-with-deleted-ignored: deleted cards stay out even with with_deleted
  const hideDeleted = ctx.fault('cat-card-list-with-deleted-ignored');
  const reply = listReply(call, table, {
    catalog: true,
    countMax: ctx.fault('cat-card-count-201') ? 201 : 200,
    noTotalCount: true,
    filter: (r: Rec) =>
      // fault cat-card-legacy-only: with include_legacy_cards the list leaves out the cards made through POST
      !(p.include_legacy_cards === true && ctx.fault('cat-card-legacy-only')) &&
      !(hideDeleted && r.deleted) &&
      (!types || types.includes(r.card_type as string)) &&
      (!ids || ids.includes(r.id)) &&
      (!uris || uris.includes(r.card_uri as string)) &&
      // fault cat-card-q-anywhere: the name prefix matches anywhere in the name
      (q === undefined || (ctx.fault('cat-card-q-anywhere') ? fold(String(r.name)).includes(q) : fold(String(r.name)).startsWith(q))),
    render: (r: Rec) => render(ctx, r),
  });
  // fault cat-card-cursor-skips: a page reached by cursor loses its first card
  return cursorSkipsFirst(call, reply, ctx.fault('cat-card-cursor-skips'));
}

/** a card of either table as the card endpoints serve it */
function render(ctx: Ctx, r: Rec): Record<string, unknown> {
  return String(r.card_type).endsWith('_CONVERSATION') ? renderConversation(ctx, r) : renderCard(ctx, r);
}

/** one table of both kinds of cards (fault cat-card-list-includes-conversation) */
function mergedTable(a: AccountCards): Table {
  const t = new Table();
  for (const src of [a.cards, a.conversations]) for (const r of src.all()) t.add(src.seqOf(r.id), r);
  return t;
}

/** every card of the account (generic and conversation cards) */
function allCards(call: Call): Rec[] {
  const a = accountCards(call.ctx, ownAccount(call.ctx, call.path.account_id).record.id);
  return [...a.cards.all(), ...a.conversations.all()];
}

function listAll(call: Call): Reply {
  // fault cat-card-all-uris-199: cards/all takes at most 199 card URIs
  const p = readParams(call.raw, {
    card_uris: { ...URI_LIST, max: call.ctx.fault('cat-card-all-uris-199') ? 199 : 200, required: true },
    with_deleted: { t: 'bool' },
  });
  Object.assign(call.echo, p);
  const uris = call.ctx.fault('cat-card-all-uris-ignored') ? undefined : (p.card_uris as string[]);
  const data = allCards(call)
    // fault cat-card-all-serves-deleted: cards/all serves deleted cards without with_deleted
    .filter(
      (r) =>
        (p.with_deleted === true || !r.deleted || call.ctx.fault('cat-card-all-serves-deleted')) &&
        (!uris || uris.includes(r.card_uri as string)),
    )
    .map((r) => render(call.ctx, r));
  return single(call.echo, data);
}

function getAll(call: Call): Reply {
  // fault cat-card-all-single-with-deleted-ignored: a deleted card is 404 here even with with_deleted=true
  const withDeleted = withDeletedParam(call) && !call.ctx.fault('cat-card-all-single-with-deleted-ignored');
  const rec = allCards(call).find((r) => r.id === call.path.card_id && (withDeleted || !r.deleted));
  if (!rec) throw notFound(CARD.code, CARD.what, call.path.card_id);
  // fault cat-card-all-single-as-array: the one card is answered inside an array
  const out = render(call.ctx, rec);
  // fault cat-vcc-unlock-key-in-all: here alone, a video conversation card serves its unlock image's media key
  if (
    rec.card_type === 'VIDEO_CONVERSATION' &&
    typeof rec.unlocked_image_media_key === 'string' &&
    call.ctx.fault('cat-vcc-unlock-key-in-all')
  )
    out.unlocked_image_media_key = rec.unlocked_image_media_key;
  return single(call.echo, call.ctx.fault('cat-card-all-single-as-array') ? [out] : out);
}

const BASE = '/accounts/:account_id/cards';

/** cards/all before cards/:card_id */
export const allRoutes: AdsRoute[] = [
  { method: 'GET', path: `${BASE}/all`, handle: listAll },
  { method: 'GET', path: `${BASE}/all/:card_id`, handle: getAll },
];

export const genericRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'POST', path: BASE, json: true, handle: create },
  { method: 'GET', path: `${BASE}/:card_id`, handle: get },
  { method: 'PUT', path: `${BASE}/:card_id`, json: true, handle: update },
  { method: 'DELETE', path: `${BASE}/:card_id`, handle: remove },
];
