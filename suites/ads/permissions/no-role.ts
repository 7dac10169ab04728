// ADS-PERM-015: "the `account_id` in the path must be associated with that user" (Authentication 1;
// Common conventions 2), with a user of the app who holds no role on the run's account: the account
// is kept from them (GET /accounts does not list it; GET /accounts/:account_id, its campaigns and
// its authenticated_user_access serve nothing of it), and their permissions on it are none.
import type { AdsCtx } from '../api.ts';
import { envelope, ok, records } from '../reading/answers.ts';
import { accountId } from '../setup/records.ts';
import { together } from '../setup/steps.ts';
import { namesIn } from './access.ts';
import { expectKept } from './served.ts';
import { userWith } from './users.ts';

export async function checkNoRole(ctx: AdsCtx): Promise<void> {
  const account = await accountId(ctx);
  const u = await userWith(ctx, undefined);
  const [listed, one, campaigns, access] = await together([
    () => u.call('GET', '/accounts', { query: { account_ids: account } }),
    () => u.call('GET', `/accounts/${account}`),
    () => u.call('GET', `/accounts/${account}/campaigns`),
    () => u.call('GET', `/accounts/${account}/authenticated_user_access`),
  ]);
  expectKept(ctx, listed, account, 'a user with no role on the account: GET /accounts?account_ids=<the account>');
  expectKept(ctx, one, account, 'a user with no role on the account: GET /accounts/:account_id');
  ctx.check(
    !ok(campaigns) || records(campaigns).length === 0,
    `a user with no role on the account: GET its campaigns served ${records(campaigns).length} of them`,
    campaigns,
  );
  const named = ok(access) ? [...namesIn(envelope(access).data)] : [];
  ctx.check(named.length === 0, `a user with no role on the account is reported [${named.join(', ')}] on it`, access);
}
