// The records the rules of the conventions on every endpoint make, and the list endpoints of the
// document with them (the Endpoints tables: "list params", the id filters, "GET …/:id |
// with_deleted"): campaigns, promoted posts under a line item of their own, the same user promoted
// on two line items, a line item curated category on each of two line items, and what the account
// and the fixtures have (accounts, account apps, promotable users, curated categories). A
// collection that needs what the target and config do not offer is left out, and the rule says so.
// Targeting criteria on the promoted posts' line item (two) and on a promoted account's (one), where
// the target creates them as the real API does (their creation is not shown: else the list is
// read without records of the rule, and the rule notes why). Scheduled promoted posts, whose
// records the target's clock makes undeletable, are the SPT rules'.
import { NotCheckable } from '../../../harness/engine/outcome.ts';
import type { AdsCtx } from '../api.ts';
import { curatedCategoryIds } from '../line-items/curated-categories.ts';
import { newLineItem } from '../line-items/create.ts';
import { createdRecords, promotableUserIds, tweetIds, userToPromote } from '../promoted/fixtures.ts';
import { targetingCriterion } from '../promoted/targeting.ts';
import { needOk, noStringId, record, what } from '../reading/answers.ts';
import { walk } from '../reading/pages.ts';
import { promotedAccountLineItem, promotedTweetsLineItem } from '../setup/line-items.ts';
import { accountId, campaigns, fundingInstrumentId } from '../setup/records.ts';
import { together } from '../setup/steps.ts';

export type Query = Record<string, string | number | boolean | undefined>;

/** a comma-separated id filter of a list: its parameter, and for each id it may name, the records
 *  of the list (among `ids`) that id selects; the others of `ids` it must leave out */
export interface IdFilter {
  param: string;
  selects: Record<string, string[]>;
}

/** an id filter by the records' own ids: each id selects its record */
const byOwnId = (param: string, ids: string[]): IdFilter => ({ param, selects: Object.fromEntries(ids.map((id) => [id, [id]])) });

/** a list endpoint of the document, with what the rule made in it */
export interface ListEndpoint {
  /** the collection as the path names it ("promoted_tweets"), for messages */
  name: string;
  path: string;
  /** what every call of the rule sends: a required filter, or one that keeps the list to the rule's records */
  scope: Query;
  /** the list parameters its table gives it: count and cursor ("count, cursor"), or the whole list params */
  takes: { count: boolean; withDeleted: boolean; withTotalCount: boolean };
  /** ids of records the list holds in the scope (the rule's, or the account's), for the filters to select among */
  ids: string[];
  /** a record of the list the rule deleted (listed only with with_deleted=true) */
  deleted?: string;
  /** GET …/:id of a record of the list (its table: "GET …/:id | with_deleted"): the deleted one, if any */
  single?: string;
  idFilters: IdFilter[];
}

const PARAMS = { count: true, withDeleted: true, withTotalCount: true };

/** what `make` gives, or the NotCheckable it threw (so that the steps beside it go on) */
export async function unlessNotCheckable<T>(make: () => Promise<T>): Promise<T | NotCheckable> {
  try {
    return await make();
  } catch (e) {
    if (e instanceof NotCheckable) return e;
    throw e;
  }
}

/** each made, or undefined (noted) when one needs what the target and config do not offer */
function all<T>(ctx: AdsCtx, what_: string, made: (T | NotCheckable)[]): T[] | undefined {
  const no = made.find((m) => m instanceof NotCheckable);
  if (!no) return made as T[];
  ctx.note(`${what_} not checked: ${no.message}`);
  return undefined;
}

/** promoted posts of up to 3 fixture posts under a fresh PROMOTED_TWEETS line item (setup) */
export async function promotedPosts(ctx: AdsCtx): Promise<{ lineItem: string; ids: string[] }> {
  const posts = (await tweetIds(ctx)).slice(0, 3);
  const li = (await promotedTweetsLineItem(ctx)).id as string;
  const account = await accountId(ctx);
  const res = await ctx.api.ads.call('POST', `/accounts/${account}/promoted_tweets`, {
    query: { line_item_id: li, tweet_ids: posts.join(',') },
  });
  needOk(ctx, res, `promoting ${posts.length} post(s)`);
  const ids = createdRecords(res).map((r) => String(r.id));
  ctx.setup(ids.length === posts.length, `promoting ${posts.length} post(s) answered ${ids.length} record(s): ${what(res)}`);
  return { lineItem: li, ids };
}

