// Checks of the generic card rules (CAT-CARD-*): creation with components or slides (order kept),
// the component rules as refusals of one-rule-broken trees, name length, PUT, the list filters and
// count bounds, cards/all by card URI, DELETE.
import type fc from 'fast-check';
import {
  brokenComponentBuilders,
  CARD_LIMITS,
  type Component,
  type ComponentMutation,
  cardNameTooLong,
  repeatedKeys,
  validComponents,
  validSlides,
} from '../../../../generators/ads/catalog/cards.ts';
import { checkProperty } from '../../../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, expectShape, needOk, ok, records, refused, what } from '../../reading/answers.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { card, cardOf, cardsPath, fakeIds, getCard, mediaKeys, postCard, shapeOf, simpleComponents } from './card-records.ts';

const FEW = (ctx: AdsCtx) => Math.min(ctx.runs, 25);

/** every tree of the mutation is refused */
async function refusesTrees(ctx: AdsCtx, mutation: ComponentMutation, label: string): Promise<void> {
  const { all } = await mediaKeys(ctx);
  const arb: fc.Arbitrary<Component[]> = brokenComponentBuilders(all)[mutation];
  await checkProperty(ctx, arb, async (components) => expectRefused(ctx, await postCard(ctx, { components }), `a card with ${label}`), {
    runs: FEW(ctx),
    independent: true,
  });
}

async function listCards(ctx: AdsCtx, query: Record<string, string | number | boolean | readonly string[] | undefined>) {
  return ctx.api.ads.call('GET', await cardsPath(ctx), { query });
}

