// The independently written Advertising API implementation as a local target, described the way
// a config file describes a target: production and sandbox addresses, a bearer token, writes
// allowed (the sandbox is a second address of the same store), and the control API.
import { randomBytes } from 'node:crypto';
import type { LocalTargetFactory } from '../../harness/domain/local.ts';
import { startAltAdsTarget } from './alt-ads/index.ts';

const fresh = () => randomBytes(24).toString('base64url');

/** the target, with options of its own (AltAdsOptions) */
export const altAdsTargetWith =
  (
    o: {
      spareGone?: boolean;
      noGifs?: boolean;
      noCriterionCreation?: boolean;
      websiteUrlKey?: string;
      deepLinkKeys?: { android: string; ios: string };
      conversationRecordWithout?: string[];
    } = {},
  ): LocalTargetFactory =>
  async () => {
    const bearerToken = fresh();
    const controlToken = fresh();
    const alt = await startAltAdsTarget({ bearerToken, otherBearerToken: fresh(), controlToken, ...o });
    return {
      target: {
        name: 'independent ads implementation',
        adsApi: {
          baseUrl: alt.baseUrl,
          sandboxUrl: alt.sandboxUrl,
          auth: { type: 'bearer', token: bearerToken },
          allowWrites: true,
        },
        control: { baseUrl: alt.controlBaseUrl, token: controlToken },
      },
      limits: { activeCampaignsPerAccount: alt.activeCampaignLimit },
      close: () => alt.close(),
    };
  };

export const altAdsTarget: LocalTargetFactory = altAdsTargetWith();
