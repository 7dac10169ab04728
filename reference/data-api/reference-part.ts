// The Data API as a part of the reference: its faults, and how it is served (its consumer secret
// and bearer token, given or fresh; the config's `dataApi` entry).

import { DATA_API_CHOICES } from './choices.ts';
import { freshSecret, type PartSettings, type ReferencePart } from '../part.ts';
import { DATA_API_FAULTS } from './faults.ts';
import { dataApiModule } from './module.ts';

export const DATA_API = {
  name: 'data-api',
  faults: DATA_API_FAULTS,
  choices: DATA_API_CHOICES,
  serve(s: PartSettings) {
    const consumerSecret = s.credentials?.consumerSecret ?? freshSecret();
    const bearerToken = s.credentials?.bearerToken ?? freshSecret();
    const consumerKey = s.credentials?.consumerKey;
    const module = dataApiModule({ consumerSecret, bearerToken, consumerKey, maxWebhooks: s.maxWebhooks, crcTimeoutMs: s.crcTimeoutMs });
    const { problemTypeBase, maxWebhooks } = module.settings;
    return {
      module,
      target: (baseUrl: string) => ({
        dataApi: { baseUrl, bearerToken, consumerSecret, problemTypeBase, consumerKey: module.settings.consumerKey },
      }),
      describe: (baseUrl: string) => [
        `data API base URL:   ${baseUrl}`,
        `bearer token:        ${bearerToken}`,
        `consumer secret:     ${consumerSecret}`,
        `problem type base:   ${problemTypeBase}`,
        `consumer key:        ${module.settings.consumerKey}`,
        `max webhooks:        ${maxWebhooks}`,
      ],
    };
  },
} satisfies ReferencePart;
