// The read endpoints of document 2 that the per-endpoint family faults break one at a time: each
// list (route, the list parameters its table gives it, whether the rules find two records or more
// in it and one deleted) and each single retrieval, and the comma-separated id filters. Data only:
// envelope-families.ts and lists-families.ts make the faults from it. Scheduled promoted posts are
// left to their own rules (ADS-SPT-*), account history to ADS-ACC-008 and ADS-ACC-009.

export interface ListRoute {
  /** the collection, as fault ids name it */
  name: string;
  route: string;
  /** takes count (and so is walked one record a page) */
  count: boolean;
  /** takes with_deleted and with_total_count ("list params") */
  params: boolean;
  /** the rules' world holds two records or more in it (a walk of count=1 has a second page; with_total_count with a cursor is asked) */
  paged: boolean;
  /** the rules' world deletes one of its records (ADS-LST-009) */
  deletes: boolean;
}

const A = '/accounts/:account_id';

export const LIST_ROUTES: readonly ListRoute[] = [
  { name: 'accounts', route: 'GET /accounts', count: true, params: true, paged: true, deletes: false },
  { name: 'account-apps', route: `GET ${A}/account_apps`, count: true, params: true, paged: false, deletes: false },
  { name: 'campaigns', route: `GET ${A}/campaigns`, count: true, params: true, paged: true, deletes: true },
  { name: 'promotable-users', route: `GET ${A}/promotable_users`, count: true, params: true, paged: true, deletes: false },
  { name: 'promoted-tweets', route: `GET ${A}/promoted_tweets`, count: true, params: true, paged: true, deletes: true },
  { name: 'targeting-criteria', route: `GET ${A}/targeting_criteria`, count: true, params: false, paged: true, deletes: false },
  { name: 'promoted-accounts', route: `GET ${A}/promoted_accounts`, count: true, params: true, paged: true, deletes: true },
  { name: 'licc', route: `GET ${A}/line_item_curated_categories`, count: true, params: true, paged: true, deletes: true },
  { name: 'curated-categories', route: `GET ${A}/curated_categories`, count: false, params: false, paged: false, deletes: false },
];

/** single retrievals ("GET …/:id | with_deleted"; curated categories: none) */
export const SINGLE_ROUTES: readonly { name: string; route: string; withDeleted: boolean }[] = [
  { name: 'account', route: `GET ${A}`, withDeleted: true },
  { name: 'campaign', route: `GET ${A}/campaigns/:campaign_id`, withDeleted: true },
  { name: 'promotable-user', route: `GET ${A}/promotable_users/:promotable_user_id`, withDeleted: true },
  { name: 'promoted-tweet', route: `GET ${A}/promoted_tweets/:promoted_tweet_id`, withDeleted: true },
  { name: 'promoted-account', route: `GET ${A}/promoted_accounts/:promoted_account_id`, withDeleted: true },
  { name: 'licc', route: `GET ${A}/line_item_curated_categories/:line_item_curated_category_id`, withDeleted: true },
  { name: 'curated-category', route: `GET ${A}/curated_categories/:curated_category_id`, withDeleted: false },
];

/** the comma-separated id filters of the lists (up to 200 ids), and whether the rules' world holds a record the filter selects */
export const ID_FILTERS: readonly { list: string; route: string; param: string; selects: boolean }[] = [
  { list: 'accounts', route: 'GET /accounts', param: 'account_ids', selects: true },
  { list: 'campaigns', route: `GET ${A}/campaigns`, param: 'campaign_ids', selects: true },
  { list: 'campaigns', route: `GET ${A}/campaigns`, param: 'funding_instrument_ids', selects: true },
  { list: 'promotable-users', route: `GET ${A}/promotable_users`, param: 'promotable_user_ids', selects: true },
  { list: 'promoted-tweets', route: `GET ${A}/promoted_tweets`, param: 'promoted_tweet_ids', selects: true },
  { list: 'promoted-tweets', route: `GET ${A}/promoted_tweets`, param: 'line_item_ids', selects: true },
  { list: 'promoted-accounts', route: `GET ${A}/promoted_accounts`, param: 'promoted_account_ids', selects: true },
  { list: 'promoted-accounts', route: `GET ${A}/promoted_accounts`, param: 'line_item_ids', selects: true },
  { list: 'targeting-criteria', route: `GET ${A}/targeting_criteria`, param: 'line_item_ids', selects: true },
  { list: 'targeting-criteria', route: `GET ${A}/targeting_criteria`, param: 'targeting_criterion_ids', selects: true },
];
