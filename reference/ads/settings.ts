// The ads part's options, checked and resolved into the settings its handlers read.

export interface AdsOptions {
  /** the only accepted bearer token (the authenticated user's) */
  token: string;
  /** when set, an OAuth 1.0a Authorization header with this oauth_consumer_key (and `oauthToken`) is accepted too; the signature is not verified */
  oauthConsumerKey?: string;
  oauthToken?: string;
  /** active campaigns per account; default 200 (the document's default) */
  activeCampaignsPerAccount?: number;
  /** with_total_count requests per 15 minutes; default 200 (the document's "currently") */
  totalCountPer15Min?: number;
}

export interface Settings {
  token: string;
  oauthConsumerKey?: string;
  oauthToken?: string;
  activeCampaignsPerAccount: number;
  totalCountPer15Min: number;
}

function positiveInt(v: number | undefined, fallback: number, name: string): number {
  const n = v ?? fallback;
  if (!Number.isInteger(n) || n < 1) throw new TypeError(`${name} must be a positive integer`);
  return n;
}

/** the settings, or a TypeError naming the first bad option */
export function settingsOf(o: AdsOptions): Settings {
  if (typeof o.token !== 'string' || o.token === '') throw new TypeError('token is required');
  return {
    token: o.token,
    oauthConsumerKey: o.oauthConsumerKey,
    oauthToken: o.oauthToken,
    activeCampaignsPerAccount: positiveInt(o.activeCampaignsPerAccount, 200, 'activeCampaignsPerAccount'),
    totalCountPer15Min: positiveInt(o.totalCountPer15Min, 200, 'totalCountPer15Min'),
  };
}
