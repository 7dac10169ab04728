// Cards made of components or slides: list (card_types, card_ids, card_uris, count 1..200 default
// 50, cursor, include_legacy_cards, q name prefix up to 80, sort_by, with_deleted; only cards made
// by POST /cards), single, POST, PUT (a supplied components or slides replaces what the card had),
// DELETE; POST answers 201 (every other creation of this target answers 200); cards/all by card_uris (every kind of card, unknown URIs left out) and cards/all/:card_id.
import { ownAccount } from './auth.ts';
import { CARD_TYPES, componentsType, copyComponents, slidesType } from './card-components.ts';
import type { Card, ConversationCard } from './catalog-store.ts';
import { deleteChild, findChild } from './children.ts';
import { isoSeconds } from './clock.ts';
import { conversationView } from './conversation-cards.ts';
import { type Detail, detail, invalid, invalidOne, notFound } from './errors.ts';
import { jsonBody } from './http.ts';
import { nextOrder, recordId } from './ids.ts';
import { listBody, page, readListParams } from './listing.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, Ctx } from './store.ts';

export const NAME_MAX = 80;
const COUNT_MAX = 200;
const COUNT_DEFAULT = 50;

/** a card's URI: how posts and draft posts name it */
export const cardUri = (id: string): string => `card://alt/${id}`;

export function cardView(c: Card): Record<string, unknown> {
  const v: Record<string, unknown> = {
    id: c.id,
    account_id: c.accountId,
    name: c.name,
    card_type: c.cardType,
    card_uri: cardUri(c.id),
  };
  if (c.slides) v.slides = copyComponents(c.slides);
  else v.components = copyComponents(c.components ?? []);
  return { ...v, created_at: isoSeconds(c.createdAt), updated_at: isoSeconds(c.updatedAt), deleted: c.deleted };
}

/** a card of any kind of the account by URI (deleted ones only when asked) */
export function cardByUri(ctx: Ctx, a: Account, uri: string, withDeleted = false): Card | ConversationCard | undefined {
  const m = /^card:\/\/alt\/([0-9a-z]+)$/.exec(uri);
  if (!m) return undefined;
  const r = ctx.st.catalog.cards.get(m[1]) ?? ctx.st.catalog.conversationCards.get(m[1]);
  return r && r.accountId === a.id && (withDeleted || !r.deleted) ? r : undefined;
}

const anyView = (ctx: Ctx) => (r: Card | ConversationCard) => ('kind' in r ? conversationView(r, ctx) : cardView(r));

interface CardBody {
  name?: string;
  components?: unknown;
  slides?: unknown;
}

function readCardBody(c: Call, creating: boolean): CardBody {
  const raw = jsonBody(c.req);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalidOne('INVALID_BODY', 'the body is a JSON object', 'body');
  const b = raw as Record<string, unknown>;
  const problems: Detail[] = [];
  if (b.name !== undefined && (typeof b.name !== 'string' || b.name.trim() === ''))
    problems.push(detail('INVALID_PARAMETER_VALUE', 'name is a non-empty string', 'name'));
  else if (typeof b.name === 'string' && [...b.name].length > NAME_MAX)
    problems.push(detail('PARAMETER_TOO_LONG', `name has more than ${NAME_MAX} characters`, 'name'));
  else if (b.name === undefined && creating) problems.push(detail('REQUIRED_PARAMETER_MISSING', 'name is required', 'name'));
  if (b.components !== undefined && b.slides !== undefined)
    problems.push(detail('EXCLUSIVE_PARAMETERS', 'give components or slides, not both', 'components'));
  else if (creating && b.components === undefined && b.slides === undefined)
    problems.push(detail('REQUIRED_PARAMETER_MISSING', 'components or slides is required', 'components'));
  if (problems.length) throw invalid(problems);
  return { name: b.name as string | undefined, components: b.components, slides: b.slides };
}

