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

/** told of each token a user gets when it is made, and of each it loses when it is removed */
export type TokenWatch = (tokens: readonly string[], held: boolean) => void;

const tokensOf = (u: User): string[] => [u.bearer_token, u.access_token];

export class Users {
  readonly #byId = new Map<string, User>();
  /** each user by its bearer token and by its access token (a request names its app by one of them) */
  readonly #byToken = new Map<string, User>();
  readonly #watch: TokenWatch | undefined;

  constructor(watch?: TokenWatch) {
    this.#watch = watch;
  }

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
    for (const t of tokensOf(u)) this.#byToken.set(t, u);
    this.#watch?.(tokensOf(u), true);
    return u;
  }

  get(id: string): User | undefined {
    return this.#byId.get(id);
  }

  delete(id: string): boolean {
    const u = this.#byId.get(id);
    if (!u) return false;
    this.#forget(u);
    return this.#byId.delete(id);
  }

  #forget(u: User): void {
    for (const t of tokensOf(u)) this.#byToken.delete(t);
    this.#watch?.(tokensOf(u), false);
  }

  all(): User[] {
    return [...this.#byId.values()];
  }

  /** the user whose OAuth 2.0 bearer token or OAuth 1.0a access token this is */
  byToken(token: string | undefined): User | undefined {
    return token === undefined ? undefined : this.#byToken.get(token);
  }

  reset(): void {
    for (const u of this.#byId.values()) this.#forget(u);
    this.#byId.clear();
  }
}
