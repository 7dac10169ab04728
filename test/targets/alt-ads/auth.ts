// Who calls: a bearer token names a user. An account answers only to its owner; another user's
// account, an unknown one and (unless asked for) a deleted one are all "not found" (404).
import { ApiError, detail, notFound } from './errors.ts';
import type { Req } from './http.ts';
import type { Account, Ctx } from './store.ts';

export function authenticate(ctx: Ctx, req: Req): string {
  const m = /^Bearer ([^\s]+)$/.exec(req.authorization ?? '');
  const user = m ? ctx.users.get(m[1]) : undefined;
  if (!user) {
    throw new ApiError(401, 'authentication', [detail('NOT_AUTHENTICATED', 'a valid bearer token is required')], {
      headers: { 'www-authenticate': 'Bearer realm="ads"' },
    });
  }
  return user;
}

export function ownAccount(ctx: Ctx, userId: string, accountId: string, o: { withDeleted?: boolean } = {}): Account {
  const a = ctx.st.accounts.get(accountId);
  if (!a || a.ownerId !== userId || (a.deleted && !o.withDeleted)) throw notFound('account', accountId);
  return a;
}
