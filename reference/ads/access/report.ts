// GET /accounts/:account_id/authenticated_user_access for a user of the control API: their
// permissions on the account, as the real example writes them ({"user_id","permissions":[…]}: the
// role, then TWEET_COMPOSER when held). Faults make it report another role, a misnamed one, or
// leave TWEET_COMPOSER out.
import type { User } from '../../host/users.ts';
import type { Ctx } from '../context.ts';
import { holding } from './gate.ts';
import { TWEET_COMPOSER } from './roles.ts';

export function accessOf(ctx: Ctx, user: User, accountId: string): { user_id: string; permissions: string[] } {
  const { role } = holding(ctx, user, accountId);
  let shown: string | undefined = role;
  // fault ads-access-reports-admin: every user is reported an ACCOUNT_ADMIN
  if (ctx.fault('ads-access-reports-admin')) shown = 'ACCOUNT_ADMIN';
  // fault ads-access-role-misnamed: ACCOUNT_ADMIN is reported under a name the document does not list
  if (shown === 'ACCOUNT_ADMIN' && ctx.fault('ads-access-role-misnamed')) shown = 'ADMIN';
  // fault ads-access-drops-tweet-composer: the extra permission is never reported
  const composer = user.permissions.includes(TWEET_COMPOSER) && !ctx.fault('ads-access-drops-tweet-composer');
  return { user_id: user.user_id, permissions: [...(shown ? [shown] : []), ...(composer ? [TWEET_COMPOSER] : [])] };
}
