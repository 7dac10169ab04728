// The control routes of an app's users (TARGET-CONTRACT §3b): POST /users, DELETE /users/:id and,
// for `conform sweep`, GET /users (an extension). The users themselves are users.ts's.
import { type Reply, errorReply, isObject, json, noContent } from './http.ts';
import type { Route } from './types.ts';
import type { User, UserCheck, Users, UserSpec } from './users.ts';

function specOf(body: unknown): UserSpec | string {
  if (body === undefined) return {};
  if (!isObject(body)) return 'the body must be a JSON object';
  const { role, permissions, ads_account_id } = body;
  if (role !== undefined && typeof role !== 'string') return 'role must be a string';
  if (permissions !== undefined && (!Array.isArray(permissions) || permissions.some((p) => typeof p !== 'string')))
    return 'permissions must be an array of strings';
  if (ads_account_id !== undefined && typeof ads_account_id !== 'string') return 'ads_account_id must be a string';
  return { role, permissions: permissions as string[] | undefined, ads_account_id };
}

const shown = (u: User) => ({
  user_id: u.user_id,
  username: u.username,
  access_token: u.access_token,
  access_token_secret: u.access_token_secret,
  bearer_token: u.bearer_token,
});

/** POST /users, DELETE /users/:id and (an extension, for `conform sweep`) GET /users */
export function userRoutes(users: Users, now: () => number, checks: readonly UserCheck[]): Route[] {
  return [
    {
      method: 'POST',
      path: '/users',
      json: true,
      handle(req): Reply {
        const spec = specOf(req.body);
        if (typeof spec === 'string') return errorReply(400, spec);
        const refused = checks.map((c) => c(spec)).find((why) => why !== undefined);
        if (refused) return errorReply(400, refused);
        return json(201, shown(users.create(spec, now())));
      },
    },
    {
      method: 'GET',
      path: '/users',
      handle: () => json(200, { users: users.all().map((u) => ({ user_id: u.user_id, username: u.username })) }),
    },
    {
      method: 'DELETE',
      path: '/users/:id',
      handle: (_req, p) => (users.delete(p.id) ? noContent() : errorReply(404, `no user "${p.id}"`)),
    },
  ];
}
