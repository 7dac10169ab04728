// Checks of the draft post rules (Endpoints › Draft posts, Limits › Draft post media). The fields of
// a draft post record are not shown: the rules rely on its id only (id_str or id), find the member
// that carries a value they sent by its value, and observe the rest.
import { checkProperty } from '../../../../harness/engine/property.ts';
import { inLanes } from '../../../../harness/domain/lanes.ts';
import {
  brokenMediaKeys,
  countOutside,
  DRAFT_LIMITS,
  edgeMediaSets,
  type DraftOp,
  draftOps,
  MEDIA_MUTATIONS,
  possibleMediaMutations,
  tooLongDraftName,
  validMediaKeys,
} from '../../../../generators/ads/catalog/drafts.ts';
import { TWO_BYTE_LETTER } from '../../../../generators/builders.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, needOk, ok, records, what } from '../../reading/answers.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { ineligibleUserId, promotableType } from '../../promoted/fixtures.ts';
import { accountId } from '../../setup/records.ts';
import { card, cardUri, mediaKeys, simpleComponents } from '../cards/card-records.ts';
import {
  anImage,
  draft,
  draftsPath,
  getDraft,
  idOf,
  listedDrafts,
  mediaPool,
  membersHolding,
  oneObject,
  postDraft,
  recordOf,
} from './draft-records.ts';

const FEW = (ctx: AdsCtx) => Math.min(ctx.runs, 10);

/** sequences every run judges: a card kept by a text change, each removal, a switch from media to card */
const DRAFT_SEQUENCES: DraftOp[][] = [
  [
    { kind: 'card', set: true },
    { kind: 'text', n: 1 },
  ],
  [
    { kind: 'card', set: true },
    { kind: 'card', set: false },
  ],
  [
    { kind: 'media', set: true },
    { kind: 'text', n: 2 },
    { kind: 'media', set: false },
  ],
  [
    { kind: 'media', set: true },
    { kind: 'card', set: true },
    { kind: 'text', n: 3 },
  ],
];

/**
 * the draft carries the card URI: some member holds it, and a member named as the parameter
 * (card_uri) holds nothing else. A record with neither (its fields are not shown) makes the rule
 * not checkable.
 */
function carriesCard(ctx: AdsCtx, rec: Record<string, unknown>, uri: string, what_: string): void {
  const holds = JSON.stringify(rec).includes(JSON.stringify(uri).slice(1, -1));
  if (!holds && !('card_uri' in rec))
    ctx.notCheckable(
      `the draft post record carries no card URI in any member, and no card_uri (its fields are not shown): ${JSON.stringify(rec).slice(0, 200)}`,
    );
  ctx.check(holds && (!('card_uri' in rec) || rec.card_uri === uri), `${what_}: ${JSON.stringify(rec).slice(0, 300)}`);
}

async function putDraft(ctx: AdsCtx, id: string, query: Record<string, string | boolean>) {
  return ctx.api.ads.call('PUT', await draftsPath(ctx, `/${id}`), { query });
}

