// Checks of the generic card rules (CAT-CARD-*): creation with components or slides (order kept),
// the component rules as refusals of one-rule-broken trees, name length, PUT, the list filters and
// count bounds, cards/all by card URI, DELETE. What a card record carries is not shown ("Response
// fields of card records …: not shown"): the rules read the members they need (components, slides,
// card_uri) where the record has them, and are not checkable where it has none; `deleted` of a
// card is observed, never asserted (document 2's "Every record also has deleted" is not among the
// conventions this document shares: envelope, list parameters, access, versioning).
import { TWO_BYTE_LETTER } from '../../../../generators/builders.ts';
import type fc from 'fast-check';
import {
  BUTTON_LABELS,
  brokenComponentBuilders,
  CARD_LIMITS,
  type CardOp,
  cardOps,
  type Component,
  type ComponentMutation,
  cardNameTooLong,
  repeatedKeys,
  type SchemaMutation,
  schemaBrokenBuilders,
  schemaNearMisses,
  validComponents,
  validSlides,
} from '../../../../generators/ads/catalog/cards.ts';
import { checkProperty } from '../../../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, expectShape, needOk, ok, records, refused, what } from '../../reading/answers.ts';
import { catalogParam, paramUsable } from '../params.ts';
import {
  appButton,
  card,
  cardJson,
  cardOf,
  cardsPath,
  cardUri,
  fakeIds,
  formsTaken,
  getCard,
  keysUsable,
  mediaKeys,
  postCard,
  sameComponents,
  sameComponentsAnyOrder,
  sameSlides,
  servedTree,
  shapeOf,
  simpleComponents,
  slidesShape,
} from './card-records.ts';

const FEW = (ctx: AdsCtx) => Math.min(ctx.runs, 25);

/**
 * the valid forms each mutation's trees are made of (formsTaken): a tree with a DETAILS, or with a
 * BUTTON. A destination moved to the other component needs both: the component it sits on, and the
 * destination itself where it goes (a website one on a DETAILS, an app one on a BUTTON). The field
 * name of the website URL is not shown: a target naming it otherwise refuses every website
 * destination for its key, and a refusal on a BUTTON then says nothing of "Website destinations go
 * only with DETAILS".
 */
const FORM: Record<ComponentMutation, 'details' | 'button' | 'both'> = {
  'swipeable-count': 'both',
  'media-several': 'details',
  'label-not-in-enum': 'button',
  'label-on-details': 'details',
  'website-on-button': 'both',
  'app-on-details': 'both',
  'app-no-store-id': 'button',
};

/** every tree of the mutation is refused (the `edges` first), once the valid form it breaks is seen to be taken */
async function refusesTrees(ctx: AdsCtx, mutation: ComponentMutation, label: string, edges: Component[][] = []): Promise<void> {
  const { all } = await mediaKeys(ctx);
  await formsTaken(ctx, FORM[mutation]);
  for (const components of edges) expectRefused(ctx, await postCard(ctx, { components }), `a card with ${label}: ${shapeOf(components)}`);
  const arb: fc.Arbitrary<Component[]> = brokenComponentBuilders(all)[mutation];
  await checkProperty(ctx, arb, async (components) => expectRefused(ctx, await postCard(ctx, { components }), `a card with ${label}`), {
    runs: FEW(ctx),
    independent: true,
  });
}

/** the record served for a card id is that card: its id, where it carries one (card record fields are not shown) */
const sameId = (rec: Record<string, unknown>, id: unknown) => !('id' in rec) || String(rec.id) === String(id);

/** a deleted card's `deleted` member, observed (card record fields are not shown) */
function observeDeleted(ctx: AdsCtx, where: string, rec: Record<string, unknown> | undefined): void {
  ctx.observe(
    `deleted member of a deleted card served by ${where} (not shown)`,
    rec && 'deleted' in rec ? JSON.stringify(rec.deleted) : '(none)',
  );
}

