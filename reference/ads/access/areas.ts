// What a route of the ads part is, for the permission table: each route (method and path as the
// part declares it) belongs to one area, and a call reads or writes in it. The areas follow the
// table's words where they name something (campaigns, creatives, previews, settings, audience
// insights); the rest is how the reference sorts what the table leaves unnamed (line items and the
// records under them go with campaigns, cards, draft posts and account media with creatives).

export type Area =
  /** GET authenticated_user_access: the user's own permissions */
  | 'access'
  /** the account itself: its record, apps, funding instruments and features, read */
  | 'account'
  /** changing the account: PUT /accounts/:account_id, the sandbox's accounts and features */
  | 'settings'
  /** campaigns and what hangs under them: line items, promoted entities, targeting, history */
  | 'campaigns'
  /** media creatives, cards, draft posts, account media */
  | 'creatives'
  /** the draft post preview */
  | 'previews'
  /** the audience estimate */
  | 'insights'
  /** the reference lookups */
  | 'lookups'
  /** the product catalog: one per user, not an account's */
  | 'catalog';

const CAMPAIGN_PARTS = [
  '/campaigns',
  '/line_items',
  '/line_item_curated_categories',
  '/promoted_accounts',
  '/promoted_tweets',
  '/scheduled_promoted_tweets',
  '/targeting_criteria',
  '/account_history',
  '/recommendations',
  '/promotable_users',
];
const CREATIVE_PARTS = ['/media_creatives', '/cards', '/draft_tweets', '/account_media'];
const ACCOUNT_READS = ['/account_apps', '/funding_instruments', '/features'];

/** the part of an account route after /accounts/:account_id, or undefined */
function underAccount(path: string): string | undefined {
  const m = /^(?:\/batch)?\/accounts\/:account_id(\/.*)?$/.exec(path);
  return m ? (m[1] ?? '') : undefined;
}

const startsWithOne = (rest: string, parts: readonly string[]) => parts.some((p) => rest === p || rest.startsWith(`${p}/`));

export function areaOf(method: string, path: string): Area {
  if (path.startsWith('/product_catalogs')) return 'catalog';
  if (path === '/accounts') return method === 'GET' ? 'account' : 'settings';
  const rest = underAccount(path);
  if (rest === undefined) return 'lookups';
  if (rest === '') return method === 'GET' ? 'account' : 'settings';
  if (rest === '/authenticated_user_access') return 'access';
  if (rest.startsWith('/draft_tweets/preview/')) return 'previews';
  if (rest === '/audience_estimate') return 'insights';
  if (rest.startsWith('/curated_categories')) return 'lookups';
  if (startsWithOne(rest, CAMPAIGN_PARTS)) return 'campaigns';
  if (startsWithOne(rest, CREATIVE_PARTS)) return 'creatives';
  if (startsWithOne(rest, ACCOUNT_READS)) return method === 'GET' ? 'account' : 'settings';
  throw new Error(`no permission area for ${method} ${path}`);
}

/** a call that changes something (the audience estimate and the preview are POSTs that do not) */
export function writes(method: string): boolean {
  return method !== 'GET';
}