export const genericChecks: Record<string, AdsCheck> = {
  async 'CAT-CARD-001'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
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
        ctx.check(ok(res), `POST cards with valid components answered ${what(res)}`);
        const got = await getCard(ctx, cardOf(res).id);
        needOk(ctx, got, 'GET cards/:card_id');
        expectShape(ctx, got, 'single', 'card', 'GET cards/:card_id');
        ctx.check(
          shapeOf(cardOf(got).components) === shapeOf(components),
          `components sent: ${shapeOf(components)}; served: ${shapeOf(cardOf(got).components)}`,
        );
      },
      { runs: FEW(ctx), independent: true },
    );
  },

  async 'CAT-CARD-002'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await checkProperty(
      ctx,
      validSlides(all),
      async (slides) => {
        const res = await postCard(ctx, { slides });
        ctx.check(ok(res), `POST cards with valid slides answered ${what(res)}`);
        const got = await getCard(ctx, cardOf(res).id);
        needOk(ctx, got, 'GET cards/:card_id');
        const served = cardOf(got).slides;
        const shown = (v: unknown) => (Array.isArray(v) ? v.map(shapeOf).join(' || ') : JSON.stringify(v));
        ctx.check(shown(served) === shown(slides), `slides sent: ${shown(slides)}; served: ${shown(served)}`);
      },
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },

  async 'CAT-CARD-003'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const components = simpleComponents(all[0], 'Components');
    const res = await postCard(ctx, { components, slides: [simpleComponents(all[0], 'Slide 1'), simpleComponents(all[0], 'Slide 2')] });
    expectRefused(ctx, res, 'a card with both components and slides');
  },

  async 'CAT-CARD-004'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'swipeable-count', 'a SWIPEABLE_MEDIA component outside 2 to 6 media');
  },
  async 'CAT-CARD-005'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'media-several', 'a MEDIA component holding several media');
  },
  async 'CAT-CARD-006'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'label-not-in-enum', 'a BUTTON label outside the enum');
  },
  async 'CAT-CARD-007'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'label-on-details', 'a label on a DETAILS component');
  },
  async 'CAT-CARD-008'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'website-on-button', 'a website destination on a BUTTON');
  },
  async 'CAT-CARD-009'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'app-on-details', 'an app destination on a DETAILS component');
  },
  async 'CAT-CARD-010'(ctx: AdsCtx) {
    await refusesTrees(ctx, 'app-no-store-id', 'an app destination without a store identifier');
  },

  async 'CAT-CARD-011'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const components = simpleComponents(all[0], 'Name length');
    const prefix = ctx.api.name('card');
    const longest = (prefix + 'x'.repeat(CARD_LIMITS.name)).slice(0, CARD_LIMITS.name);
    const res = await postCard(ctx, { name: longest, components });
    ctx.check(ok(res), `a card name of ${CARD_LIMITS.name} characters answered ${what(res)}`);
    await checkProperty(
      ctx,
      cardNameTooLong(prefix),
      async (name) => expectRefused(ctx, await postCard(ctx, { name, components }), `a card name of ${[...name].length} characters`),
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  },

  async 'CAT-CARD-012'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    // description first, media last: an order that sorting by type keeps, so that only the PUT rule is examined here
    const first = simpleComponents(all[0], 'Before').reverse();
    const c = await card(ctx, { components: first });
    const path = await cardsPath(ctx, `/${String(c.id)}`);
    const name = ctx.api.name('renamed');
    const renamed = await ctx.api.ads.call('PUT', path, { json: { name } });
    needOk(ctx, renamed, 'PUT cards/:card_id with name');
    let got = cardOf(await getCard(ctx, c.id));
    ctx.check(got.name === name, `after PUT name, the card's name is ${JSON.stringify(got.name)}, not ${JSON.stringify(name)}`);
    ctx.check(shapeOf(got.components) === shapeOf(first), `PUT name changed the components: ${shapeOf(got.components)}`);
    const second = [
      {
        type: 'BUTTON',
        label: { type: 'ENUM', value: 'SHOP' },
        destination: { type: 'APP', country_code: 'US', ios_app_store_identifier: '333903271' },
      },
      { type: 'MEDIA', media_key: all[all.length - 1] },
    ];
    const replaced = await ctx.api.ads.call('PUT', path, { json: { components: second } });
    needOk(ctx, replaced, 'PUT cards/:card_id with components');
    got = cardOf(await getCard(ctx, c.id));
    ctx.check(
      shapeOf(got.components) === shapeOf(second),
      `after PUT components the card has ${shapeOf(got.components)}, not ${shapeOf(second)}`,
    );
    ctx.check(got.name === name, `PUT components changed the name to ${JSON.stringify(got.name)}`);
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
    expectRefused(ctx, await listCards(ctx, { [idsParam]: fakeIds(CARD_LIMITS.filterIds + 1) }), `${CARD_LIMITS.filterIds + 1} card ids`);
  },

  async 'CAT-CARD-014'(ctx: AdsCtx) {
    const top = await listCards(ctx, { count: CARD_LIMITS.countMax });
    ctx.check(ok(top), `count=${CARD_LIMITS.countMax} answered ${what(top)}`);
    expectRefused(ctx, await listCards(ctx, { count: 0 }), 'count=0');
    expectRefused(ctx, await listCards(ctx, { count: CARD_LIMITS.countMax + 1 }), `count=${CARD_LIMITS.countMax + 1}`);
  },

  async 'CAT-CARD-015'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const a = await card(ctx, { components: simpleComponents(all[0], 'All A') });
    const b = await card(ctx, { components: simpleComponents(all[0], 'All B') });
    ctx.setup(typeof a.card_uri === 'string' && typeof b.card_uri === 'string', 'the created cards carry no card_uri');
    const path = await cardsPath(ctx, '/all');
    const res = await ctx.api.ads.call('GET', path, { query: { card_uris: [a.card_uri as string] } });
    needOk(ctx, res, 'GET cards/all with card_uris');
    const uris = records(res).map((r) => r.card_uri);
    ctx.check(uris.length === 1 && uris[0] === a.card_uri, `card_uris=${String(a.card_uri)} answered ${JSON.stringify(uris)}`);
    const many = await ctx.api.ads.call('GET', path, { query: { card_uris: fakeIds(CARD_LIMITS.filterIds + 1, true) } });
    expectRefused(ctx, many, `${CARD_LIMITS.filterIds + 1} card URIs`);
  },

  async 'CAT-CARD-016'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Deleted') });
    needOk(ctx, await ctx.api.ads.call('DELETE', await cardsPath(ctx, `/${String(c.id)}`)), 'DELETE cards/:card_id');
    expectRefused(ctx, await getCard(ctx, c.id), 'GET of a deleted card without with_deleted');
    const kept = await getCard(ctx, c.id, true);
    ctx.check(ok(kept), `GET of a deleted card with with_deleted=true answered ${what(kept)}`);
    ctx.check(cardOf(kept).deleted === true, `the deleted card shows deleted = ${JSON.stringify(cardOf(kept).deleted)}`);
  },

  async 'CAT-CARD-020'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Through all') });
    const byId = await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${String(c.id)}`));
    ctx.check(ok(byId) && cardOf(byId).id === c.id, `GET cards/all/:card_id of a live card answered ${what(byId)}`);
    const byUri = (withDeleted?: boolean) =>
      cardsPath(ctx, '/all').then((path) =>
        ctx.api.ads.call('GET', path, { query: { card_uris: String(c.card_uri), ...(withDeleted ? { with_deleted: true } : {}) } }),
      );
    const live = await byUri();
    ctx.check(
      ok(live) && records(live).some((r) => r.id === c.id),
      `GET cards/all?card_uris=<its uri> does not serve the live card: ${what(live)}`,
    );
    needOk(ctx, await ctx.api.ads.call('DELETE', await cardsPath(ctx, `/${String(c.id)}`)), 'DELETE cards/:card_id');
    expectRefused(
      ctx,
      await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${String(c.id)}`)),
      'GET cards/all/:card_id of a deleted card',
    );
    const kept = await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${String(c.id)}`), { query: { with_deleted: true } });
    ctx.check(
      ok(kept) && cardOf(kept).deleted === true,
      `GET cards/all/:card_id?with_deleted=true of a deleted card answered ${what(kept)}`,
    );
    const gone = await byUri();
    ctx.check(ok(gone) && !records(gone).some((r) => r.id === c.id), `GET cards/all by URI still serves the deleted card: ${what(gone)}`);
    const listed = await byUri(true);
    ctx.check(
      ok(listed) && records(listed).some((r) => r.id === c.id),
      `GET cards/all by URI with with_deleted=true omits the deleted card`,
    );
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
    const c = await card(ctx, { name: ctx.api.name('Prefixed'), components: simpleComponents(all[0], 'Prefix') });
    const name = String(c.name);
    ctx.setup(/[a-z]/.test(name), `the card's name ${JSON.stringify(name)} has no lower-case letter to fold`);
    const q = name.slice(0, name.indexOf('Prefixed') + 'Prefixed'.length).toUpperCase();
    const qParam = catalogParam(ctx, 'namePrefix');
    const res = await listCards(ctx, { [qParam]: q, count: CARD_LIMITS.countMax });
    paramUsable(ctx, 'namePrefix', res, 'GET cards filtered by name prefix');
    needOk(ctx, res, `GET cards with ${qParam}=${q}`);
    const names = records(res).map((r) => String(r.name));
    ctx.check(
      records(res).some((r) => String(r.id) === String(c.id)),
      `${qParam}=${q} did not list the card named ${name}`,
    );
    ctx.check(
      names.every((n) => n.toLowerCase().startsWith(q.toLowerCase())),
      `${qParam}=${q} listed ${JSON.stringify(names)}`,
    );
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
    ctx.check(found?.deleted === true, `the deleted card is listed with deleted = ${JSON.stringify(found?.deleted)}`);
  },
};
