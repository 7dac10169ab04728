// Rules the app of the config cannot take: they need a second app, or a tenant of their own for
// what they make that no call removes (TARGET-CONTRACT §3a). On a target without tenants they are
// not checkable, saying which.
import type { DataCtx } from '../api.ts';

export const NO_SECOND_APP = 'needs a second app: the target offers no tenants (TARGET-CONTRACT §3a), and a run has one app';

export const SUBSCRIPTIONS_STAY =
  'needs a tenant (TARGET-CONTRACT §3a): the subscriptions it makes could not be removed, the document giving no way to delete one';

export const CONNECTIONS_OF_THE_APP =
  "needs a tenant (TARGET-CONTRACT §3a): it ends streaming connections of the app, and a later sweep could not tell the run's from the app's own";

/** ends the rule as not checkable, saying `why`, when the target offers no tenants */
export function needTenant(ctx: DataCtx, why: string): void {
  if (!ctx.tenantsOffered) ctx.notCheckable(why);
}
