// The Advertising API's part of the config: target.adsApi (bearer or OAuth 1.0a user-context
// credentials, the sandbox address, write permission, the batch body container), fixtures.ads and
// limits.activeCampaignsPerAccount (fragment.schema.json beside this file).
import { readFileSync } from 'node:fs';
import type { ConfigFragment } from '../../harness/domain/types.ts';

export type AdsAuth =
  | { type: 'bearer'; token: string }
  | { type: 'oauth1'; consumerKey: string; consumerSecret: string; token: string; tokenSecret: string };

/** the batch request body's container: the document does not show it */
export type BatchBody = 'array' | { key: string };

export interface AdsApiTarget {
  baseUrl: string;
  sandboxUrl?: string;
  auth: AdsAuth;
  /** writes to a baseUrl that is not the sandbox address are allowed */
  allowWrites: boolean;
  /** set by the config, else found once per run */
  batchBody?: BatchBody;
  /** set by the config, else tried once per run */
  lineItemCreation?: boolean;
  /** names of the catalog list parameters described only by role (defaults: suites/ads/catalog/params.ts) */
  catalogParams?: CatalogParamNames;
}

/**
 * the catalog document's list parameters that it describes only by role, and the card component
 * fields whose names it does not show ("the field names of the website destination URL and of the
 * two deep links: not shown")
 */
export type CatalogParamKey =
  | 'cardTypes'
  | 'cardIds'
  | 'cardUris'
  | 'namePrefix'
  | 'creativeTypes'
  | 'includeLegacy'
  | 'draftsUser'
  | 'websiteUrl'
  | 'androidDeepLink'
  | 'iosDeepLink'
  | 'unlockImage';
export type CatalogParamNames = Partial<Record<CatalogParamKey, string>>;

/** What exists on an ads target without the control API; the names of POST /__control/ads/fixtures. */
export interface AdsFixtures {
  accountId?: string;
  fundingInstrumentId?: string;
  promotableUserIds?: string[];
  tweetIds?: string[];
  scheduledTweets?: { id: string; scheduled_at: string }[];
  accountMedia?: { id: string; media_key?: string; creative_type?: string }[];
  /** account media a rule may delete (not one of accountMedia) */
  spareAccountMedia?: { id: string; media_key?: string; creative_type?: string };
  /** media keys of the account's library by kind, for the draft post media rule */
  draftMedia?: { images?: string[]; gifs?: string[]; videos?: string[] };
  /** video conversation cards of the account (no create endpoint is shown): the first to update, the second to delete */
  videoConversationCardIds?: string[];
  /** an image of the library at least 800 px wide at 5:2, for a conversation card's unlock image (image and video cards) */
  unlockImageMediaKey?: string;
  curatedCategoryIds?: string[];
  ineligibleUserId?: string;
  otherUserAccountId?: string;
}

const FRAGMENT = JSON.parse(readFileSync(new URL('./fragment.schema.json', import.meta.url), 'utf8')) as {
  target: object;
  fixtures: Record<string, object>;
  limits: Record<string, object>;
};

export const adsApiConfig: ConfigFragment<AdsApiTarget> = {
  targetKey: 'adsApi',
  targetSchema: FRAGMENT.target,
  fixtures: FRAGMENT.fixtures,
  limits: FRAGMENT.limits,
  parse(section, { secret }) {
    const s = section as {
      baseUrl: string;
      sandboxUrl?: string;
      auth: Record<string, string>;
      allowWrites?: boolean;
      batchBody?: BatchBody;
      lineItemCreation?: boolean;
      catalogParams?: CatalogParamNames;
    };
    const a = s.auth;
    const auth: AdsAuth =
      a.type === 'bearer'
        ? { type: 'bearer', token: secret(a.token, 'auth.token') }
        : {
            type: 'oauth1',
            consumerKey: secret(a.consumerKey, 'auth.consumerKey'),
            consumerSecret: secret(a.consumerSecret, 'auth.consumerSecret'),
            token: secret(a.token, 'auth.token'),
            tokenSecret: secret(a.tokenSecret, 'auth.tokenSecret'),
          };
    return {
      baseUrl: s.baseUrl.replace(/\/+$/, ''),
      sandboxUrl: s.sandboxUrl?.replace(/\/+$/, ''),
      auth,
      allowWrites: s.allowWrites ?? false,
      batchBody: s.batchBody,
      lineItemCreation: s.lineItemCreation,
      catalogParams: s.catalogParams ? { ...s.catalogParams } : undefined,
    };
  },
  address: (c) => c.baseUrl,
};

/** the ads fixtures of a run config (fixtures.ads), empty when none are named */
export function adsFixtures(fixtures: Record<string, unknown>): AdsFixtures {
  return (fixtures.ads ?? {}) as AdsFixtures;
}
