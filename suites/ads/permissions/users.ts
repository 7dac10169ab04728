// A user of the app holding a role on the run's ads account (TARGET-CONTRACT §3b: POST /users with
// role, permissions and ads_account_id; the rule's end deletes it), and the credentials the ads
// client signs that user's calls with: OAuth 1.0a with the app's consumer key and the user's access
// token and secret when the config's auth is OAuth 1.0a, else the user's bearer token.
import type { AdsAuth } from '../../../config/ads/index.ts';
import type { ControlUser } from '../../../harness/target/control.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCallOptions } from '../client/ads-api.ts';
import type { AdsCtx } from '../api.ts';
import { accountId } from '../setup/records.ts';

export interface RoleUser {
  user: ControlUser;
  /** what the user was made with */
  role?: string;
  permissions: string[];
  auth: AdsAuth;
  /** an ads call signed with the user's credentials */
  call(method: string, path: string, o?: AdsCallOptions): Promise<HttpResult>;
}

/** the user's credentials as the config's auth takes them; not checkable when POST /users gave none of that kind */
export function userAuth(ctx: AdsCtx, u: ControlUser): AdsAuth {
  const app = ctx.api.target.auth;
  if (app.type === 'oauth1') {
    if (u.access_token_secret)
      return {
        type: 'oauth1',
        consumerKey: app.consumerKey,
        consumerSecret: app.consumerSecret,
        token: u.access_token,
        tokenSecret: u.access_token_secret,
      };
    if (u.bearer_token) return { type: 'bearer', token: u.bearer_token };
    ctx.notCheckable('POST /users answered no access_token_secret (to sign OAuth 1.0a with) and no bearer_token');
  }
  if (!u.bearer_token)
    ctx.notCheckable(
      "POST /users answered no bearer_token, and target.adsApi.auth is a bearer token (a user's OAuth 1.0a token needs the app's consumer key: auth type oauth1)",
    );
  return { type: 'bearer', token: u.bearer_token };
}

/** a new user holding `role` (and `permissions`) on the run's account (or on `account`); its creation is setup */
export async function userWith(ctx: AdsCtx, role: string | undefined, permissions: string[] = [], on?: string): Promise<RoleUser> {
  const account = on ?? (await accountId(ctx));
  const user = await ctx.user({
    ...(role !== undefined ? { role } : {}),
    ...(permissions.length ? { permissions } : {}),
    ...(role !== undefined || permissions.length ? { ads_account_id: account } : {}),
  });
  const auth = userAuth(ctx, user);
  return {
    user,
    role,
    permissions,
    auth,
    call: (method, path, o = {}) => ctx.api.ads.call(method, path, { ...o, as: auth }),
  };
}
