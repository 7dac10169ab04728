// The sandbox-only calls (Endpoints › Accounts): creating and deleting accounts, adding and
// removing features, on {ads_sandbox_url}/12 only. Every account made here is a fresh sandbox
// account that the run's cleanup deletes again.
import fc from 'fast-check';
import { featureKeysMutation, SANDBOX_FEATURE_KEYS, sandboxFeatureKeys } from '../../generators/ads/index.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { envelope, expectEcho, expectRefused, expectShape, needOk, ok, record, records, refused, what } from './reading/answers.ts';
import { Turns } from './setup/pool.ts';
import { accountId, requireWrites } from './setup/records.ts';
import { together } from './setup/steps.ts';

const SANDBOX = { sandbox: true } as const;

/** a fresh sandbox account (its creation is setup here; ADS-SBX-001 examines it) */
export async function sandboxAccount(ctx: AdsCtx): Promise<string> {
  const res = await ctx.api.ads.call('POST', '/accounts', SANDBOX);
  needOk(ctx, res, 'creating a sandbox account');
  const data = envelope(res).data;
  const first = (Array.isArray(data) ? data[0] : data) as { id?: unknown } | undefined;
  ctx.setup(typeof first?.id === 'string', `creating a sandbox account answered no account id: ${what(res)}`);
  return first.id as string;
}

/** the account's features as the sandbox's GET features shows them */
async function features(ctx: AdsCtx, account: string): Promise<string[]> {
  const res = await ctx.api.ads.call('GET', `/accounts/${account}/features`, SANDBOX);
  needOk(ctx, res, 'reading the features of a sandbox account');
  const data = envelope(res).data;
  return Array.isArray(data) ? data.map(String) : [];
}

/** every account GET {ads_sandbox_url}/12/accounts lists, page by page */
async function sandboxAccounts(ctx: AdsCtx, withDeleted: boolean | undefined): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const res = await ctx.api.ads.call('GET', '/accounts', { ...SANDBOX, query: { count: 1000, with_deleted: withDeleted, cursor } });
    ctx.check(ok(res), `GET {ads_sandbox_url}/12/accounts with with_deleted=${withDeleted} answered ${what(res)}`, res);
    all.push(...records(res));
    const next = envelope(res).next_cursor;
    if (typeof next !== 'string' || next === '') break;
    cursor = next;
  }
  return all;
}

function changeFeatures(ctx: AdsCtx, method: 'POST' | 'DELETE', account: string, keys?: string[]) {
  return ctx.api.ads.call(method, `/accounts/${account}/features`, { ...SANDBOX, query: { feature_keys: keys } });
}

