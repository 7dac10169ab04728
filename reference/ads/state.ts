// In-memory state of the advertising interface: users, the accounts of every user (each with its
// records, one Table per kind), the posts and scheduled posts the promoted entities refer to, and
// account history. Everything is dropped by POST /__control/reset (the with_total_count request
// log is a rate limit, not state, and survives). A reset re-creates the baseline: one account of
// the authenticated user and one of another user.

import { Ids } from './ids.ts';
import { type Rec, Table } from './table.ts';

export interface Post {
  id: string;
  userId: string;
  text: string;
}

export interface ScheduledPost {
  id: string;
  userId: string;
  /** epoch ms */
  scheduledAt: number;
  /** the id the post gets once published at scheduledAt */
  publishedId: string;
}

export interface HistoryEntry {
  seq: number;
  /** epoch ms */
  at: number;
  entity: string;
  entityId: string;
  userId: string;
  changeType: 'CREATE' | 'UPDATE' | 'DELETE';
  changes: Record<string, unknown>;
  entityData: Record<string, unknown>;
}

export class AccountData {
  owner: string;
  record: Rec;
  features = new Set<string>();
  fundingInstruments = new Table();
  apps = new Table();
  accountMedia = new Table();
  promotableUsers = new Table();
  campaigns = new Table();
  lineItems = new Table();
  lineItemCuratedCategories = new Table();
  mediaCreatives = new Table();
  promotedAccounts = new Table();
  promotedTweets = new Table();
  scheduledPromotedTweets = new Table();
  targetingCriteria = new Table();
  history: HistoryEntry[] = [];

  /** creation order, for listing accounts */
  seq: number;

  constructor(owner: string, record: Rec, seq: number) {
    this.owner = owner;
    this.record = record;
    this.seq = seq;
  }
}

export const ME = '2417045708';
export const OTHER_USER = '982978172';

export class AdsState {
  readonly ids = new Ids();
  #seq = 0;
  accounts = new Map<string, AccountData>();
  posts = new Map<string, Post>();
  scheduledPosts = new Map<string, ScheduledPost>();
  /** users that can never be promoted (the fixtures' ineligible_user_id) */
  ineligibleUsers = new Set<string>();
  /** epoch ms of each accepted with_total_count request (rate limit; kept across resets) */
  totalCountLog: number[] = [];
  /** the account of the latest POST /__control/ads/fixtures: where a user made without ads_account_id holds their role */
  fixturesAccount?: string;
  /** the state of other modules (the catalog document's), by name; dropped by reset */
  readonly parts = new Map<string, unknown>();

  /** a module's own state, made on first use after each reset */
  part<T>(name: string, make: () => T): T {
    if (!this.parts.has(name)) this.parts.set(name, make());
    return this.parts.get(name) as T;
  }

  seq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  reset(): void {
    this.accounts.clear();
    this.posts.clear();
    this.scheduledPosts.clear();
    this.ineligibleUsers.clear();
    this.fixturesAccount = undefined;
    this.parts.clear();
  }
}