async function listCards(ctx: AdsCtx, query: Record<string, string | number | boolean | readonly string[] | undefined>) {
  return ctx.api.ads.call('GET', await cardsPath(ctx), { query });
}

/** every tree of each schema mutation is refused (the near-misses of a closed list first, in every run), once both valid forms are seen to be taken */
async function refusesSchema(ctx: AdsCtx, mutations: Record<string, string>): Promise<void> {
  const { all } = await mediaKeys(ctx);
  await formsTaken(ctx, 'both');
  const builders = schemaBrokenBuilders(all);
  const near: Partial<Record<string, Component[][]>> = schemaNearMisses(all);
  for (const [mutation, label] of Object.entries(mutations))
    for (const components of near[mutation] ?? [])
      expectRefused(ctx, await postCard(ctx, { components }), `a card with ${label}: ${shapeOf(components)}`);
  for (const [mutation, label] of Object.entries(mutations))
    await checkProperty(
      ctx,
      builders[mutation as SchemaMutation],
      async (components) => expectRefused(ctx, await postCard(ctx, { components }), `a card with ${label}: ${shapeOf(components)}`),
      { runs: FEW(ctx), independent: true },
    );
}

export const genericChecks: Record<string, AdsCheck> = {
  // Component rules 1: "DETAILS and BUTTON are description components, rendered under the media and carrying a destination"
  async 'CAT-CARD-024'(ctx: AdsCtx) {
    await refusesSchema(ctx, {
      'details-no-destination': 'a DETAILS component without a destination',
      'button-no-destination': 'a BUTTON without a destination',
    });
  },
  // Component rules 2: "A BUTTON has a label object: `type` = ENUM and `value` one of ..."
  async 'CAT-CARD-025'(ctx: AdsCtx) {
    await refusesSchema(ctx, {
      'button-no-label': 'a BUTTON without a label',
      'label-type-not-enum': 'a BUTTON label whose type is not ENUM',
    });
  },
  // Component rules 3: "A destination has `type` WEBSITE or APP."
  async 'CAT-CARD-026'(ctx: AdsCtx) {
    await refusesSchema(ctx, { 'destination-type-other': 'a destination of a type other than WEBSITE or APP' });
  },
  // Component rules 1: "Each component object has a `type` that fixes its schema: MEDIA (...), SWIPEABLE_MEDIA (...), DETAILS, BUTTON"
  async 'CAT-CARD-027'(ctx: AdsCtx) {
    await refusesSchema(ctx, { 'component-type-unlisted': 'a component of an unlisted type' });
  },

  async 'CAT-CARD-001'(ctx: AdsCtx) {
    // "order of components and of slides matters"; the trees put the media first (a description
    // component is "rendered under the media": a target may refuse it before the media)
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx);
    await checkProperty(
      ctx,
      validComponents(all),
      async (components) => {
        const res = await postCard(ctx, { components });
        const repeated = repeatedKeys(components);
        if (refused(res) && repeated.length > 0)
          ctx.notCheckable(
            `a carousel naming ${repeated.join(', ')} twice was refused (${what(res)}): add distinct media to fixtures.ads.accountMedia (up to 6)`,
          );
        ctx.check(ok(res), `POST cards with valid components answered ${what(res)}`, res);
        const got = await getCard(ctx, cardOf(res).id);
        // GET cards/:card_id serves the card just made
        ctx.check(ok(got), `GET cards/:card_id of the card just made answered ${what(got)}`);
        expectShape(ctx, got, 'single', 'card', 'GET cards/:card_id');
        const served = servedTree(ctx, cardOf(got), 'components');
        ctx.check(sameComponents(components, served), `components sent: ${shapeOf(components)}; served: ${shapeOf(served)}`);
      },
      { runs: FEW(ctx), independent: true },
    );
  },

  async 'CAT-CARD-002'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'details');
    await checkProperty(
      ctx,
      validSlides(all),
      async (slides) => {
        const res = await postCard(ctx, { slides });
        ctx.check(ok(res), `POST cards with valid slides answered ${what(res)}`, res);
        const got = await getCard(ctx, cardOf(res).id);
        needOk(ctx, got, 'GET cards/:card_id');
        const served = servedTree(ctx, cardOf(got), 'slides');
        ctx.check(sameSlides(slides, served), `slides sent: ${slidesShape(slides)}; served: ${slidesShape(served)}`);
      },
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },

  async 'CAT-CARD-003'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'details');
    const components = simpleComponents(all[0], 'Components');
    const res = await postCard(ctx, { components, slides: [simpleComponents(all[0], 'Slide 1'), simpleComponents(all[0], 'Slide 2')] });
    expectRefused(ctx, res, 'a card with both components and slides');
    // "components (array) or slides (array of arrays)": one of them; a card of a name alone is no card
    expectRefused(ctx, await postCard(ctx, {}), 'a card with neither components nor slides');
  },

  // POST cards: "components (array) or slides (array of arrays)"
  async 'CAT-CARD-029'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'details');
    const flat = simpleComponents(all[0], 'Flat slides');
    expectRefused(ctx, await postCard(ctx, { slides: flat }), `slides as a flat array of components: ${shapeOf(flat)}`);
    const one = Object.fromEntries(flat.map((c) => [String(c.type), c]));
    expectRefused(ctx, await postCard(ctx, { components: one }), 'components as an object, not an array');
  },

  async 'CAT-CARD-004'(ctx: AdsCtx) {
    // "SWIPEABLE_MEDIA (2 to 6 videos or images)": the counts at each end (2 and 6) are taken, those
    // just past them (1 and 7) refused, in every run; then generated counts outside
    const { all } = await mediaKeys(ctx);
    const swipeable = (n: number) => [
      { type: 'SWIPEABLE_MEDIA', media_keys: Array.from({ length: n }, (_, i) => all[i % all.length]) },
      simpleComponents(all[0], 'Swipeable')[1],
    ];
    await formsTaken(ctx, 'details');
    for (const n of [CARD_LIMITS.swipeableMin, CARD_LIMITS.swipeableMax]) {
      const components = swipeable(n);
      const res = await postCard(ctx, { components });
      const repeated = repeatedKeys(components);
      if (refused(res) && repeated.length > 0)
        ctx.notCheckable(
          `a carousel of ${n} media naming ${repeated.join(', ')} twice was refused (${what(res)}): add distinct media to fixtures.ads.accountMedia (up to 6)`,
        );
      ctx.check(ok(res), `a SWIPEABLE_MEDIA component of ${n} media answered ${what(res)}`);
    }
    await refusesTrees(ctx, 'swipeable-count', 'a SWIPEABLE_MEDIA component outside 2 to 6 media', [swipeable(1), swipeable(7)]);
  },
  async 'CAT-CARD-005'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'media-several', 'a MEDIA component holding several media');
  },
  async 'CAT-CARD-006'(ctx: AdsCtx) {
    // "`value` one of BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP": each listed value is taken, in every run
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'button');
    for (const value of BUTTON_LABELS) {
      const components = [{ type: 'MEDIA', media_key: all[0] }, appButton(value)];
      const res = await postCard(ctx, { components });
      ctx.check(ok(res), `a BUTTON labelled ${value} (a listed value) answered ${what(res)}`);
    }
    // near-misses (labels of other call-to-action lists: BUY, LEARN_MORE, …) in every run, then generated ones
    await refusesTrees(ctx, 'label-not-in-enum', 'a BUTTON label outside the enum', schemaNearMisses(all)['label-not-in-enum']);
  },
  async 'CAT-CARD-007'(ctx: AdsCtx) {
    // "Labels apply only to BUTTON": a label elsewhere is refused, or accepted and not applied (the
    // card does not keep it); the sentence allows both, so neither fails (choice card-label-elsewhere-ignored)
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'details');
    await checkProperty(
      ctx,
      brokenComponentBuilders(all)['label-on-details'],
      async (components) => {
        const res = await postCard(ctx, { components });
        ctx.check(
          refused(res) || ok(res),
          `a card with a label on a DETAILS component answered ${what(res)}, neither a refusal nor a card`,
          res,
        );
        if (refused(res)) {
          ctx.observe('a label on a component other than BUTTON', `refused (${res.status})`);
          return;
        }
        ctx.observe('a label on a component other than BUTTON', 'accepted');
        const got = await getCard(ctx, cardOf(res).id);
        needOk(ctx, got, 'GET cards/:card_id');
        const rec = cardOf(got);
        if (!Array.isArray(rec.components))
          ctx.notCheckable(
            'a card with a label on a DETAILS component was accepted, and its record carries no components (card record fields are not shown): whether the label applies cannot be seen',
          );
        const kept = (rec.components as unknown[]).filter((c) => {
          const o = (c ?? {}) as Record<string, unknown>;
          return o.type !== 'BUTTON' && o.label !== undefined && o.label !== null;
        });
        ctx.check(kept.length === 0, `a label on a component other than BUTTON was accepted and kept: ${JSON.stringify(kept)}`);
      },
      { runs: FEW(ctx), independent: true },
    );
  },
  async 'CAT-CARD-008'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'website-on-button', 'a website destination on a BUTTON');
  },
  async 'CAT-CARD-009'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'app-on-details', 'an app destination on a DETAILS component');
  },
  async 'CAT-CARD-010'(ctx: AdsCtx) {
    // "ios_app_store_identifier and vendorplay_app_id (at least one required)": each alone is taken, neither refused
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'button');
    const stores: Record<string, Record<string, string>> = {
      'ios_app_store_identifier alone': { ios_app_store_identifier: '333903271' },
      'vendorplay_app_id alone': { vendorplay_app_id: 'com.example.conformance' },
    };
    for (const [label, ids] of Object.entries(stores)) {
      const button = { ...appButton('INSTALL'), destination: { type: 'APP', ...ids } };
      const res = await postCard(ctx, { components: [{ type: 'MEDIA', media_key: all[0] }, button] });
      ctx.check(ok(res), `an app destination with ${label} answered ${what(res)}`);
    }
    await refusesTrees(ctx, 'app-no-store-id', 'an app destination without a store identifier');
  },

  async 'CAT-CARD-011'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'details');
    const components = simpleComponents(all[0], 'Name length');
    const prefix = ctx.api.name('card');
    const longest = (prefix + 'x'.repeat(CARD_LIMITS.name)).slice(0, CARD_LIMITS.name);
    const res = await postCard(ctx, { name: longest, components });
    ctx.check(ok(res), `a card name of ${CARD_LIMITS.name} characters answered ${what(res)}`, res);
    // characters, not bytes: as long in letters of two bytes
    const wide = (prefix + TWO_BYTE_LETTER.repeat(CARD_LIMITS.name)).slice(0, CARD_LIMITS.name);
    const wideRes = await postCard(ctx, { name: wide, components });
    ctx.check(
      ok(wideRes),
      `a card name of ${CARD_LIMITS.name} characters (${wide.slice(-3)}…: two bytes each) answered ${what(wideRes)}`,
      wideRes,
    );
    // the name just past the limit in every run, then generated longer ones
    const past = (prefix + 'x'.repeat(CARD_LIMITS.name + 1)).slice(0, CARD_LIMITS.name + 1);
    expectRefused(ctx, await postCard(ctx, { name: past, components }), `a card name of ${CARD_LIMITS.name + 1} characters`);
    await checkProperty(
      ctx,
      cardNameTooLong(prefix),
      async (name) => expectRefused(ctx, await postCard(ctx, { name, components }), `a card name of ${[...name].length} characters`),
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },

  async 'CAT-CARD-012'(ctx: AdsCtx) {
    // "each supplied field replaces the stored one": the order of the components is CAT-CARD-001's
    // subject, so the components are compared here in any order
    const { all } = await mediaKeys(ctx);
    const first = simpleComponents(all[0], 'Before');
    const c = await card(ctx, { components: first });
    const path = await cardsPath(ctx, `/${String(c.id)}`);
    const before = cardOf(await getCard(ctx, c.id));
    const kept = servedTree(ctx, before, 'components');
    const name = ctx.api.name('renamed');
    const renamed = await ctx.api.ads.call('PUT', path, { json: { name } });
    needOk(ctx, renamed, 'PUT cards/:card_id with name');
    let got = cardOf(await getCard(ctx, c.id));
    // the name, where the record carries a member of that name (card record fields are not shown)
    const named = 'name' in before || 'name' in got;
    ctx.check(!named || got.name === name, `after PUT name, the card's name is ${JSON.stringify(got.name)}, not ${JSON.stringify(name)}`);
    ctx.check(
      sameComponentsAnyOrder(kept, got.components),
      `PUT name changed the components: ${shapeOf(kept)} became ${shapeOf(got.components)}`,
    );
    const second = [{ type: 'MEDIA', media_key: all[all.length - 1] }, appButton('SHOP')];
    const replaced = await ctx.api.ads.call('PUT', path, { json: cardJson(ctx, { components: second }) });
    keysUsable(ctx, replaced, { components: second });
    needOk(ctx, replaced, 'PUT cards/:card_id with components');
    got = cardOf(await getCard(ctx, c.id));
    ctx.check(
      sameComponentsAnyOrder(second, got.components),
      `after PUT components the card has ${shapeOf(got.components)}, not ${shapeOf(second)}`,
    );
    ctx.check(!named || got.name === name, `PUT components changed the name to ${JSON.stringify(got.name)}`);
  },

  // PUT cards/:card_id: "each supplied field replaces the stored one", judged on the state after a
  // sequence of changes (components compared in any order: their order is CAT-CARD-001's subject)
  async 'CAT-CARD-030'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx);
    const trees: Component[][] = [
      simpleComponents(all[0], 'Sequence A'),
      [{ type: 'MEDIA', media_key: all[all.length - 1] }, appButton('SHOP')],
      simpleComponents(all[all.length - 1], 'Sequence C'),
    ];
    const base = ctx.api.name('seq');
    const nameOf = (n: number) => `${base}-${n}`;
    const judge = async (ops: CardOp[]) => {
      const c = await card(ctx, { name: nameOf(0), components: trees[0] });
      const path = await cardsPath(ctx, `/${String(c.id)}`);
      const model = { name: nameOf(0), tree: trees[0] };
      const done: string[] = [];
      for (const op of ops) {
        const body = op.kind === 'name' ? { name: nameOf(op.n) } : { components: trees[op.v] };
        const res = await ctx.api.ads.call('PUT', path, { json: cardJson(ctx, body) });
        done.push(op.kind === 'name' ? `name ${nameOf(op.n)}` : `components ${shapeOf(trees[op.v])}`);
        ctx.check(ok(res), `PUT ${done.join(', then ')} answered ${what(res)}`, res);
        if (op.kind === 'name') model.name = nameOf(op.n);
        else model.tree = trees[op.v];
      }
      const got = await getCard(ctx, c.id);
      needOk(ctx, got, 'GET cards/:card_id');
      const rec = cardOf(got);
      const after = `after PUT ${done.join(', then ')}`;
      ctx.check(
        sameComponentsAnyOrder(model.tree, servedTree(ctx, rec, 'components')),
        `${after}, the card has ${shapeOf(rec.components)}, not ${shapeOf(model.tree)}`,
      );
      // the name, where the record carries a member of that name (card record fields are not shown)
      ctx.check(!('name' in rec) || rec.name === model.name, `${after}, the card's name is ${JSON.stringify(rec.name)}, not ${model.name}`);
    };
    // fixed sequences first (a name change after a components change, and the reverse), then generated ones
    await judge([
      { kind: 'components', v: 1 },
      { kind: 'name', n: 1 },
    ]);
    await judge([
      { kind: 'name', n: 2 },
      { kind: 'components', v: 2 },
      { kind: 'name', n: 3 },
    ]);
    await checkProperty(ctx, cardOps(), judge, { runs: Math.min(ctx.runs, 10), independent: true });
  },

  async 'CAT-CARD-013'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const a = await card(ctx, { components: simpleComponents(all[0], 'Filter A') });
    const b = await card(ctx, { components: simpleComponents(all[0], 'Filter B') });
    const idsParam = catalogParam(ctx, 'cardIds');
    const res = await listCards(ctx, { [idsParam]: [String(a.id)] });
    paramUsable(ctx, 'cardIds', res, 'GET cards filtered by card ids');
    needOk(ctx, res, `GET cards with ${idsParam}`);
    const ids = records(res).map((r) => String(r.id));
    ctx.check(
      ids.length === 1 && ids[0] === String(a.id),
      `${idsParam}=${String(a.id)} answered ${JSON.stringify(ids)} (the other card is ${String(b.id)})`,
    );
    // "card ids (up to 200)": 200 are taken (the card and 199 unknown ids), 201 refused
    const most = await listCards(ctx, { [idsParam]: [String(a.id), ...fakeIds(CARD_LIMITS.filterIds - 1)] });
    ctx.check(
      ok(most) && records(most).some((r) => String(r.id) === String(a.id)),
      `${CARD_LIMITS.filterIds} card ids (card ${String(a.id)} and unknown ones) answered ${what(most)}`,
    );
    expectRefused(ctx, await listCards(ctx, { [idsParam]: fakeIds(CARD_LIMITS.filterIds + 1) }), `${CARD_LIMITS.filterIds + 1} card ids`);
  },

  async 'CAT-CARD-014'(ctx: AdsCtx) {
    for (const count of [1, CARD_LIMITS.countMax]) {
      const res = await listCards(ctx, { count });
      ctx.check(ok(res), `count=${count} answered ${what(res)}`);
    }
    expectRefused(ctx, await listCards(ctx, { count: 0 }), 'count=0');
    expectRefused(ctx, await listCards(ctx, { count: CARD_LIMITS.countMax + 1 }), `count=${CARD_LIMITS.countMax + 1}`);
  },

  async 'CAT-CARD-015'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const a = await card(ctx, { components: simpleComponents(all[0], 'All A') });
    const b = await card(ctx, { components: simpleComponents(all[0], 'All B') });
    const uri = cardUri(ctx, a);
    const path = await cardsPath(ctx, '/all');
    const res = await ctx.api.ads.call('GET', path, { query: { card_uris: [uri] } });
    needOk(ctx, res, 'GET cards/all with card_uris');
    const ids = records(res).map((r) => String(r.id));
    ctx.check(
      ids.length === 1 && ids[0] === String(a.id),
      `card_uris=${uri} answered the cards ${JSON.stringify(ids)} (it names card ${String(a.id)}; the other is ${String(b.id)})`,
    );
    // "fetch several cards by card URI": two URIs answer both cards, and not a third
    const c = await card(ctx, { components: simpleComponents(all[0], 'All C') });
    const two = [uri, cardUri(ctx, b)];
    const several = await ctx.api.ads.call('GET', path, { query: { card_uris: two } });
    needOk(ctx, several, 'GET cards/all with two card_uris');
    const got = records(several).map((r) => String(r.id));
    ctx.check(
      got.length === 2 && got.includes(String(a.id)) && got.includes(String(b.id)),
      `card_uris=${two.join(',')} answered the cards ${JSON.stringify(got)} (they name ${String(a.id)} and ${String(b.id)}; the third is ${String(c.id)})`,
    );
    // "card_uris (comma list, up to 200)": 200 are taken (the card's and 199 unknown URIs), 201 refused
    const most = await ctx.api.ads.call('GET', path, { query: { card_uris: [uri, ...fakeIds(CARD_LIMITS.filterIds - 1, true)] } });
    ctx.check(
      ok(most) && records(most).some((r) => String(r.id) === String(a.id)),
      `${CARD_LIMITS.filterIds} card URIs (${uri} and unknown ones) answered ${what(most)}`,
    );
    const many = await ctx.api.ads.call('GET', path, { query: { card_uris: fakeIds(CARD_LIMITS.filterIds + 1, true) } });
    expectRefused(ctx, many, `${CARD_LIMITS.filterIds + 1} card URIs`);
  },

  async 'CAT-CARD-016'(ctx: AdsCtx) {
    // with_deleted (document 2's list parameter: "include deleted records", default false)
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Deleted') });
    needOk(ctx, await ctx.api.ads.call('DELETE', await cardsPath(ctx, `/${String(c.id)}`)), 'DELETE cards/:card_id');
    expectRefused(ctx, await getCard(ctx, c.id), 'GET of a deleted card without with_deleted');
    const kept = await getCard(ctx, c.id, true);
    ctx.check(ok(kept), `GET of a deleted card with with_deleted=true answered ${what(kept)}`);
    ctx.check(sameId(cardOf(kept), c.id), `GET of the deleted card with with_deleted=true served ${what(kept)}`);
    observeDeleted(ctx, 'GET cards/:card_id', cardOf(kept));
  },

  async 'CAT-CARD-020'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Through all') });
    const id = String(c.id);
    const single = (withDeleted?: boolean) =>
      cardsPath(ctx, `/all/${id}`).then((path) => ctx.api.ads.call('GET', path, { query: withDeleted ? { with_deleted: true } : {} }));
    const byId = await single();
    ctx.check(ok(byId) && sameId(cardOf(byId), id), `GET cards/all/:card_id of a live card answered ${what(byId)}`);
    expectShape(ctx, byId, 'single', 'card', 'GET cards/all/:card_id');
    // the card's URI, when its record carries one (card record fields are not shown)
    const uri = typeof c.card_uri === 'string' && c.card_uri !== '' ? c.card_uri : undefined;
    const byUri = (withDeleted?: boolean) =>
      cardsPath(ctx, '/all').then((path) =>
        ctx.api.ads.call('GET', path, { query: { card_uris: uri, ...(withDeleted ? { with_deleted: true } : {}) } }),
      );
    const listed = (res: Awaited<ReturnType<typeof byUri>>) => records(res).some((r) => String(r.id) === id);
    if (uri !== undefined) {
      const live = await byUri();
      ctx.check(ok(live) && listed(live), `GET cards/all?card_uris=<its uri> does not serve the live card: ${what(live)}`);
    }
    needOk(ctx, await ctx.api.ads.call('DELETE', await cardsPath(ctx, `/${id}`)), 'DELETE cards/:card_id');
    expectRefused(ctx, await single(), 'GET cards/all/:card_id of a deleted card');
    const kept = await single(true);
    ctx.check(ok(kept) && sameId(cardOf(kept), id), `GET cards/all/:card_id?with_deleted=true of a deleted card answered ${what(kept)}`);
    observeDeleted(ctx, 'GET cards/all/:card_id', cardOf(kept));
    if (uri === undefined)
      ctx.notCheckable(
        'the card record carries no card_uri (card record fields are not shown): cards/all by card URI could not be examined',
      );
    const gone = await byUri();
    ctx.check(ok(gone) && !listed(gone), `GET cards/all by URI still serves the deleted card: ${what(gone)}`);
    const shown = await byUri(true);
    ctx.check(ok(shown) && listed(shown), 'GET cards/all by URI with with_deleted=true omits the deleted card');
  },

  async 'CAT-CARD-OBS-001'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Observed') });
    const got = await getCard(ctx, c.id);
    needOk(ctx, got, 'GET cards/:card_id');
    const rec = cardOf(got);
    ctx.observe('card record fields', Object.keys(rec).sort().join(', '));
    ctx.observe('card_type of an image with a DETAILS component', String(rec.card_type));
    ctx.observe('card_uri form', String(rec.card_uri).replace(/\d+/g, '<n>'));
  },

  async 'CAT-CARD-018'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    // the name sent (a card record's fields are not shown: the record need not echo it)
    const name = ctx.api.name('Prefixed');
    const c = await card(ctx, { name, components: simpleComponents(all[0], 'Prefix') });
    const other = await card(ctx, { name: ctx.api.name('Unprefixed'), components: simpleComponents(all[0], 'No prefix') });
    ctx.setup(/[a-z]/.test(name), `the card's name ${JSON.stringify(name)} has no lower-case letter to fold`);
    const q = name.slice(0, name.indexOf('Prefixed') + 'Prefixed'.length).toUpperCase();
    const qParam = catalogParam(ctx, 'namePrefix');
    const res = await listCards(ctx, { [qParam]: q, count: CARD_LIMITS.countMax });
    paramUsable(ctx, 'namePrefix', res, 'GET cards filtered by name prefix');
    needOk(ctx, res, `GET cards with ${qParam}=${q}`);
    // the names the listed records carry (where they carry one)
    const names = records(res)
      .map((r) => r.name)
      .filter((n): n is string => typeof n === 'string');
    ctx.check(
      records(res).some((r) => String(r.id) === String(c.id)),
      `${qParam}=${q} did not list the card named ${name}`,
      res,
    );
    ctx.check(
      names.every((n) => n.toLowerCase().startsWith(q.toLowerCase())),
      `${qParam}=${q} listed ${JSON.stringify(names)}`,
    );
    ctx.check(
      !records(res).some((r) => String(r.id) === String(other.id)),
      `${qParam}=${q} listed card ${String(other.id)}, whose name does not start with it`,
      res,
    );
    // the part of the name from "Prefixed" on: within the name, not at its start (a target that
    // matches anywhere in the name lists the card)
    const within = name.slice(name.indexOf('Prefixed'));
    const inner = await listCards(ctx, { [qParam]: within, count: CARD_LIMITS.countMax });
    ctx.check(
      ok(inner) && !records(inner).some((r) => String(r.id) === String(c.id)),
      `${qParam}=${within} answered ${what(inner)}: it must leave out the card named ${name}, whose name holds it only further in`,
      inner,
    );
    // "max 80 chars": a prefix of 80 is taken, one of 81 refused
    const at = await listCards(ctx, { [qParam]: 'q'.repeat(CARD_LIMITS.name) });
    ctx.check(ok(at), `a ${qParam} of ${CARD_LIMITS.name} characters answered ${what(at)}`);
    expectRefused(ctx, await listCards(ctx, { [qParam]: 'q'.repeat(CARD_LIMITS.name + 1) }), `a q of ${CARD_LIMITS.name + 1} characters`);
  },

  async 'CAT-CARD-019'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Listed deleted') });
    const id = String(c.id);
    needOk(ctx, await ctx.api.ads.call('DELETE', await cardsPath(ctx, `/${id}`)), 'DELETE cards/:card_id');
    const idsParam = catalogParam(ctx, 'cardIds');
    const without = await listCards(ctx, { [idsParam]: [id] });
    paramUsable(ctx, 'cardIds', without, 'GET cards filtered by card ids');
    needOk(ctx, without, `GET cards with ${idsParam}`);
    ctx.check(!records(without).some((r) => String(r.id) === id), 'GET cards without with_deleted listed the deleted card');
    const withDeleted = await listCards(ctx, { [idsParam]: [id], with_deleted: true });
    needOk(ctx, withDeleted, `GET cards with ${idsParam} and with_deleted=true`);
    const found = records(withDeleted).find((r) => String(r.id) === id);
    ctx.check(found !== undefined, 'GET cards with with_deleted=true did not list the deleted card');
    observeDeleted(ctx, 'GET cards', found);
  },
};