/** one promoted account of the user on a fresh PROMOTED_ACCOUNT line item (setup) */
export async function promotedAccount(ctx: AdsCtx): Promise<{ lineItem: string; id: string }> {
  const user = await userToPromote(ctx);
  const account = await accountId(ctx);
  const li = (await promotedAccountLineItem(ctx)).id as string;
  const res = await ctx.api.ads.call('POST', `/accounts/${account}/promoted_accounts`, { query: { line_item_id: li, user_id: user } });
  needOk(ctx, res, 'promoting a promotable user on a PROMOTED_ACCOUNT line item');
  const id = record(res).id;
  ctx.setup(typeof id === 'string', `promoting a user answered ${noStringId(id)}: ${what(res)}`);
  return { lineItem: li, id };
}

/** a line item curated category on a fresh line item (setup) */
async function curatedCategoryLink(ctx: AdsCtx): Promise<string> {
  const [category] = await curatedCategoryIds(ctx);
  const li = await newLineItem(ctx);
  const res = await ctx.api.ads.call('POST', `/accounts/${li.account}/line_item_curated_categories`, {
    query: { line_item_id: li.id, curated_category_id: category },
  });
  needOk(ctx, res, 'creating a line item curated category');
  const id = record(res).id;
  ctx.setup(typeof id === 'string', `creating a line item curated category answered ${noStringId(id)}: ${what(res)}`);
  return id;
}

/** targeting criteria of the world: LANGUAGE en and fr on the first line item, en on the second;
 *  the ids on each line item (setup; not checkable where the target refuses their creation) */
async function criteriaOn(ctx: AdsCtx, first: string, second: string): Promise<Record<string, string[]>> {
  const [en, fr, other] = await together([
    () => targetingCriterion(ctx, first, 'en'),
    () => targetingCriterion(ctx, first, 'fr'),
    () => targetingCriterion(ctx, second, 'en'),
  ]);
  return { [first]: [en, fr], [second]: [other] };
}

/** the ids GET path lists with the query, every page; the call is a step (setup). Pages of 500: the
 *  rules judge the limits 1 and 1000, and a target that breaks one of them fails there, not here */
async function idsOf(ctx: AdsCtx, path: string, query: Query): Promise<string[]> {
  const w = await walk(ctx, path, { ...query, count: 500 });
  ctx.setup(!w.endless, `GET ${path} never reached a last page`);
  return w.ids;
}

/**
 * The list endpoints with records of the rule in them, made side by side: `del` deletes one record of
 * each collection the rule made (listed only with with_deleted=true); `criteria: false` makes no
 * targeting criterion (for a rule that reads only the lists with list params, which that list is not).
 */