/** a RETWEETS_ONLY promotable user among fixtures.ads.promotableUserIds, where there is one */
async function retweetsOnlyUser(ctx: AdsCtx): Promise<string | undefined> {
  const ids = (await ctx.api.fixtures()).promotableUserIds ?? [];
  if (ids.length === 0) return undefined;
  const res = await ctx.api.ads.call('GET', `/accounts/${await accountId(ctx)}/promotable_users`, {
    query: { promotable_user_ids: ids },
  });
  if (!ok(res)) return undefined;
  const id = records(res).find((u) => promotableType(u) === 'RETWEETS_ONLY')?.user_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

export const draftPostChecks: Record<string, AdsCheck> = {
  // PUT draft_tweets/:id: "card_uri, media_keys (each removed by giving the parameter with no value),
  // nullcast flag, text, name": each supplied parameter changes the draft, the others stay. Judged on
  // the state after a sequence of changes. A card and media are never set at once (whether a draft
  // may carry both is not stated): setting one gives the other no value in the same PUT.
  async 'CAT-DRF-017'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Sequence') });
    const uri = cardUri(ctx, c);
    const key = await anImage(ctx);
    const textOf = (n: number) => `Conformance draft in sequence ${n}`;
    const holds = (rec: Record<string, unknown>, v: string) => JSON.stringify(rec).includes(JSON.stringify(v).slice(1, -1));
    // the record must show the card, the media and the text for the state to be seen (its fields are not shown)
    const [withCard, withMedia] = await inLanes([{ card_uri: uri }, { media_keys: key }], async (with_) =>
      recordOf(await getDraft(ctx, await draft(ctx, { text: textOf(0), ...with_ }))),
    );
    if (!holds(withCard, uri) || !holds(withMedia, key) || membersHolding(withCard, textOf(0)).length === 0)
      ctx.notCheckable('the draft post record does not carry its text, card URI and media keys (its fields are not shown)');
    const judge = async (ops: DraftOp[]) => {
      const id = await draft(ctx, { text: textOf(0) });
      const model = { text: textOf(0), card: false, media: false };
      const done: string[] = [];
      for (const op of ops) {
        const query: Record<string, string> =
          op.kind === 'text'
            ? { text: textOf(op.n) }
            : op.kind === 'card'
              ? { card_uri: op.set ? uri : '', ...(op.set && model.media ? { media_keys: '' } : {}) }
              : { media_keys: op.set ? key : '', ...(op.set && model.card ? { card_uri: '' } : {}) };
        const res = await putDraft(ctx, id, query);
        done.push(JSON.stringify(query));
        ctx.check(ok(res), `PUT ${done.join(', then ')} answered ${what(res)}`, res);
        if (op.kind === 'text') model.text = textOf(op.n);
        else if (op.kind === 'card') [model.card, model.media] = [op.set, op.set ? false : model.media];
        else [model.media, model.card] = [op.set, op.set ? false : model.card];
      }
      const got = await getDraft(ctx, id);
      needOk(ctx, got, `GET draft_tweets/${id}`);
      const rec = recordOf(got);
      const after = `after PUT ${done.join(', then ')}`;
      ctx.check(holds(rec, uri) === model.card, `${after}, the draft ${model.card ? 'does not carry' : 'still carries'} the card ${uri}`);
      ctx.check(
        holds(rec, key) === model.media,
        `${after}, the draft ${model.media ? 'does not carry' : 'still carries'} the media ${key}`,
      );
      ctx.check(membersHolding(rec, model.text).length > 0, `${after}, the draft does not carry the text ${JSON.stringify(model.text)}`);
    };
    // fixed sequences first (each change kept by a later change of another parameter, each removal;
    // each on a draft of its own, side by side), then generated ones
    await inLanes(DRAFT_SEQUENCES, judge);
    await checkProperty(ctx, draftOps(), judge, { runs: FEW(ctx), independent: true });
  },

  async 'CAT-DRF-001'(ctx: AdsCtx) {
    expectRefused(ctx, await postDraft(ctx, {}), 'a draft post with neither text nor media_keys');
  },

  async 'CAT-DRF-002'(ctx: AdsCtx) {
    // "up to 4 images, or 1 animated GIF, or 1 video": one image, four images, one GIF and one video
    // in every run, then generated sets; a kind the fixtures lack is named, and the rule is then not checkable
    const pool = await mediaPool(ctx);
    const judge = async (keys: string[]) => {
      const res = await postDraft(ctx, { media_keys: keys.join(',') });
      ctx.check(ok(res), `a draft post with media_keys=${keys.join(',')} and no text answered ${what(res)}`, res);
    };
    const fixed: Record<string, string[] | undefined> = {
      'one image': pool.images.slice(0, 1),
      [`${DRAFT_LIMITS.images} images`]: pool.images.length >= DRAFT_LIMITS.images ? pool.images.slice(0, DRAFT_LIMITS.images) : undefined,
      'one animated GIF': pool.gifs.slice(0, 1),
      'one video': pool.videos.slice(0, 1),
    };
    const missing = Object.entries(fixed)
      .filter(([, keys]) => keys === undefined || keys.length === 0)
      .map(([kind]) => kind);
    for (const keys of Object.values(fixed)) if (keys && keys.length > 0) await judge(keys);
    await checkProperty(ctx, validMediaKeys(pool), judge, { runs: Math.min(ctx.runs, 5), show: (keys) => keys.join(',') });
    if (missing.length > 0)
      ctx.notCheckable(
        `needs ${missing.join(', ')} among the media of fixtures.ads.draftMedia (or fixtures.ads.accountMedia): the media rule's sets of those were not sent`,
      );
  },

  async 'CAT-DRF-003'(ctx: AdsCtx) {
    const at = await postDraft(ctx, { text: 'Conformance draft', name: 'n'.repeat(DRAFT_LIMITS.name) });
    ctx.check(ok(at), `a draft post name of ${DRAFT_LIMITS.name} characters answered ${what(at)}`);
    // characters, not bytes: as long in letters of two bytes
    const wide = await postDraft(ctx, { text: 'Conformance draft', name: TWO_BYTE_LETTER.repeat(DRAFT_LIMITS.name) });
    ctx.check(ok(wide), `a draft post name of ${DRAFT_LIMITS.name} characters of two bytes each answered ${what(wide)}`);
    // the name just past the limit in every run, then generated longer ones
    const past = 'n'.repeat(DRAFT_LIMITS.name + 1);
    expectRefused(ctx, await postDraft(ctx, { text: 'Conformance draft', name: past }), `a draft post name of ${past.length} characters`);
    await checkProperty(
      ctx,
      tooLongDraftName(),
      async (name) =>
        expectRefused(
          ctx,
          await postDraft(ctx, { text: 'Conformance draft', name }),
          `a draft post name of ${[...name].length} characters`,
        ),
      { runs: FEW(ctx), show: (n) => `name of ${[...n].length} characters`, independent: true },
    );
  },

  async 'CAT-DRF-004'(ctx: AdsCtx) {
    const pool = await mediaPool(ctx);
    const possible = possibleMediaMutations(pool);
    if (possible.length === 0)
      ctx.notCheckable('needs media of two kinds (an image and a video) or five images in fixtures.ads.accountMedia');
    // each way of breaking the rule the fixtures allow, in every run (five images, an image with a
    // video or a GIF, two videos, two GIFs), then generated sets
    for (const [mutation, keys] of Object.entries(edgeMediaSets(pool)))
      expectRefused(
        ctx,
        await postDraft(ctx, { text: 'Conformance draft', media_keys: keys.join(',') }),
        `media_keys breaking the media rule (${mutation}): ${keys.join(',')}`,
      );
    await checkProperty(
      ctx,
      brokenMediaKeys(pool),
      async ({ value, mutation }) =>
        expectRefused(
          ctx,
          await postDraft(ctx, { text: 'Conformance draft', media_keys: value.join(',') }),
          `media_keys breaking the media rule (${mutation})`,
        ),
      { runs: FEW(ctx), show: (m) => `${m.mutation}: ${m.value.join(',')}`, independent: true },
    );
    // the rule names each way: one the fixtures cannot form was not examined
    const untried = MEDIA_MUTATIONS.filter((m) => !possible.includes(m));
    if (untried.length > 0)
      ctx.notCheckable(
        `the media rule's sets ${untried.join(', ')} were not sent: they need more media of a kind (images, animated GIFs, videos) among fixtures.ads.draftMedia (or fixtures.ads.accountMedia); the others were refused`,
      );
  },

  async 'CAT-DRF-005'(ctx: AdsCtx) {
    const key = await anImage(ctx);
    // the real key's form (3_<id>) with an id no account has
    const unknown = `3_${'9'.repeat(18)}`;
    ctx.setup(unknown !== key, 'the made-up media key is one of the fixtures');
    expectRefused(
      ctx,
      await postDraft(ctx, { text: 'Conformance draft', media_keys: unknown }),
      `media_keys=${unknown} (not in the media library)`,
    );
  },

  async 'CAT-DRF-006'(ctx: AdsCtx) {
    const stranger = await ineligibleUserId(ctx);
    expectRefused(
      ctx,
      await postDraft(ctx, { text: 'Conformance draft', as_user_id: stranger }),
      `as_user_id=${stranger} (no promotable user of the account)`,
    );
  },

  async 'CAT-DRF-007'(ctx: AdsCtx) {
    const id = await draft(ctx, { text: 'Conformance draft to read' });
    const got = await getDraft(ctx, id);
    ctx.check(ok(got) && idOf(recordOf(got)) === id, `GET draft_tweets/${id} answered ${what(got)}`);
    oneObject(ctx, got, `GET draft_tweets/${id}`);
    const listed = await listedDrafts(ctx);
    ctx.check(
      listed.includes(id),
      `GET draft_tweets (default user: the FULL promotable user) does not list draft ${id}: ${listed.length} listed`,
    );
  },

  // POST: "as_user_id (advertiser user on whose behalf to post …)"; GET draft_tweets: "user to list
  // for (defaults to the account's FULL promotable user)": a draft made for another promotable user is
  // left out of the default list, where the FULL user's draft is listed
  async 'CAT-DRF-018'(ctx: AdsCtx) {
    const other = await retweetsOnlyUser(ctx);
    if (other === undefined)
      ctx.notCheckable(
        'needs a promotable user of the account other than the FULL one (a RETWEETS_ONLY user among fixtures.ads.promotableUserIds): no draft of another user could be made',
      );
    const full = await draft(ctx, { text: 'Conformance draft of the FULL user' });
    const made = await postDraft(ctx, { text: 'Conformance draft of another user', as_user_id: other });
    if (!ok(made))
      ctx.notCheckable(`a draft post for the RETWEETS_ONLY promotable user ${other} was refused (${what(made)}): none could be made`);
    const otherId = idOf(recordOf(made));
    ctx.setup(otherId !== undefined, `POST draft_tweets answered no draft id: ${made.text.slice(0, 200)}`);
    const listed = await listedDrafts(ctx);
    ctx.check(listed.includes(full), `GET draft_tweets (default user: the FULL promotable user) does not list draft ${full}`);
    ctx.check(
      !listed.includes(otherId),
      `GET draft_tweets (default user: the FULL promotable user) lists draft ${otherId}, made with as_user_id ${other} (a RETWEETS_ONLY user)`,
    );
  },

  // GET draft_tweets: "user to list for": its name is not shown (the real interface's user_id); the
  // list for another promotable user answers that user's draft and leaves out the FULL user's
  async 'CAT-DRF-020'(ctx: AdsCtx) {
    const other = await retweetsOnlyUser(ctx);
    if (other === undefined)
      ctx.notCheckable(
        'needs a promotable user of the account other than the FULL one (a RETWEETS_ONLY user among fixtures.ads.promotableUserIds): no other user to list for',
      );
    const full = await draft(ctx, { text: 'Conformance draft of the FULL user' });
    const made = await postDraft(ctx, { text: 'Conformance draft to list for its user', as_user_id: other });
    if (!ok(made))
      ctx.notCheckable(`a draft post for the RETWEETS_ONLY promotable user ${other} was refused (${what(made)}): none could be made`);
    const otherId = idOf(recordOf(made));
    ctx.setup(otherId !== undefined, `POST draft_tweets answered no draft id: ${made.text.slice(0, 200)}`);
    const userParam = catalogParam(ctx, 'draftsUser');
    const res = await ctx.api.ads.call('GET', await draftsPath(ctx), { query: { [userParam]: other, count: 200 } });
    paramUsable(ctx, 'draftsUser', res, `GET draft_tweets for user ${other}`);
    ctx.check(ok(res), `GET draft_tweets ${userParam}=${other} answered ${what(res)}`);
    const listed = records(res)
      .map(idOf)
      .filter((x): x is string => x !== undefined);
    ctx.check(listed.includes(otherId), `GET draft_tweets ${userParam}=${other} does not list draft ${otherId}, made for that user`);
    ctx.check(!listed.includes(full), `GET draft_tweets ${userParam}=${other} lists draft ${full} of the FULL promotable user`);
  },

  async 'CAT-DRF-008'(ctx: AdsCtx) {
    const path = await draftsPath(ctx);
    const at = await ctx.api.ads.call('GET', path, { query: { count: DRAFT_LIMITS.draftCountMax } });
    ctx.check(ok(at), `GET draft_tweets count=${DRAFT_LIMITS.draftCountMax} answered ${what(at)}`);
    const one = await ctx.api.ads.call('GET', path, { query: { count: 1 } });
    ctx.check(ok(one), `GET draft_tweets count=1 answered ${what(one)}`);
    // the counts just past each end in every run, then generated ones
    for (const count of [0, DRAFT_LIMITS.draftCountMax + 1])
      expectRefused(ctx, await ctx.api.ads.call('GET', path, { query: { count } }), `GET draft_tweets count=${count}`);
    await checkProperty(
      ctx,
      countOutside(DRAFT_LIMITS.draftCountMax),
      async (count) => expectRefused(ctx, await ctx.api.ads.call('GET', path, { query: { count } }), `GET draft_tweets count=${count}`),
      { runs: FEW(ctx), independent: true },
    );
  },

  async 'CAT-DRF-009'(ctx: AdsCtx) {
    const before = `Conformance draft ${ctx.api.name('before')}`;
    const after = `Conformance draft ${ctx.api.name('after')}`;
    const id = await draft(ctx, { text: before });
    const first = await getDraft(ctx, id);
    needOk(ctx, first, `GET draft_tweets/${id}`);
    const members = membersHolding(recordOf(first), before);
    ctx.observe('draft post member carrying the text (not shown)', members.join(',') || '(none)');
    if (members.length === 0)
      ctx.notCheckable('the draft post record carries the text it was created with in no member (its fields are not shown)');
    const put = await putDraft(ctx, id, { text: after });
    ctx.check(ok(put), `PUT draft_tweets/${id} text=… answered ${what(put)}`);
    const got = await getDraft(ctx, id);
    needOk(ctx, got, `GET draft_tweets/${id} after PUT`);
    const rec = recordOf(got);
    ctx.check(
      members.every((m) => rec[m] === after),
      `after PUT text, ${members.join(',')} is ${JSON.stringify(members.map((m) => rec[m]))}, not ${JSON.stringify(after)}`,
    );
  },

  async 'CAT-DRF-010'(ctx: AdsCtx) {
    const key = await anImage(ctx);
    const id = await draft(ctx, { text: 'Conformance draft with media', media_keys: key });
    const first = await getDraft(ctx, id);
    needOk(ctx, first, `GET draft_tweets/${id}`);
    const carries = JSON.stringify(recordOf(first)).includes(key);
    ctx.observe('draft post record carries its media keys (fields not shown)', String(carries));
    if (!carries) ctx.notCheckable('the draft post record does not carry the media key it was created with (its fields are not shown)');
    const put = await putDraft(ctx, id, { media_keys: '' });
    ctx.check(ok(put), `PUT draft_tweets/${id} media_keys= (no value) answered ${what(put)}`);
    const got = await getDraft(ctx, id);
    needOk(ctx, got, `GET draft_tweets/${id} after PUT`);
    ctx.check(
      !JSON.stringify(recordOf(got)).includes(key),
      `after PUT media_keys with no value, the draft still carries ${key}: ${got.text.slice(0, 300)}`,
    );
  },

  async 'CAT-DRF-011'(ctx: AdsCtx) {
    const id = await draft(ctx, { text: 'Conformance draft to rename' });
    const at = await putDraft(ctx, id, { name: 'n'.repeat(DRAFT_LIMITS.name) });
    ctx.check(ok(at), `PUT draft_tweets/${id} with a name of ${DRAFT_LIMITS.name} characters answered ${what(at)}`);
    const past = 'n'.repeat(DRAFT_LIMITS.name + 1);
    expectRefused(ctx, await putDraft(ctx, id, { name: past }), `PUT with a name of ${past.length} characters`);
    await checkProperty(
      ctx,
      tooLongDraftName(),
      async (name) => expectRefused(ctx, await putDraft(ctx, id, { name }), `PUT with a name of ${[...name].length} characters`),
      { runs: FEW(ctx), show: (n) => `name of ${[...n].length} characters`, independent: true },
    );
  },

  async 'CAT-DRF-012'(ctx: AdsCtx) {
    const id = await draft(ctx, { text: 'Conformance draft to delete' });
    const del = await ctx.api.ads.call('DELETE', await draftsPath(ctx, `/${id}`));
    ctx.check(ok(del), `DELETE draft_tweets/${id} answered ${what(del)}`);
    const listed = await listedDrafts(ctx);
    ctx.check(!listed.includes(id), `GET draft_tweets still lists the deleted draft ${id}`);
    // the document gives DELETE no more words: GET of the deleted draft may refuse it or still serve it
    // (marked deleted or not; choice draft-deleted-retrievable): observed, not judged
    const got = await getDraft(ctx, id);
    ctx.observe(
      'GET draft_tweets/:id of a deleted draft post',
      ok(got) ? `served (deleted: ${JSON.stringify(recordOf(got).deleted)})` : `refused (${got.status})`,
    );
  },

  async 'CAT-DRF-013'(ctx: AdsCtx) {
    const id = await draft(ctx, { text: 'Conformance draft to preview' });
    const path = await draftsPath(ctx, `/preview/${id}`);
    const res = await ctx.api.ads.call('POST', path);
    ctx.check(ok(res), `POST draft_tweets/preview/${id} answered ${what(res)}`, res);
    ctx.observe('preview answer (not shown)', res.text.slice(0, 200));
    // the preview of an unknown draft: no sentence says it is refused (observed)
    const unknown = '9'.repeat(19);
    ctx.setup(unknown !== id, 'the made-up draft id is the created one');
    const other = await ctx.api.ads.call('POST', await draftsPath(ctx, `/preview/${unknown}`));
    ctx.observe('preview of an unknown draft id (not stated)', ok(other) ? `accepted (${other.status})` : `refused (${other.status})`);
  },

  async 'CAT-DRF-014'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Conformance') });
    const uri = cardUri(ctx, c);
    const res = await postDraft(ctx, { text: 'Conformance draft with a card', card_uri: uri });
    ctx.check(ok(res), `POST draft_tweets card_uri=${uri} answered ${what(res)}`, res);
    const id = idOf(recordOf(res));
    ctx.setup(id !== undefined, `POST draft_tweets answered no draft id: ${res.text.slice(0, 200)}`);
    const got = await getDraft(ctx, id as string);
    needOk(ctx, got, `GET draft_tweets/${id}`);
    carriesCard(ctx, recordOf(got), uri, `draft ${id} does not carry its card_uri ${uri}`);
  },

  async 'CAT-DRF-016'(ctx: AdsCtx) {
    // PUT draft_tweets/:id: "card_uri, media_keys (…), nullcast flag, text, name (max 80)"
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Attached by PUT') });
    const uri = cardUri(ctx, c);
    // POST: "nullcast flag (promoted-only post)"; PUT: "nullcast flag". A flag has two values: each is
    // taken by POST and by PUT (a draft made with one, then PUT to the other). What it does (a
    // promoted-only post) cannot be seen on an unpublished draft; the record's fields are not shown, so
    // the value is read back where the record carries a member named as the parameter (as card_uri
    // is, carriesCard): it holds the value last given. A record without one is noted, not judged.
    const nullcastOf = async (id: string, given: boolean, after: string): Promise<boolean> => {
      const got = await getDraft(ctx, id);
      needOk(ctx, got, `GET draft_tweets/${id}`);
      const rec = recordOf(got);
      if (!('nullcast' in rec)) return false;
      ctx.check(
        String(rec.nullcast) === String(given),
        `after ${after}, draft ${id} carries nullcast ${JSON.stringify(rec.nullcast)}, not the value given (${given})`,
      );
      return true;
    };
    const flagged = await inLanes([false, true], async (first) => {
      const res = await postDraft(ctx, { text: `Conformance draft made with nullcast=${first}`, nullcast: first });
      ctx.check(ok(res), `POST draft_tweets nullcast=${first} answered ${what(res)}`, res);
      const made = idOf(recordOf(res));
      ctx.setup(made !== undefined, `POST draft_tweets answered no draft id: ${res.text.slice(0, 200)}`);
      const read = await nullcastOf(made as string, first, `POST nullcast=${first}`);
      const put = await putDraft(ctx, made as string, { nullcast: !first });
      ctx.check(ok(put), `PUT draft_tweets/${made} nullcast=${!first} answered ${what(put)}`, put);
      return {
        id: made as string,
        read: read && (await nullcastOf(made as string, !first, `POST nullcast=${first}, then PUT nullcast=${!first}`)),
      };
    });
    if (flagged.some((f) => !f.read))
      ctx.note(
        'a draft post record carries no nullcast member (its fields are not shown): the nullcast values given were taken, not read back',
      );
    const id = flagged[0].id;
    const put = await putDraft(ctx, id, { card_uri: uri });
    ctx.check(ok(put), `PUT draft_tweets/${id} card_uri=${uri} answered ${what(put)}`);
    const got = await getDraft(ctx, id);
    needOk(ctx, got, `GET draft_tweets/${id}`);
    carriesCard(ctx, recordOf(got), uri, `after PUT card_uri, draft ${id} does not carry ${uri}`);
    // "card_uri, media_keys (each removed by giving the parameter with no value)"
    const removed = await putDraft(ctx, id, { card_uri: '' });
    ctx.check(ok(removed), `PUT draft_tweets/${id} card_uri= (no value) answered ${what(removed)}`);
    const after = await getDraft(ctx, id);
    needOk(ctx, after, `GET draft_tweets/${id} after removing the card`);
    ctx.check(
      !JSON.stringify(recordOf(after)).includes(JSON.stringify(uri).slice(1, -1)),
      `after PUT card_uri with no value, draft ${id} still carries ${uri}: ${after.text.slice(0, 300)}`,
    );
  },

  async 'CAT-DRF-OBS-001'(ctx: AdsCtx) {
    const id = await draft(ctx, { text: 'Conformance draft to observe' });
    const got = await getDraft(ctx, id);
    needOk(ctx, got, `GET draft_tweets/${id}`);
    ctx.observe('draft post record members (not shown)', Object.keys(recordOf(got)).sort().join(','));
  },
};
