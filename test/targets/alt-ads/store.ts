// The state of the target: every record of every user, the clock, the with_total_count budget.
// Records keep internal members (order, accountId) beside the fields the answers show (views.ts).
import { type CatalogState, emptyCatalogState } from './catalog-store.ts';
import type { Clock } from './clock.ts';

export interface Base {
  id: string;
  /** creation order: the default list order is newest first */
  order: number;
  accountId: string;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
}

export interface Account {
  id: string;
  order: number;
  ownerId: string;
  name: string;
  industryType: string | null;
  timezone: string;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
  features: string[];
  /** account history is a beta that needs allowlisting */
  historyAllowlisted: boolean;
  sandbox: boolean;
}

export interface FundingInstrument extends Base {
  type: string;
  currency: string;
}

export interface Campaign extends Base {
  fundingInstrumentId: string;
  name: string;
  budgetOptimization: 'CAMPAIGN' | 'LINE_ITEM';
  daily?: number;
  total?: number;
  entityStatus: 'ACTIVE' | 'DRAFT' | 'PAUSED';
  purchaseOrderNumber: string | null;
  standardDelivery?: boolean;
  currency: string;
}

/** the values a line item PUT may change, as stored */
export interface LineItemValues {
  name: string | null;
  advertiser_domain: string | null;
  advertiser_user_id: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  audience_expansion: string | null;
  bid_strategy: string;
  bid_amount_local_micro: number | null;
  categories: string[];
  duration_in_days: number | null;
  frequency_cap: number | null;
  entity_status: 'ACTIVE' | 'PAUSED';
  start_time: string | null;
  end_time: string | null;
  goal: string;
  pay_by: string | null;
  total_budget_amount_local_micro: number | null;
  daily_budget_amount_local_micro: number | null;
}

export interface LineItem extends Base {
  campaignId: string;
  objective: string;
  productType: string;
  placements: string[];
  values: LineItemValues;
}

export interface LineItemCuratedCategory extends Base {
  lineItemId: string;
  curatedCategoryId: string;
}

export interface MediaCreative extends Base {
  lineItemId: string;
  accountMediaId: string;
  creativeType: string;
  landingUrl: string | null;
}

export interface PromotedAccount extends Base {
  lineItemId: string;
  userId: string;
}

export interface PromotedTweet extends Base {
  lineItemId: string;
  tweetId: string;
  /** the post the caller named, when the service made a promoted-only repost of it */
  sourceTweetId: string | null;
  paused: boolean;
}

export interface ScheduledPromotedTweet extends Base {
  lineItemId: string;
  scheduledTweetId: string;
}

export interface TargetingCriterion extends Base {
  lineItemId: string;
  targetingType: string;
  targetingValue: string;
  operatorType: 'EQ' | 'NE';
}

export interface PromotableUser extends Base {
  userId: string;
  type: 'FULL' | 'RETWEETS_ONLY';
}

export interface Post {
  id: string;
  authorId: string;
}

export interface ScheduledTweet {
  id: string;
  accountId: string;
  scheduledAt: number;
  /** the post id it becomes at scheduled_at */
  publishedId: string;
}

export interface AccountMedia extends Base {
  mediaKey: string;
  creativeType: string;
  /** what the media is, for cards and draft posts */
  kind: 'IMAGE' | 'VIDEO' | 'GIF';
  width: number;
  height: number;
}

export interface AccountApp extends Base {
  appStoreIdentifier: string;
  osType: string;
  deepLinkPattern: string | null;
  conversionTracking: boolean;
}

export interface HistoryEntry {
  accountId: string;
  at: number;
  userId: string;
  entity: string;
  entityId: string;
  changeType: 'CREATE' | 'UPDATE' | 'DELETE';
  changes: Record<string, { from: unknown; to: unknown }>;
  entityData: Record<string, unknown>;
}

export interface State {
  accounts: Map<string, Account>;
  fundingInstruments: Map<string, FundingInstrument>;
  campaigns: Map<string, Campaign>;
  lineItems: Map<string, LineItem>;
  curatedLinks: Map<string, LineItemCuratedCategory>;
  mediaCreatives: Map<string, MediaCreative>;
  promotedAccounts: Map<string, PromotedAccount>;
  promotedTweets: Map<string, PromotedTweet>;
  scheduledPromoted: Map<string, ScheduledPromotedTweet>;
  targeting: Map<string, TargetingCriterion>;
  promotableUsers: Map<string, PromotableUser>;
  apps: Map<string, AccountApp>;
  posts: Map<string, Post>;
  scheduledTweets: Map<string, ScheduledTweet>;
  accountMedia: Map<string, AccountMedia>;
  ineligibleUsers: Set<string>;
  history: HistoryEntry[];
  /** the catalog document's records (catalog-store.ts) */
  catalog: CatalogState;
  /** times of with_total_count requests, per user */
  totalCountCalls: Map<string, number[]>;
}

export function emptyState(): State {
  return {
    accounts: new Map(),
    fundingInstruments: new Map(),
    campaigns: new Map(),
    lineItems: new Map(),
    curatedLinks: new Map(),
    mediaCreatives: new Map(),
    promotedAccounts: new Map(),
    promotedTweets: new Map(),
    scheduledPromoted: new Map(),
    targeting: new Map(),
    promotableUsers: new Map(),
    apps: new Map(),
    posts: new Map(),
    scheduledTweets: new Map(),
    accountMedia: new Map(),
    ineligibleUsers: new Set(),
    history: [],
    catalog: emptyCatalogState(),
    totalCountCalls: new Map(),
  };
}

/** what every handler works with */
export interface Ctx {
  st: State;
  clock: Clock;
  /** bearer token → user id */
  users: Map<string, string>;
  /** the user the control API's fixtures are made for (the configured bearer's user) */
  mainUserId: string;
  otherUserId: string;
  activeCampaignLimit: number;
  totalCountPer15Min: number;
  /** the fixtures' spare account media is deleted as it is made */
  spareGone?: boolean;
  /** the fixtures' media for draft posts hold no animated GIF */
  noGifs?: boolean;
  /** POST targeting_criteria is not served (404) */
  noCriterionCreation?: boolean;
  /** the website destination's URL key (default url); when given, any other key of a website destination is refused */
  websiteUrlKey?: string;
  /** the app destination's deep link keys (default vendorplay_deep_link and ios_deep_link); when given, the real names are refused */
  deepLinkKeys?: { android: string; ios: string };
  /** members conversation card records leave out (of first_cta, first_cta_tweet, title, thank_you_text, …) */
  conversationRecordWithout?: string[];
}
