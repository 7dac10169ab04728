// What the promoted rules share: the fixtures they need (not checkable without them, naming the
// fixtures.ads key), the user a promoted account promotes, and reading the collections under a
// line item.
import type { AdsFixtures } from '../../../config/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, needOk, records } from '../reading/answers.ts';
import { accountId } from '../setup/records.ts';

type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

async function fixture<K extends keyof AdsFixtures>(ctx: AdsCtx, key: K, from = ctx.api.fixtures()): Promise<NonNullable<AdsFixtures[K]>> {
  const v = (await from)[key];
  if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) {
    ctx.notCheckable(`needs fixtures.ads.${key}: the control API gave none and the config names none`);
  }
  return v as NonNullable<AdsFixtures[K]>;
}

export const tweetIds = (ctx: AdsCtx): Promise<string[]> => fixture(ctx, 'tweetIds');
export const promotableUserIds = (ctx: AdsCtx): Promise<string[]> => fixture(ctx, 'promotableUserIds');
/** posts scheduled after the target's now (see AdsApi.fixturesAhead) */
export const scheduledTweets = (ctx: AdsCtx): Promise<{ id: string; scheduled_at: string }[]> =>
  fixture(ctx, 'scheduledTweets', ctx.api.fixturesAhead());
export const ineligibleUserId = (ctx: AdsCtx): Promise<string> => fixture(ctx, 'ineligibleUserId');

/** A promotable user's type: the document names FULL and RETWEETS_ONLY but not the member that
 *  carries them; the real API's promotable_user_type, else type, else another member named …type. */
export function promotableType(r: Record<string, unknown>): unknown {
  if ('promotable_user_type' in r) return r.promotable_user_type;
  if ('type' in r) return r.type;
  return Object.entries(r).find(([k]) => /type$/i.test(k))?.[1];
}

const idOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** a user to promote: the user_id of one of the fixtures' promotable users (a FULL one first) */
export async function userToPromote(ctx: AdsCtx): Promise<string> {
  const ids = await promotableUserIds(ctx);
  const account = await accountId(ctx);
  const res = await ctx.api.ads.call('GET', `/accounts/${account}/promotable_users`, { query: { promotable_user_ids: ids } });
  needOk(ctx, res, 'listing the promotable users of the fixtures');
  if (records(res).length === 0)
    ctx.notCheckable(
      `needs a user id to promote: GET promotable_users with promotable_user_ids=${ids.join(',')} (fixtures.ads.promotableUserIds) listed none; they name promotable user records by their id, not by the user's user_id`,
    );
  const users = records(res).filter((u) => idOf(u.user_id) !== undefined);
  const pick = users.find((u) => promotableType(u) === 'FULL') ?? users[0];
  if (!pick) {
    ctx.notCheckable(
      'needs a user id to promote: the promotable users of fixtures.ads.promotableUserIds carry no user_id (their fields are not shown by the document)',
    );
  }
  return idOf(pick.user_id) as string;
}

/** the records a creation answered: data as one object or as an array */
export function createdRecords(res: HttpResult): Record<string, unknown>[] {
  const d = envelope(res).data;
  const list = Array.isArray(d) ? d : d && typeof d === 'object' ? [d] : [];
  return list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
}

/** GET /accounts/:account_id/<collection> with the query (one page of up to 1000); the answer */
export async function listCall(ctx: AdsCtx, collection: string, query: Query): Promise<HttpResult> {
  const account = await accountId(ctx);
  return ctx.api.ads.call('GET', `/accounts/${account}/${collection}`, { query: { count: 1000, ...query } });
}

/** the ids a list of the collection answers; the list call is a step (setup), not the rule's subject */
export async function listedIds(ctx: AdsCtx, collection: string, query: Query): Promise<string[]> {
  const res = await listCall(ctx, collection, query);
  needOk(ctx, res, `listing ${collection} with ${JSON.stringify(query)}`);
  return records(res).map((r) => String(r.id));
}
