// Checks of the card list filters the document describes only by role (card types, card URIs on GET
// cards; name prefix on GET image conversation cards: names from params.ts), PUT of slides,
// with_total_count on the image conversation list, and the sort_by values of both lists (observed).
import { CARD_LIMITS, CARD_TYPES, CONVERSATION_LIMITS } from '../../../../generators/ads/catalog/cards.ts';
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, nameOrderSeen, needOk, ok, records, what } from '../../reading/answers.ts';
import { expectEndedWithNull, walk } from '../../reading/pages.ts';
import { checkTotalCount } from '../total-count.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { conversationCard, simpleConversation } from './conversation.ts';
import {
  card,
  cardJson,
  cardOf,
  cardsPath,
  cardUri,
  fakeIds,
  getCard,
  mediaKeys,
  sameSlides,
  servedTree,
  simpleComponents,
  slidesShape,
} from './card-records.ts';

type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

async function list(ctx: AdsCtx, rest: string, query: Query): Promise<HttpResult> {
  return ctx.api.ads.call('GET', await cardsPath(ctx, rest), { query });
}

const listedIds = (res: HttpResult) => records(res).map((r) => String(r.id));

/** an image conversation card named `name` (setup); its id */
async function conversation(ctx: AdsCtx, name: string): Promise<string> {
  return conversationCard(ctx, { ...(await simpleConversation(ctx, 'conversation', '#listed')), name });
}

/** two slides of a MEDIA and a DETAILS component, told apart by `label` */
function slides(keys: string[], label: string, n: number): Record<string, unknown>[][] {
  return Array.from({ length: n }, (_, i) => simpleComponents(keys[i % keys.length], `${label} slide ${i + 1}`));
}

/** `made` each listed exactly once by pages of count=2 followed by next_cursor, ending with next_cursor null
 *  (Document 2: "cursor | from next_cursor of the previous page"; "next_cursor … null when no further page") */
async function pagesListOnce(ctx: AdsCtx, path: string, made: string[], label: string): Promise<void> {
  const w = await walk(ctx, path, { count: 2 });
  expectEndedWithNull(ctx, w, label);
  const ids = w.pages.flatMap((p) => records(p).map((r) => String(r.id)));
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  ctx.check(twice.length === 0, `the pages of ${label} listed ${twice.join(', ')} more than once`);
  const missing = made.filter((id) => !ids.includes(id));
  ctx.check(missing.length === 0, `the pages of ${label} (${w.pages.length} pages of count=2) never listed ${missing.join(', ')}`);
}

const SORT_VALUES = ['created_at-asc', 'created_at-desc', 'name-asc', 'name-desc', 'updated_at-desc', 'id-asc'];

/**
 * the sort_by values a list takes and refuses, and the order by name under name sorts of `made`, the
 * rule's own records (made in an order that is not their names' order): an order is observed only
 * from records seen, never from an empty list or from other rules' records
 */
async function observeSorts(ctx: AdsCtx, label: string, rest: string, made: { id: string; name: string }[], count: number): Promise<void> {
  const accepted: string[] = [];
  const refusedOnes: string[] = [];
  for (const value of SORT_VALUES) {
    const res = await list(ctx, rest, { sort_by: value, count });
    if (ok(res)) accepted.push(value);
    else refusedOnes.push(`${value} (${res.status})`);
    if (ok(res) && value.startsWith('name-')) ctx.observe(`order of ${label} with sort_by=${value}`, nameOrderSeen(records(res), made));
  }
  ctx.observe(`sort_by values accepted on ${label}`, accepted.join(', ') || 'none');
  ctx.observe(`sort_by values refused on ${label}`, refusedOnes.join(', ') || 'none');
}