export const sandboxChecks: Record<string, AdsCheck> = {
  async 'ADS-SBX-001'(ctx: AdsCtx) {
    const res = await ctx.api.ads.call('POST', '/accounts', SANDBOX);
    ctx.check(ok(res), `POST {ads_sandbox_url}/12/accounts was refused: ${what(res)}`, res);
    const data = envelope(res).data;
    ctx.check(Array.isArray(data), `the sandbox account creation answered data that is not an array: ${what(res)}`);
    expectShape(ctx, res, 'array', 'account', 'POST {ads_sandbox_url}/12/accounts');
    const id = (data as { id?: unknown }[])[0]?.id;
    ctx.check(typeof id === 'string', `the sandbox account creation answered no account: ${what(res)}`);
    const got = await ctx.api.ads.call('GET', `/accounts/${id}`, SANDBOX);
    ctx.check(ok(got) && record(got).id === id, `the created account ${id} is not served: ${what(got)}`);
  },

  async 'ADS-SBX-002'(ctx: AdsCtx) {
    const id = await sandboxAccount(ctx);
    const res = await ctx.api.ads.call('DELETE', `/accounts/${id}`, SANDBOX);
    ctx.check(ok(res), `DELETE {ads_sandbox_url}/12/accounts/${id} was refused: ${what(res)}`, res);
    const d = record(res);
    ctx.check(d.id === id && d.deleted === true, `the DELETE answered ${what(res)}, not the account with deleted = true`);
    // the account, and the account list (list params: with_deleted) three ways, side by side (they
    // only read): the deleted account only with with_deleted=true, marked deleted
    const listed = async (withDeleted: boolean | undefined) => {
      const rec = (await sandboxAccounts(ctx, withDeleted)).find((r) => r.id === id);
      if (withDeleted !== true)
        ctx.check(rec === undefined, `GET /accounts with with_deleted=${withDeleted} lists the deleted account ${id}`);
      else
        ctx.check(rec?.deleted === true, `GET /accounts with with_deleted=true lists the deleted account ${id} as ${JSON.stringify(rec)}`);
    };
    await together([
      async () => {
        const after = await ctx.api.ads.call('GET', `/accounts/${id}`, { ...SANDBOX, query: { with_deleted: true } });
        ctx.check(ok(after) && record(after).deleted === true, `GET with with_deleted=true of the deleted account answered ${what(after)}`);
      },
      () => listed(undefined),
      () => listed(false),
      () => listed(true),
    ]);
  },

  async 'ADS-SBX-003'(ctx: AdsCtx) {
    const account = await sandboxAccount(ctx);
    const granted = new Set<string>();
    const add = async (keys: string[]) => {
      const res = await changeFeatures(ctx, 'POST', account, keys);
      ctx.check(ok(res), `adding features ${keys} was refused: ${what(res)}`, res);
      expectShape(ctx, res, 'value', 'feature-list', `POST features ${keys}`);
      expectEcho(ctx, res, { feature_keys: keys.join(',') }, `POST features ${keys}`);
      for (const k of keys) granted.add(k);
      const list = envelope(res).data as string[];
      const lost = [...granted].filter((k) => !list.includes(k));
      ctx.check(lost.length === 0, `after adding ${keys} the answered feature list [${list}] lacks ${lost}, added to the account before`);
    };
    // two additions at least, so that the answer must hold more than the keys of the last one; then
    // every accepted key, each listed value in every run
    await add(['AGE_TARGETING']);
    await add(['DR_TAP']);
    await add([...SANDBOX_FEATURE_KEYS]);
    await checkProperty(ctx, sandboxFeatureKeys, add, { show: (keys) => `feature_keys=${keys.join(',')}` });
  },

  async 'ADS-SBX-004'(ctx: AdsCtx) {
    const account = await sandboxAccount(ctx);
    // three refusals side by side (none depends on another's answer)
    await together([
      async () => expectRefused(ctx, await changeFeatures(ctx, 'POST', account), 'adding features without feature_keys'),
      // DELETE features: feature_keys (required comma list), asked once the account has a feature to remove
      async () => {
        needOk(ctx, await changeFeatures(ctx, 'POST', account, ['AGE_TARGETING']), 'adding the feature AGE_TARGETING');
        expectRefused(ctx, await changeFeatures(ctx, 'DELETE', account), 'removing features without feature_keys');
      },
      async () => expectRefused(ctx, await changeFeatures(ctx, 'POST', account, ['NOT_A_FEATURE']), 'adding the feature NOT_A_FEATURE'),
    ]);
    await checkProperty(
      ctx,
      featureKeysMutation,
      async (m) => expectRefused(ctx, await changeFeatures(ctx, 'POST', account, m.value), `adding features ${m.mutation}: [${m.value}]`),
      { show: (m) => `${m.mutation}: feature_keys=${m.value.join(',')}`, independent: true },
    );
  },

  async 'ADS-SBX-005'(ctx: AdsCtx) {
    // the cases take turns on sandbox accounts, one per case that may run at once (made side by
    // side), so that they run side by side while each account goes from one case to the next, as
    // one after another they would all have gone on one
    const accounts = new Turns(await inLanes(Array.from({ length: Turns.needed(ctx) }), () => sandboxAccount(ctx)));
    const addThenRemove = ({ add, remove }: { add: string[]; remove: string[] }) =>
      accounts.take(ctx, async (account) => {
        needOk(ctx, await changeFeatures(ctx, 'POST', account, add), `adding features ${add}`);
        const res = await changeFeatures(ctx, 'DELETE', account, remove);
        ctx.check(ok(res), `removing features ${remove} was refused: ${what(res)}`, res);
        const left = (await features(ctx, account)).filter((k) => remove.includes(k));
        ctx.check(left.length === 0, `after removing ${remove}, GET features still shows ${left}`);
      });
    await addThenRemove({ add: ['REACH_FREQUENCY_CAP', 'AGE_TARGETING'], remove: ['REACH_FREQUENCY_CAP'] });
    const arb = sandboxFeatureKeys.chain((add) => fc.subarray(add, { minLength: 1 }).map((remove) => ({ add, remove })));
    await checkProperty(ctx, arb, addThenRemove, {
      show: (c) => `add ${c.add.join(',')}, remove ${c.remove.join(',')}`,
      independent: true,
    });
  },

  async 'ADS-SBX-006'(ctx: AdsCtx) {
    const t = ctx.api.target;
    if (t.sandboxUrl === t.baseUrl) ctx.notCheckable('target.adsApi.baseUrl is the sandbox address: no production address to call');
    // a target that wrongly serves these would write to the production account: only where writes are allowed
    requireWrites(ctx);
    // the three calls below side by side: each touches records of its own
    await together([
      async () => {
        const created = await ctx.api.ads.call('POST', '/accounts');
        if (ok(created)) {
          const d = envelope(created).data;
          const id = (Array.isArray(d) ? d[0] : d) as { id?: unknown } | undefined;
          if (typeof id?.id === 'string') await ctx.api.ads.call('DELETE', `/accounts/${id.id}`);
        }
        ctx.check(refused(created), `POST {ads_url}/12/accounts (sandbox only) was served: ${what(created)}`);
      },
      // the account DELETE, on a fresh sandbox account (never the run's account: a target that wrongly
      // served it would delete that for good); it must stay undeleted. Without a sandbox address: not asked
      async () => {
        if (!ctx.api.ads.hasSandbox)
          return ctx.note('no sandbox address: the production account DELETE is not asked (only a fresh sandbox account may be named)');
        const spare = await sandboxAccount(ctx);
        const gone = await ctx.api.ads.call('DELETE', `/accounts/${spare}`);
        ctx.check(refused(gone), `DELETE {ads_url}/12/accounts/${spare} (sandbox only) was served: ${what(gone)}`);
        const still = await ctx.api.ads.call('GET', `/accounts/${spare}`, SANDBOX);
        ctx.check(
          ok(still) && record(still).deleted !== true,
          `after the refused production DELETE the sandbox account ${spare} answers ${what(still)}`,
        );
      },
      async () => {
        const account = await accountId(ctx);
        const path = `/accounts/${account}/features`;
        const key = { feature_keys: 'AGE_TARGETING' };
        const added = await ctx.api.ads.call('POST', path, { query: key });
        // the DELETE below also undoes a POST the target wrongly served
        const removed = await ctx.api.ads.call('DELETE', path, { query: key });
        ctx.check(refused(added), `POST {ads_url}/12${path} (sandbox only) was served: ${what(added)}`);
        ctx.check(refused(removed), `DELETE {ads_url}/12${path} (sandbox only) was served: ${what(removed)}`);
      },
    ]);
  },
};
