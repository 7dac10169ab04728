// Promotable users of an account (type FULL or RETWEETS_ONLY). A promotable user's id is its
// user id.
import { ownAccount } from './auth.ts';
import { getChild, listChildren } from './children.ts';
import type { Answer, Call, Route } from './router.ts';
import { promotableUserView } from './views.ts';

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const ids = c.p.list('promotable_user_ids');
  const all = [...c.ctx.st.promotableUsers.values()].filter((u) => u.accountId === a.id && (!ids || ids.includes(u.id)));
  return listChildren(c, all, promotableUserView, { sortable: ['type'] });
}

export const promotableUserRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/promotable_users', handler: list },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/promotable_users/:promotable_user_id',
    handler: (c) =>
      getChild(
        c,
        c.ctx.st.promotableUsers,
        ownAccount(c.ctx, c.user, c.path.account_id),
        c.path.promotable_user_id,
        'promotable user',
        promotableUserView,
      ),
  },
];
