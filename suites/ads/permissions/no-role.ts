// ADS-PERM-015: "the `account_id` in the path must be associated with that user" (Authentication 1;
// Common conventions 2), with users of the app who hold no role on the run's account: one with no
// role at all, and, where the control API makes a second account, one holding ACCOUNT_ADMIN there.
// The account is kept from each (GET /accounts does not list it; GET /accounts/:account_id, its
// campaigns and its authenticated_user_access serve nothing of it), and their permissions on it
// are none. Where the run may write, the account holds a campaign of the app's user first, so that
// "no campaigns" is seen on an account that has one.
import type { AdsCtx } from '../api.ts';
import { envelope, ok, records } from '../reading/answers.ts';
import { accountId, campaign, mayWrite } from '../setup/records.ts';
import { together } from '../setup/steps.ts';
import { namesIn } from './access.ts';
import { roleCap } from './roles.ts';
import { expectKept } from './served.ts';
import { type RoleUser, userWith } from './users.ts';

/** the account, a campaign of it, and their permissions on it kept from `u` (`who` says how it holds no role there) */
async function expectNotServed(ctx: AdsCtx, u: RoleUser, who: string, mine: string | undefined): Promise<void> {
  const account = await accountId(ctx);
  const [listed, one, campaigns, access] = await together([
    () => u.call('GET', '/accounts', { query: { account_ids: account } }),
    () => u.call('GET', `/accounts/${account}`),
    () => u.call('GET', `/accounts/${account}/campaigns`, mine ? { query: { campaign_ids: mine } } : {}),
    () => u.call('GET', `/accounts/${account}/authenticated_user_access`),
  ]);
  expectKept(ctx, listed, account, `${who}: GET /accounts?account_ids=<the account>`);
  expectKept(ctx, one, account, `${who}: GET /accounts/:account_id`);
  if (mine) expectKept(ctx, campaigns, mine, `${who}: GET the account's campaigns?campaign_ids=<a campaign of it>`);
  else
    ctx.check(
      !ok(campaigns) || records(campaigns).length === 0,
      `${who}: GET its campaigns served ${records(campaigns).length} of them`,
      campaigns,
    );
  const named = ok(access) ? [...namesIn(envelope(access).data)] : [];
  ctx.check(named.length === 0, `${who} is reported [${named.join(', ')}] on it`, access);
}

export async function checkNoRole(ctx: AdsCtx): Promise<void> {
  const [mine, none] = await together([
    async () => (mayWrite(ctx) ? ((await campaign(ctx)).id as string) : undefined),
    () => userWith(ctx, undefined),
  ]);
  if (!mine) ctx.observe(`${ctx.rule.id}: a campaign on the account`, 'none made: the run may not write at this address');
  await expectNotServed(ctx, none, 'a user with no role on the account', mine);
  const notTried = (why: string) => ctx.observe(`${ctx.rule.id}: a user holding a role on another account`, `not tried: ${why}`);
  if (!ctx.has(roleCap('ACCOUNT_ADMIN'))) return notTried('the control API does not list the role ACCOUNT_ADMIN');
  // the second account after the first user's calls: the run's account is still the latest the fixtures made for them
  const other = await ctx.api.anotherAccount();
  if (other === undefined) return notTried('the run reads its fixtures from the config');
  const elsewhere = await userWith(ctx, 'ACCOUNT_ADMIN', [], other);
  await expectNotServed(ctx, elsewhere, 'a user holding ACCOUNT_ADMIN on another account of the app’s user', mine);
}
