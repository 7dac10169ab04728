// Users of an app (TARGET-CONTRACT §3b): made through the control API, each with its credentials
// (an OAuth 2.0 bearer token, an OAuth 1.0a access token and secret) and, when asked, a role and
// permissions on an ads account. The host keeps them, per app (a tenant has users of its own); the
// parts read them: the ads part honours a user's credentials by its role, the Data API part
// performs the actions a user does.

import { randomBytes } from 'node:crypto';

export interface User {
  user_id: string;
  username: string;
  access_token: string;
  access_token_secret: string;
  bearer_token: string;
  /** the role on `adsAccountId` (or, when none was named, on the ads fixtures' account) */
  role?: string;
  permissions: string[];
  adsAccountId?: string;
  createdAt: number;
}

/** what POST /users asks for */
export interface UserSpec {
  role?: string;
  permissions?: string[];
  ads_account_id?: string;
}

/** a part's word on a spec: undefined when it may be made, else why not (an unknown role, a permission without its role) */
export type UserCheck = (spec: UserSpec) => string | undefined;

const fresh = (): string => randomBytes(24).toString('base64url');

let nextId = 1_700_000_000_000;

export class Users {
  readonly #byId = new Map<string, User>();

  create(spec: UserSpec, now: number): User {
    const id = String(nextId++);
    const u: User = {
      user_id: id,
      username: `conform_user_${id.slice(-6)}`,
      access_token: `${id}-${fresh()}`,
      access_token_secret: fresh(),
      bearer_token: fresh(),
      permissions: [...(spec.permissions ?? [])],
      createdAt: now,
      ...(spec.role !== undefined ? { role: spec.role } : {}),
      ...(spec.ads_account_id !== undefined ? { adsAccountId: spec.ads_account_id } : {}),
    };
    this.#byId.set(id, u);
    return u;
  }

  get(id: string): User | undefined {
    return this.#byId.get(id);
  }

  delete(id: string): boolean {
    return this.#byId.delete(id);
  }

  all(): User[] {
    return [...this.#byId.values()];
  }

  /** the user whose OAuth 2.0 bearer token or OAuth 1.0a access token this is */
  byToken(token: string | undefined): User | undefined {
    if (token === undefined) return undefined;
    for (const u of this.#byId.values()) if (u.bearer_token === token || u.access_token === token) return u;
    return undefined;
  }

  reset(): void {
    this.#byId.clear();
  }
}
