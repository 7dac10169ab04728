// A second, independently written implementation of the Advertising API v12
// (ads-api-accounts-campaigns.md) with the test-control API, for showing that the ads suite
// passes against any correct target. Two listeners share one store: the production address
// (interface under /ads, control API under /__alt-control) and the sandbox address.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Clock } from './clock.ts';
import { CONTROL_PREFIX } from './control.ts';
import { numericId } from './ids.ts';
import { handler, PRODUCTION_PREFIX } from './server.ts';
import { type Ctx, emptyState } from './store.ts';

export interface AltAdsOptions {
  /** the bearer token of the user the fixtures are made for */
  bearerToken: string;
  /** a second user's token (optional; that user owns the fixtures' other_user_account_id) */
  otherBearerToken?: string;
  controlToken?: string;
  /** active campaigns an account may hold (the document's default is 200) */
  activeCampaignLimit?: number;
  /** the fixtures name spare account media that is already deleted (as a run after one that deleted it finds it) */
  spareGone?: boolean;
  /** the fixtures' media for draft posts hold no animated GIF */
  noGifs?: boolean;
  /** POST targeting_criteria (the real API's single creation, which the document does not show) is not served: 404 */
  noCriterionCreation?: boolean;
  /** the website destination's URL key (the document does not show it; default url): any other key, url too, is refused */
  websiteUrlKey?: string;
  /** the app destination's deep link keys (not shown; default vendorplay_deep_link and ios_deep_link): the real names are refused */
  deepLinkKeys?: { android: string; ios: string };
  /** members conversation card records leave out (of first_cta, first_cta_tweet, title, thank_you_text, …: record fields are not shown) */
  conversationRecordWithout?: string[];
}

export interface RunningAltAds {
  baseUrl: string;
  sandboxUrl: string;
  controlBaseUrl: string;
  activeCampaignLimit: number;
  close(): Promise<void>;
}

/** the limit this target offers in test mode (capabilities.limits.activeCampaignsPerAccount) */
export const TEST_ACTIVE_CAMPAIGN_LIMIT = 12;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startAltAdsTarget(o: AltAdsOptions): Promise<RunningAltAds> {
  const mainUserId = numericId();
  const otherUserId = numericId();
  const users = new Map([[o.bearerToken, mainUserId]]);
  if (o.otherBearerToken) users.set(o.otherBearerToken, otherUserId);
  const ctx: Ctx = {
    st: emptyState(),
    clock: new Clock(),
    users,
    mainUserId,
    otherUserId,
    activeCampaignLimit: o.activeCampaignLimit ?? TEST_ACTIVE_CAMPAIGN_LIMIT,
    totalCountPer15Min: 200,
    spareGone: o.spareGone === true,
    noGifs: o.noGifs === true,
    noCriterionCreation: o.noCriterionCreation === true,
    websiteUrlKey: o.websiteUrlKey,
    deepLinkKeys: o.deepLinkKeys,
    conversationRecordWithout: o.conversationRecordWithout,
  };
  const production = createServer(handler(ctx, { sandbox: false, controlToken: o.controlToken }));
  const sandbox = createServer(handler(ctx, { sandbox: true }));
  const port = await listen(production);
  let sandboxPort: number;
  try {
    sandboxPort = await listen(sandbox);
  } catch (e) {
    production.close();
    throw e;
  }
  const close = (s: Server) =>
    new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}${PRODUCTION_PREFIX}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    controlBaseUrl: `http://127.0.0.1:${port}${CONTROL_PREFIX}`,
    activeCampaignLimit: ctx.activeCampaignLimit,
    close() {
      closing ??= Promise.all([close(production), close(sandbox)]).then(() => undefined);
      return closing;
    },
  };
}