export async function listWorld(ctx: AdsCtx, o: { del?: boolean; criteria?: boolean } = {}): Promise<ListEndpoint[]> {
  const wantCriteria = o.criteria ?? true;
  const account = await accountId(ctx);
  const base = (c: string) => `/accounts/${account}/${c}`;
  const maybe =
    <T>(make: () => Promise<T>) =>
    () =>
      unlessNotCheckable(make);
  const [withFi, pt, users, pa1, pa2, cc1, cc2, mine] = await together([
    maybe(async () => ({ fi: await fundingInstrumentId(ctx), made: await campaigns(ctx, o.del ? 3 : 2) })),
    maybe(() => promotedPosts(ctx)),
    maybe(() => promotableUserIds(ctx)),
    maybe(() => promotedAccount(ctx)),
    maybe(() => promotedAccount(ctx)),
    maybe(() => curatedCategoryLink(ctx)),
    maybe(() => curatedCategoryLink(ctx)),
    () => idsOf(ctx, '/accounts', {}),
  ]);
  const ours = all(ctx, "the rule's campaigns", [withFi]);
  const { fi, made } = ours?.[0] ?? { fi: undefined, made: [] as string[] };
  const posts = all(ctx, 'the promoted posts list', [pt]);
  const fixtureUsers = all(ctx, 'the promotable users list', [users]);
  const accounts = all(ctx, 'the promoted accounts list', [pa1, pa2]);
  const links = all(ctx, 'the line item curated categories list', [cc1, cc2]);
  const gone = async (collection: string, id: string | undefined) => {
    if (!o.del || id === undefined) return undefined;
    needOk(ctx, await ctx.api.ads.call('DELETE', `${base(collection)}/${id}`), `DELETE ${base(collection)}/${id}`);
    return id;
  };
  // the criteria need a line item of each: the promoted posts' and the first promoted account's
  const criteriaMade = async () => {
    if (!wantCriteria || !posts || !accounts) return undefined;
    const made_ = await unlessNotCheckable(() => criteriaOn(ctx, posts[0].lineItem, accounts[0].lineItem));
    if (!(made_ instanceof NotCheckable)) return made_;
    ctx.note(`the targeting criteria list is read without criteria of the rule (its filters and walk examine none): ${made_.message}`);
    return undefined;
  };
  const [cGone, ptGone, paGone, ccGone, criteria] = await together([
    () => gone('campaigns', made[2]),
    () => gone('promoted_tweets', posts?.[0].ids[2]),
    () => gone('promoted_accounts', accounts?.[1].id),
    () => gone('line_item_curated_categories', links?.[1]),
    criteriaMade,
  ]);
  if (wantCriteria && posts && !accounts)
    ctx.note(
      "the targeting criteria list is read without criteria of the rule: they go on a promoted account's line item, and there is none",
    );
  // the account's promotable users (the fixtures name them; the list holds them)
  const userIds = fixtureUsers ? await idsOf(ctx, base('promotable_users'), {}) : [];
  const lists: ListEndpoint[] = [
    {
      name: 'accounts',
      path: '/accounts',
      scope: {},
      takes: PARAMS,
      ids: mine,
      single: `/accounts/${account}`,
      idFilters: [byOwnId('account_ids', mine)],
    },
    { name: 'account_apps', path: base('account_apps'), scope: {}, takes: PARAMS, ids: [], idFilters: [] },
    {
      name: 'campaigns',
      path: base('campaigns'),
      scope: {},
      takes: PARAMS,
      ids: made.slice(0, 2),
      deleted: cGone,
      single: made.length ? `${base('campaigns')}/${cGone ?? made[0]}` : undefined,
      idFilters: fi
        ? [byOwnId('campaign_ids', made.slice(0, 2)), { param: 'funding_instrument_ids', selects: { [fi]: made.slice(0, 2) } }]
        : [],
    },
  ];
  if (fixtureUsers)
    lists.push({
      name: 'promotable_users',
      path: base('promotable_users'),
      scope: {},
      takes: PARAMS,
      ids: userIds,
      single: userIds[0] === undefined ? undefined : `${base('promotable_users')}/${userIds[0]}`,
      idFilters: [byOwnId('promotable_user_ids', userIds)],
    });
  if (posts) {
    const { lineItem, ids } = posts[0];
    lists.push(
      {
        name: 'promoted_tweets',
        path: base('promoted_tweets'),
        scope: { line_item_ids: lineItem },
        takes: PARAMS,
        ids: ids.slice(0, 2),
        deleted: ptGone,
        single: `${base('promoted_tweets')}/${ptGone ?? ids[0]}`,
        idFilters: [byOwnId('promoted_tweet_ids', ids.slice(0, 2)), { param: 'line_item_ids', selects: { [lineItem]: ids.slice(0, 2) } }],
      },
      criteria
        ? {
            name: 'targeting_criteria',
            path: base('targeting_criteria'),
            scope: { line_item_ids: Object.keys(criteria).join(',') },
            takes: { count: true, withDeleted: false, withTotalCount: false },
            ids: Object.values(criteria).flat(),
            // line_item_ids (required, up to 200), targeting_criterion_ids: each line item selects its criteria
            idFilters: [{ param: 'line_item_ids', selects: criteria }, byOwnId('targeting_criterion_ids', Object.values(criteria).flat())],
          }
        : {
            name: 'targeting_criteria',
            path: base('targeting_criteria'),
            scope: { line_item_ids: lineItem },
            takes: { count: true, withDeleted: false, withTotalCount: false },
            ids: [],
            // no criterion of the rule (noted above): only the limit of each filter is checked
            idFilters: [
              { param: 'line_item_ids', selects: { [lineItem]: [] } },
              { param: 'targeting_criterion_ids', selects: {} },
            ],
          },
    );
  }
  const live = (accounts ?? []).map((a) => a.id).filter((id) => id !== paGone);
  if (accounts)
    lists.push({
      name: 'promoted_accounts',
      path: base('promoted_accounts'),
      scope: { line_item_ids: accounts.map((a) => a.lineItem).join(',') },
      takes: PARAMS,
      ids: live,
      deleted: paGone,
      single: `${base('promoted_accounts')}/${paGone ?? accounts[0].id}`,
      idFilters: [
        byOwnId('promoted_account_ids', live),
        { param: 'line_item_ids', selects: Object.fromEntries(accounts.filter((a) => a.id !== paGone).map((a) => [a.lineItem, [a.id]])) },
      ],
    });
  if (links)
    lists.push({
      name: 'line_item_curated_categories',
      path: base('line_item_curated_categories'),
      scope: {},
      takes: PARAMS,
      ids: links.filter((id) => id !== ccGone),
      deleted: ccGone,
      single: `${base('line_item_curated_categories')}/${ccGone ?? links[0]}`,
      idFilters: [],
    });
  return lists;
}