export const filterChecks: Record<string, AdsCheck> = {
  // GET cards: "count (min 1, max 200), cursor"
  async 'CAT-CARD-028'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const made: string[] = [];
    for (let i = 1; i <= 3; i++) made.push(String((await card(ctx, { components: simpleComponents(all[0], `Paged ${i}`) })).id));
    await pagesListOnce(ctx, await cardsPath(ctx), made, 'GET cards');
  },

  // GET cards/image_conversation: "count (min 1, max 1000), cursor"
  async 'CAT-ICC-011'(ctx: AdsCtx) {
    const made: string[] = [];
    for (let i = 1; i <= 3; i++) made.push(await conversation(ctx, ctx.api.name(`paged-${i}`)));
    await pagesListOnce(ctx, await cardsPath(ctx, '/image_conversation'), made, 'GET cards/image_conversation');
  },

  async 'CAT-CARD-021'(ctx: AdsCtx) {
    // "GET /accounts/:account_id/cards | filters by role: card types, …"
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Typed') });
    const got = await getCard(ctx, c.id);
    needOk(ctx, got, 'GET cards/:card_id');
    const type = cardOf(got).card_type;
    if (typeof type !== 'string' || type === '')
      ctx.notCheckable('the card record carries no card_type (card record fields are not shown): no type to filter by');
    const other = CARD_TYPES.find((t) => t !== type) as string;
    const typesParam = catalogParam(ctx, 'cardTypes');
    const idsParam = catalogParam(ctx, 'cardIds');
    const plain = await list(ctx, '', { [typesParam]: [type], count: CARD_LIMITS.countMax });
    paramUsable(ctx, 'cardTypes', plain, 'GET cards filtered by card types');
    ctx.check(ok(plain), `GET cards ${typesParam}=${type} answered ${what(plain)}`);
    const foreign = records(plain).filter((r) => typeof r.card_type === 'string' && r.card_type !== type);
    ctx.check(
      foreign.length === 0,
      `${typesParam}=${type} listed cards of other types: ${JSON.stringify(foreign.map((r) => r.card_type))}`,
    );
    const mine = await list(ctx, '', { [typesParam]: [type], [idsParam]: [String(c.id)] });
    paramUsable(ctx, 'cardIds', mine, 'GET cards filtered by card ids');
    ctx.check(
      ok(mine) && listedIds(mine).includes(String(c.id)),
      `${typesParam}=${type} with its id did not list card ${String(c.id)}: ${what(mine)}`,
    );
    const notMine = await list(ctx, '', { [typesParam]: [other], [idsParam]: [String(c.id)] });
    ctx.check(
      ok(notMine) && !listedIds(notMine).includes(String(c.id)),
      `${typesParam}=${other} listed card ${String(c.id)} of type ${type}: ${what(notMine)}`,
    );
    // "Card types: IMAGE_APP, …, VIDEO_WEBSITE": each listed type is a value the filter takes; the
    // list of all thirteen lists the card
    const every = await list(ctx, '', { [typesParam]: [...CARD_TYPES], [idsParam]: [String(c.id)] });
    ctx.check(
      ok(every) && listedIds(every).includes(String(c.id)),
      `${typesParam} with all ${CARD_TYPES.length} card types did not list card ${String(c.id)}: ${what(every)}`,
    );
    for (const t of CARD_TYPES) {
      const one = await list(ctx, '', { [typesParam]: [t], count: 1 });
      ctx.check(ok(one), `GET cards ${typesParam}=${t} (a listed card type) answered ${what(one)}`);
    }
  },

  async 'CAT-CARD-022'(ctx: AdsCtx) {
    // "card URIs (up to 200)"
    const { all } = await mediaKeys(ctx);
    const a = await card(ctx, { components: simpleComponents(all[0], 'URI A') });
    const b = await card(ctx, { components: simpleComponents(all[0], 'URI B') });
    const uri = cardUri(ctx, a);
    const urisParam = catalogParam(ctx, 'cardUris');
    const res = await list(ctx, '', { [urisParam]: [uri] });
    paramUsable(ctx, 'cardUris', res, 'GET cards filtered by card URIs');
    needOk(ctx, res, `GET cards with ${urisParam}`);
    const ids = listedIds(res);
    ctx.check(
      ids.length === 1 && ids[0] === String(a.id),
      `${urisParam}=${uri} answered ${JSON.stringify(ids)} (the other card is ${String(b.id)})`,
    );
    const most = await list(ctx, '', { [urisParam]: [uri, ...fakeIds(CARD_LIMITS.filterIds - 1, true)] });
    ctx.check(
      ok(most) && listedIds(most).includes(String(a.id)),
      `${CARD_LIMITS.filterIds} card URIs (${uri} and unknown ones) answered ${what(most)}`,
    );
    const many = await list(ctx, '', { [urisParam]: fakeIds(CARD_LIMITS.filterIds + 1, true) });
    expectRefused(ctx, many, `${CARD_LIMITS.filterIds + 1} card URIs`);
  },

  async 'CAT-CARD-023'(ctx: AdsCtx) {
    // "PUT … name, components or slides | each supplied field replaces the stored one"
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { slides: slides(all, 'Before', 2) });
    const after = slides([...all].reverse(), 'After', 3);
    const put = await ctx.api.ads.call('PUT', await cardsPath(ctx, `/${String(c.id)}`), { json: cardJson(ctx, { slides: after }) });
    ctx.check(ok(put), `PUT cards/:card_id with slides answered ${what(put)}`);
    const got = await getCard(ctx, c.id);
    needOk(ctx, got, 'GET cards/:card_id');
    const served = servedTree(ctx, cardOf(got), 'slides');
    ctx.check(sameSlides(after, served), `after PUT slides the card has ${slidesShape(served)}, not ${slidesShape(after)}`);
  },

  // GET cards: "include legacy website and app cards (legacy cards have resource URLs of the form
  // accounts/:account_id/cards/:card_type)": the option adds legacy cards, so a card made through
  // POST is still listed with it. Legacy cards cannot be made through this document's endpoints:
  // that the option adds them is not checked. Its name is not shown: the real interface's.
  async 'CAT-CARD-034'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'With legacy') });
    const idsParam = catalogParam(ctx, 'cardIds');
    const legacy = catalogParam(ctx, 'includeLegacy');
    const res = await list(ctx, '', { [legacy]: true, [idsParam]: [String(c.id)] });
    paramUsable(ctx, 'includeLegacy', res, 'GET cards');
    ctx.check(
      ok(res) && listedIds(res).includes(String(c.id)),
      `GET cards with ${legacy}=true did not list card ${String(c.id)}, made through POST: ${what(res)}`,
    );
  },

  async 'CAT-CARD-OBS-002'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    // made one after another as b, c, a: neither name order is the order they were made
    const cards: { id: string; name: string }[] = [];
    const conversations: { id: string; name: string }[] = [];
    for (const letter of ['b', 'c', 'a']) {
      const name = ctx.api.name(`sort-${letter}`);
      cards.push({ id: String((await card(ctx, { name, components: simpleComponents(all[0], `Sort ${letter}`) })).id), name });
    }
    for (const letter of ['b', 'c', 'a']) {
      const name = ctx.api.name(`iccsort-${letter}`);
      conversations.push({ id: await conversation(ctx, name), name });
    }
    // GET cards: "count (min 1, max 200)"; GET cards/image_conversation: "count (min 1, max 1000)"
    await observeSorts(ctx, 'GET cards', '', cards, CARD_LIMITS.countMax);
    await observeSorts(ctx, 'GET cards/image_conversation', '/image_conversation', conversations, CONVERSATION_LIMITS.countMax);
  },

  async 'CAT-ICC-009'(ctx: AdsCtx) {
    // "name prefix (max 80)"
    const a = await conversation(ctx, ctx.api.name('iccprefix'));
    const b = await conversation(ctx, ctx.api.name('iccother'));
    const prefix = ctx.api.name('iccprefix').replace(/-\d+$/, '');
    const qParam = catalogParam(ctx, 'namePrefix');
    const res = await list(ctx, '/image_conversation', { [qParam]: prefix, count: 1000 });
    paramUsable(ctx, 'namePrefix', res, 'GET cards/image_conversation filtered by name prefix');
    needOk(ctx, res, `GET cards/image_conversation with ${qParam}`);
    const ids = listedIds(res);
    ctx.check(ids.includes(a), `${qParam}=${prefix} did not list card ${a}, whose name starts with it`);
    ctx.check(!ids.includes(b), `${qParam}=${prefix} listed card ${b}, whose name does not start with it`);
    // "iccprefix" alone: within card a's name, not at its start (a target that matches anywhere in the name lists it)
    const inner = await list(ctx, '/image_conversation', { [qParam]: 'iccprefix', count: 1000 });
    ctx.check(
      ok(inner) && !listedIds(inner).includes(a),
      `${qParam}=iccprefix answered ${what(inner)}: it must leave out card ${a}, whose name holds it only further in`,
    );
    // the names the listed records carry (where they carry one: record fields are not shown)
    const names = records(res)
      .map((r) => r.name)
      .filter((n): n is string => typeof n === 'string');
    ctx.check(
      names.every((n) => n.toLowerCase().startsWith(prefix.toLowerCase())),
      `${qParam}=${prefix} listed ${JSON.stringify(names)}`,
    );
    // "name prefix (max 80)": a prefix of 80 is taken, one of 81 refused
    const at = await list(ctx, '/image_conversation', { [qParam]: 'q'.repeat(CARD_LIMITS.name) });
    ctx.check(ok(at), `a name prefix of ${CARD_LIMITS.name} characters answered ${what(at)}`);
    const long = await list(ctx, '/image_conversation', { [qParam]: 'q'.repeat(CARD_LIMITS.name + 1) });
    expectRefused(ctx, long, `a name prefix of ${CARD_LIMITS.name + 1} characters`);
  },

  async 'CAT-ICC-010'(ctx: AdsCtx) {
    // Document 2: "with_total_count | boolean | false | adds total_count"; "total_count … only when with_total_count=true"
    // two cards at least, so that a page of one is not the whole list
    await conversation(ctx, ctx.api.name('icccounted-1'));
    await conversation(ctx, ctx.api.name('icccounted-2'));
    await checkTotalCount(ctx, await cardsPath(ctx, '/image_conversation'), 'cards/image_conversation');
  },
};