function shapeOf(c: Call, a: Account, b: CardBody): { cardType?: string; components?: Card['components']; slides?: Card['slides'] } {
  const problems: Detail[] = [];
  if (b.components !== undefined) {
    const t = componentsType(c.ctx, a, b.components, problems);
    if (problems.length) throw invalid(problems);
    return { cardType: t, components: copyComponents(b.components as Card['components']) };
  }
  if (b.slides !== undefined) {
    const t = slidesType(c.ctx, a, b.slides, problems);
    if (problems.length) throw invalid(problems);
    return { cardType: t, slides: copyComponents(b.slides as Card['slides']) };
  }
  return {};
}

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const b = readCardBody(c, true);
  const s = shapeOf(c, a, b);
  const now = c.ctx.clock.now();
  const card: Card = {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    name: b.name as string,
    cardType: s.cardType as string,
    components: s.components,
    slides: s.slides,
  };
  c.ctx.st.catalog.cards.set(card.id, card);
  return one(c, cardView(card), 201);
}

function update(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const card = findChild(c.ctx.st.catalog.cards, a, c.path.card_id, 'card');
  const b = readCardBody(c, false);
  const s = shapeOf(c, a, b);
  if (b.name !== undefined) card.name = b.name;
  if (s.cardType) {
    card.cardType = s.cardType;
    card.components = s.components;
    card.slides = s.slides;
  }
  card.updatedAt = c.ctx.clock.now();
  return one(c, cardView(card));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = c.p;
  const types = p.list('card_types', { item: /^[A-Z_]+$/ });
  const unknown = types?.filter((t) => !(CARD_TYPES as readonly string[]).includes(t)) ?? [];
  if (unknown.length) p.fail('INVALID_PARAMETER_VALUE', `card_types: unknown ${unknown.join(', ')}`, 'card_types');
  const ids = p.list('card_ids');
  const uris = p.list('card_uris');
  p.bool('include_legacy_cards');
  const q = p.str('q', { max: NAME_MAX });
  const count = p.int('count', { min: 1, max: COUNT_MAX }) ?? COUNT_DEFAULT;
  const lr = readListParams(c.ctx, c.user, p, { count: false, totalCount: false, sortable: ['card_type'] });
  lr.count = count;
  const prefix = q?.toLowerCase();
  const all = [...c.ctx.st.catalog.cards.values()].filter(
    (r) =>
      r.accountId === a.id &&
      (!types || types.includes(r.cardType)) &&
      (!ids || ids.includes(r.id)) &&
      (!uris || uris.includes(cardUri(r.id))) &&
      (prefix === undefined || r.name.toLowerCase().startsWith(prefix)),
  );
  const pg = page(all, lr, (r, attr) => cardView(r)[attr]);
  return { body: listBody(p, lr, pg, cardView) };
}

function getOne(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  return one(c, cardView(findChild(c.ctx.st.catalog.cards, a, c.path.card_id, 'card', withDeleted)));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  return one(c, cardView(deleteChild(c.ctx, findChild(c.ctx.st.catalog.cards, a, c.path.card_id, 'card'))));
}

function all(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const uris = c.p.list('card_uris', { required: true });
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  const found = (uris ?? []).map((u) => cardByUri(c.ctx, a, u, withDeleted)).filter((r) => r !== undefined);
  return { body: { request: { params: c.p.echo }, data: found.map(anyView(c.ctx)), next_cursor: null } };
}

function allOne(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  const r = cardByUri(c.ctx, a, cardUri(c.path.card_id), withDeleted);
  if (!r) throw notFound('card', c.path.card_id);
  return one(c, anyView(c.ctx)(r));
}

/** literal paths (all, image_conversation, video_conversation) come before /cards/:card_id */
export const cardRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/cards/all', handler: all },
  { method: 'GET', pattern: '/accounts/:account_id/cards/all/:card_id', handler: allOne },
  { method: 'GET', pattern: '/accounts/:account_id/cards', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/cards', handler: create },
];

export const cardIdRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/cards/:card_id', handler: getOne },
  { method: 'PUT', pattern: '/accounts/:account_id/cards/:card_id', handler: update },
  { method: 'DELETE', pattern: '/accounts/:account_id/cards/:card_id', handler: remove },
];
