// Accounts (Endpoints › Accounts): listing with q and account_ids, single retrieval, PUT, account
// apps, account history, the authenticated user's access and features; and the account's owner
// (Common conventions item 2, Authentication item 1).
import fc from 'fast-check';
import {
  accountHistoryMutation,
  accountHistoryParams,
  accountUpdateParams,
  FEATURE_FILTER_KEYS,
  INDUSTRY_TYPES,
  industryTypeOutsideList,
  LIMITS,
  namePrefixQuery,
} from '../../generators/ads/index.ts';
import { LETTERS, stringOf } from '../../generators/builders.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import { validateAdsResponse } from '../../schemas/ads/index.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { sandboxAccount } from './sandbox.ts';
import { checkCountAndCursor } from './lists-everywhere.ts';
import { envelope, expectEcho, expectRefused, expectShape, needOk, ok, record, records, refused, what } from './reading/answers.ts';
import { walk } from './reading/pages.ts';
import { promotedAccount, promotedPosts, unlessNotCheckable } from './everywhere/world.ts';
import { NotCheckable } from '../../harness/engine/outcome.ts';
import { accountId, campaign, requireWrites } from './setup/records.ts';
import { together } from './setup/steps.ts';

const HOUR_MS = 3_600_000;
const isoHour = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** every account GET /accounts lists (with the query's filters) */
async function listedAccounts(ctx: AdsCtx, query: Record<string, string | number | undefined> = {}) {
  const w = await walk(ctx, '/accounts', { count: LIMITS.countMax, ...query });
  ctx.setup(!w.endless, 'GET /accounts never ended (next_cursor never became null)');
  return { pages: w.pages, all: w.pages.flatMap((p) => records(p)) };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** whole-hour times around the target's now (an hour before to two after), as account history wants them */
function aroundNow(): { start_time: string; end_time: string } {
  const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  return { start_time: isoHour(hour - HOUR_MS), end_time: isoHour(hour + 2 * HOUR_MS) };
}

/** the daily budget of the campaign account history is read for */
const HISTORY_DAILY = 5_000_000;

/** a campaign for account history to name; a target that refuses a valid history call has not allowlisted the user */
async function historyOfNewCampaign(ctx: AdsCtx) {
  const account = await accountId(ctx);
  // with both budgets, which history's campaign fields type as long
  const c = await campaign(ctx, { daily_budget_amount_local_micro: HISTORY_DAILY, total_budget_amount_local_micro: 10_000_000 });
  const path = `/accounts/${account}/account_history`;
  const query = { entity_type: 'CAMPAIGN', entity_id: String(c.id), ...aroundNow() };
  const res = await ctx.api.ads.call('GET', path, { query });
  if (!ok(res)) ctx.notCheckable(`account history (beta, requires allowlisting) refused a valid call: ${what(res)}`);
  return { account, campaignId: String(c.id), path, query, res };
}

/** account history asked for a line item, a promoted post and a promoted account of the run, each
 *  answered; those the target and config do not let the run make are noted (targeting criteria: their
 *  creation is not shown) */
async function otherEntityTypes(ctx: AdsCtx, path: string, window: Record<string, string>): Promise<void> {
  const [posts, promoted] = await together([
    () => unlessNotCheckable(() => promotedPosts(ctx)),
    () => unlessNotCheckable(() => promotedAccount(ctx)),
  ]);
  const entities: { type: string; id: string }[] = [];
  if (posts instanceof NotCheckable) ctx.note(`account history of LINE_ITEM and PROMOTED_TWEET not asked: ${posts.message}`);
  else entities.push({ type: 'LINE_ITEM', id: posts.lineItem }, { type: 'PROMOTED_TWEET', id: posts.ids[0] });
  if (promoted instanceof NotCheckable) ctx.note(`account history of PROMOTED_ACCOUNT not asked: ${promoted.message}`);
  else entities.push({ type: 'PROMOTED_ACCOUNT', id: promoted.id });
  await inLanes(entities, async ({ type, id }) => {
    const res = await ctx.api.ads.call('GET', path, { query: { ...window, entity_type: type, entity_id: id } });
    ctx.check(ok(res), `account history with entity_type=${type} (listed) of the ${type.toLowerCase()} ${id} was refused: ${what(res)}`);
  });
}

/** granted on a sandbox account when the account holds no feature: one key GET features filters by, one it does not name */
const GRANTED_FOR_FILTER = ['REACH_AND_FREQUENCY_ANALYTICS', 'AGE_TARGETING'];

/**
 * GET features of the account, then with feature_keys (each key alone, then drawn subsets): "data
 * is an array of feature key strings; only features granted to the account appear", and with
 * feature_keys only those asked for. The granted features (the answer without feature_keys).
 */
async function featureFilter(ctx: AdsCtx, account: string, sandbox: boolean): Promise<string[]> {
  const path = `/accounts/${account}/features`;
  const where = sandbox ? ' (sandbox)' : '';
  const read = async (keys?: string[]) => {
    const res = await ctx.api.ads.call('GET', path, { sandbox, query: { feature_keys: keys } });
    const call = `GET features${where}${keys ? `?feature_keys=${keys}` : ''}`;
    ctx.check(ok(res), `${call} was refused: ${what(res)}`, res);
    expectShape(ctx, res, 'value', 'feature-list', call);
    return (envelope(res).data as string[]).map(String);
  };
  const granted = await read();
  const filtered = async (keys: string[]) => {
    const got = await read(keys);
    const want = granted.filter((k) => keys.includes(k));
    ctx.check(sameSet([...new Set(got)], want), `feature_keys=${keys}${where}: the account has [${granted}], served [${got}]`);
  };
  // each filter only reads: one key at a time side by side, then the cases side by side
  await inLanes(FEATURE_FILTER_KEYS, (key) => filtered([key]));
  await checkProperty(ctx, fc.subarray([...FEATURE_FILTER_KEYS], { minLength: 1 }), filtered, {
    show: (keys) => `feature_keys=${keys.join(',')}${where}`,
    independent: true,
  });
  return granted;
}

export const accountsChecks: Record<string, AdsCheck> = {
  async 'ADS-AUTH-001'(ctx: AdsCtx) {
    const other = (await ctx.api.fixtures()).otherUserAccountId;
    if (!other)
      ctx.notCheckable(
        'needs an account of another user: the control API gave none and the config names no fixtures.ads.otherUserAccountId',
      );
    const paths = [`/accounts/${other}`, `/accounts/${other}/campaigns`, `/accounts/${other}/features`];
    // every call only reads: side by side
    const [{ all }, named, ...answers] = await together([
      () => listedAccounts(ctx),
      () => ctx.api.ads.call('GET', '/accounts', { query: { account_ids: other } }),
      ...paths.map((path) => () => ctx.api.ads.call('GET', path)),
    ]);
    ctx.check(!all.some((a) => a.id === other), `GET /accounts lists ${other}, an account of another user`);
    ctx.check(
      refused(named) || !records(named).some((a) => a.id === other),
      `GET /accounts?account_ids=${other} serves an account of another user`,
    );
    for (const [i, path] of paths.entries()) expectRefused(ctx, answers[i], `GET ${path} (an account of another user)`);
  },

  async 'ADS-ACC-001'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const { pages, all } = await listedAccounts(ctx);
    ctx.check(
      all.some((a) => a.id === account),
      `GET /accounts does not list ${account}, the account of the authenticated user the run works in`,
    );
    for (const [i, page] of pages.entries()) expectShape(ctx, page, 'list', 'account', `GET /accounts page ${i + 1}`);
  },

  async 'ADS-ACC-002'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const { all } = await listedAccounts(ctx);
    const mine = all.find((a) => a.id === account);
    const name = typeof mine?.name === 'string' ? mine.name : '';
    ctx.setup(name !== '', `GET /accounts lists the account ${account} without a name`);
    const fold = (s: string) => s.toLowerCase();
    const swapped = [...name.slice(0, 5)].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    // prefixes of the account's name in changed case, and random letters
    const arb = fc.oneof({ weight: 3, arbitrary: namePrefixQuery(name) }, { weight: 1, arbitrary: stringOf(LETTERS, 1, 3) });
    const prefixed = async (q: string) => {
      const want = all.filter((a) => fold(String(a.name)).startsWith(fold(q))).map((a) => String(a.id));
      const got = (await listedAccounts(ctx, { q })).all.map((a) => String(a.id));
      ctx.check(sameSet(got, want), `q=${JSON.stringify(q)}: accounts whose name starts with it [${want}], served [${got}]`);
    };
    // fixed cases in every run: a prefix of the name in changed case, a prefix no listed account
    // has (so that a target that ignores q serves accounts it must leave out), and a part from within
    // the name that starts no account's name (a target that matches anywhere in the name serves it)
    const nobody = [...'QXZJ'].map((c) => c.repeat(3)).find((q) => !all.some((a) => fold(String(a.name)).startsWith(fold(q)))) ?? 'QQQQ';
    // (no space at its ends: a target may trim q)
    const startsNone = (q: string) => q === q.trim() && !all.some((a) => fold(String(a.name)).startsWith(fold(q)));
    const inner = [1, 2, 3, 4, 5].map((at) => name.slice(at, at + 3)).find((q) => q.length === 3 && startsNone(q));
    await prefixed(swapped);
    await prefixed(nobody);
    if (inner !== undefined) await prefixed(inner);
    await checkProperty(ctx, arb, prefixed, { show: (q) => `q=${JSON.stringify(q)} (name ${JSON.stringify(name)})`, independent: true });
  },

  async 'ADS-ACC-003'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const { all } = await listedAccounts(ctx);
    const mine = all.map((a) => String(a.id));
    ctx.setup(mine.includes(account), `GET /accounts does not list ${account}`);
    const exactly = async (ids: string[]) => {
      const got = (await listedAccounts(ctx, { account_ids: ids.join(',') })).all.map((a) => String(a.id));
      ctx.check(sameSet(got, ids), `account_ids=${ids.join(',')} served [${got}]`);
    };
    await exactly(mine.slice(0, LIMITS.idsPerFilter));
    await checkProperty(ctx, fc.shuffledSubarray(mine, { minLength: 1, maxLength: Math.min(mine.length, LIMITS.idsPerFilter) }), exactly, {
      show: (ids) => `account_ids=${ids.join(',')}`,
      independent: true,
    });
  },

  async 'ADS-ACC-004'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const res = await ctx.api.ads.call('GET', `/accounts/${account}`);
    needOk(ctx, res, 'reading the account');
    expectShape(ctx, res, 'single', 'account', `GET /accounts/${account}`);
    const d = record(res);
    ctx.check(d.id === account, `GET /accounts/${account} served the account ${JSON.stringify(d.id)}`);
    ctx.check('industry_type' in d, `GET /accounts/${account} has no industry_type (the document: "on single retrieval and update")`);
  },

  async 'ADS-ACC-005'(ctx: AdsCtx) {
    requireWrites(ctx);
    /** the account `c` works in, and a read of it */
    const theAccount = async (c: AdsCtx) => {
      const path = `/accounts/${await accountId(c)}`;
      const read = async () => {
        const res = await c.api.ads.call('GET', path);
        needOk(ctx, res, 'reading the account');
        return record(res);
      };
      return { path, read };
    };
    const run = await theAccount(ctx);
    const path = run.path;
    const before = await run.read();
    // the account is the run's: its name and industry_type are put back (an industry_type of null cannot be sent)
    ctx.defer(async () => {
      const industry = (INDUSTRY_TYPES as readonly unknown[]).includes(before.industry_type) ? before.industry_type : undefined;
      const name = typeof before.name === 'string' && before.name !== '' ? before.name : undefined;
      if (name || industry) await ctx.api.ads.call('PUT', path, { query: { name, industry_type: industry as string | undefined } });
    });
    const prefix = `${ctx.api.name('account')} `;
    const arb = fc.oneof(
      accountUpdateParams(prefix).map((p) => ({ params: p as Record<string, string>, valid: true })),
      fc.tuple(accountUpdateParams(prefix), industryTypeOutsideList).map(([p, industry_type]) => ({
        params: { ...p, industry_type } as Record<string, string>,
        valid: false,
      })),
    );
    const putCase = async ({ params, valid }: { params: Record<string, string>; valid: boolean }, c: AdsCtx) => {
      const { path, read } = c === ctx ? run : await theAccount(c);
      const res = await c.api.ads.call('PUT', path, { query: params });
      if (!valid) {
        expectRefused(ctx, res, `PUT with industry_type=${params.industry_type}`);
        const after = await read();
        ctx.observe('a refused account PUT changed the account', String(after.industry_type === params.industry_type));
        return;
      }
      ctx.check(ok(res), `PUT ${JSON.stringify(params)} was refused: ${what(res)}`);
      expectEcho(ctx, res, params, `PUT ${JSON.stringify(params)}`);
      for (const [answer, d] of [
        ['the PUT answer', record(res)],
        ['a later GET', await read()],
      ] as const)
        for (const [k, v] of Object.entries(params)) {
          // whether GET shows industry_type at all is ADS-ACC-004's matter
          if (answer === 'a later GET' && !(k in d)) continue;
          ctx.check(d[k] === v, `${answer}: ${k} is ${JSON.stringify(d[k])}, the PUT sent ${JSON.stringify(v)}`);
        }
    };
    // fixed cases in every run, on the run's account one after another: each listed industry_type
    // with a new name, and one outside the list; then random ones (on a target with tenants each
    // case changes the account of a tenant of its own, side by side)
    for (const industry_type of INDUSTRY_TYPES)
      await putCase({ params: { name: ctx.api.name(`account ${industry_type}`), industry_type }, valid: true }, ctx);
    await putCase({ params: { industry_type: 'SPACE' }, valid: false }, ctx);
    await checkProperty(ctx, arb, (v, c) => putCase(v, c), { show: (c) => `PUT ${JSON.stringify(c.params)}`, ownTenant: true });
  },

  async 'ADS-ACC-006'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const w = await walk(ctx, `/accounts/${account}/account_apps`, { count: LIMITS.countMax });
    ctx.setup(!w.endless, 'account_apps never ended (next_cursor never became null)');
    for (const [i, page] of w.pages.entries()) expectShape(ctx, page, 'list', 'account-app', `GET account_apps page ${i + 1}`);
  },

  async 'ADS-ACC-007'(ctx: AdsCtx) {
    const { campaignId, path, query } = await historyOfNewCampaign(ctx);
    const ask = (params: Record<string, unknown>) =>
      ctx.api.ads.call('GET', path, { query: params as Record<string, string | number | undefined> });
    // each required parameter left out, then times that are not whole hours (minutes or seconds not
    // 0, not ISO 8601): every call only reads, so they go side by side, and so do the cases below
    const without = (k: string) => ({
      params: Object.fromEntries(Object.entries(query).filter(([key]) => key !== k)),
      what: `account history without ${k}`,
    });
    const offHour = (k: 'start_time' | 'end_time', part: string, at: number) => {
      const t = `${query[k].slice(0, at)}30${query[k].slice(at + 2)}`;
      return { params: { ...query, [k]: t }, what: `account history with ${k}=${t} (${part} not 0)` };
    };
    // and, as fixed cases in every run, an entity_type outside the five listed and a user_id that is
    // not a long ("user_id (long)"), while a user_id that is one is answered
    const unlisted = { params: { ...query, entity_type: 'ACCOUNT' }, what: 'account history with entity_type=ACCOUNT (not listed)' };
    const notLong = { params: { ...query, user_id: 'u1x' }, what: 'account history with user_id=u1x (not a long)' };
    const refusals = [
      ...Object.keys(query).map(without),
      ...(['start_time', 'end_time'] as const).flatMap((k) => [offHour(k, 'minutes', 14), offHour(k, 'seconds', 17)]),
      unlisted,
      notLong,
    ];
    await inLanes(refusals, async (r) => expectRefused(ctx, await ask(r.params), r.what));
    const byUser = await ask({ ...query, user_id: '982978172' });
    ctx.check(ok(byUser), `account history with user_id=982978172 (a long) was refused: ${what(byUser)}`);
    // the other listed entity types, each with an entity of that type where the run can make one (a
    // target that answered CAMPAIGN has allowlisted the user: a refusal now is the entity type's)
    await otherEntityTypes(ctx, path, query);
    const onHist = (p: Record<string, unknown>, mutation: string) => ({
      ...p,
      ...('entity_id' in p ? { entity_id: campaignId } : {}),
      ...('entity_type' in p && mutation !== 'entity-type-outside-set' ? { entity_type: 'CAMPAIGN' } : {}),
    });
    const valid = accountHistoryParams(campaignId).map((p) => ({
      params: { ...p, entity_type: 'CAMPAIGN' } as Record<string, unknown>,
      mutation: 'none',
    }));
    const broken = accountHistoryMutation(['minutes-not-zero', 'seconds-not-zero', 'not-iso-8601']).map((m) => ({
      params: onHist(m.value, m.mutation),
      mutation: m.mutation as string,
    }));
    const arb = fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: broken });
    await checkProperty(
      ctx,
      arb,
      async ({ params, mutation }) => {
        const res = await ask(params);
        if (mutation !== 'none') return expectRefused(ctx, res, `account history (${mutation}): ${JSON.stringify(params)}`);
        ctx.check(ok(res), `a valid account history call was refused: ${what(res)}`, res);
      },
      { show: (c) => `${c.mutation}: ${JSON.stringify(c.params)}`, independent: true },
    );
    // whole hours written with an offset, or a date alone: the document does not say (observed)
    const hour = query.start_time;
    const starts = [`${hour.slice(0, 19)}+01:00`, hour.slice(0, 10)];
    const answers = await inLanes(starts, (start_time) => ask({ ...query, start_time }));
    for (const [i, start_time] of starts.entries()) {
      const res = answers[i];
      ctx.observe(
        `account history with start_time=${start_time.length === 10 ? '<date>' : '<hour>+01:00'}`,
        ok(res) ? 'accepted' : `refused (${res.status})`,
      );
    }
  },

  async 'ADS-ACC-008'(ctx: AdsCtx) {
    requireWrites(ctx);
    const { account, campaignId, path, query } = await historyOfNewCampaign(ctx);
    // an update as well, so that an entry with changes can appear; it names the daily budget again,
    // which a PUT without it may clear ("On update, a missing daily budget makes the campaign spend
    // evenly …"), and history's campaign fields type it as long
    const rename = { name: ctx.api.name('renamed'), daily_budget_amount_local_micro: HISTORY_DAILY };
    const put = await ctx.api.ads.call('PUT', `/accounts/${account}/campaigns/${campaignId}`, { query: rename });
    needOk(ctx, put, 'renaming the campaign');
    const w = await walk(ctx, path, query);
    ctx.setup(!w.endless, 'account history never ended (next_cursor never became null)');
    for (const [i, page] of w.pages.entries()) expectShape(ctx, page, 'list', 'account-history-entry', `GET account_history page ${i + 1}`);
    const entries = w.pages.flatMap((p) => records(p));
    // what the four parameters select is not stated: observed
    const other = entries.filter((e) => e.entity_id !== campaignId || e.entity !== 'CAMPAIGN');
    ctx.observe('account history entries not of the entity asked for', String(other.length));
    ctx.observe(
      'account history of a campaign created and renamed in the window',
      entries.length ? entries.map((e) => String(e.change_type)).join(', ') : 'no entries',
    );
  },

  async 'ADS-ACC-009'(ctx: AdsCtx) {
    // "count, cursor" of account history: the list bounds of count (Common conventions: min 1, max
    // 1000) and a walk one entry a page against one page of 1000; entries have no id, so each is
    // named by its whole content. Two renames after the creation, so that the window may hold
    // several entries (which changes make entries is not stated: fewer than two skip the walk)
    requireWrites(ctx);
    const { account, campaignId, path, query } = await historyOfNewCampaign(ctx);
    for (const n of [1, 2]) {
      const put = await ctx.api.ads.call('PUT', `/accounts/${account}/campaigns/${campaignId}`, {
        query: { name: ctx.api.name(`renamed-${n}`), daily_budget_amount_local_micro: HISTORY_DAILY },
      });
      needOk(ctx, put, 'renaming the campaign');
    }
    await checkCountAndCursor(ctx, path, query, (e) => JSON.stringify(e));
  },

  async 'ADS-ACC-OBS-001'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const res = await ctx.api.ads.call('GET', `/accounts/${account}/authenticated_user_access`);
    if (!ok(res)) return ctx.observe('GET authenticated_user_access', `refused: ${what(res)}`);
    const data = envelope(res).data;
    ctx.observe('authenticated_user_access data', JSON.stringify(data)?.slice(0, 400) ?? 'absent');
    const v = validateAdsResponse('single', 'authenticated-user-access', res.body);
    ctx.observe(
      'authenticated_user_access permissions are documented ones (TWEET_COMPOSER only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER)',
      v.ok ? 'yes' : `no: ${v.errors.join('; ')}`,
    );
  },

  async 'ADS-FEAT-001'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    if ((await featureFilter(ctx, account, false)).length > 0) return;
    // "only features granted to the account appear": on an account that holds none, every answer is
    // [] whatever feature_keys asks, and the filter shows nowhere. The sandbox "adds features": a
    // fresh sandbox account is given a key GET features filters by and one it does not name
    if (!ctx.has('ads.sandbox'))
      ctx.notCheckable(
        `the account ${account} holds no feature (GET features answered []), so whether feature_keys filters shows on no answer; the config names no target.adsApi.sandboxUrl, where a feature could be granted first`,
      );
    const sandbox = await sandboxAccount(ctx);
    const granted = await ctx.api.ads.call('POST', `/accounts/${sandbox}/features`, {
      sandbox: true,
      query: { feature_keys: GRANTED_FOR_FILTER.join(',') },
    });
    needOk(ctx, granted, `granting ${GRANTED_FOR_FILTER} to a sandbox account`);
    if ((await featureFilter(ctx, sandbox, true)).length === 0)
      ctx.notCheckable(
        `no account shows a feature: the account ${account} holds none, and the sandbox account ${sandbox} granted ${GRANTED_FOR_FILTER} answered GET features with [] (only beta or limited features are exposed), so whether feature_keys filters shows on no answer`,
      );
  },
};
