// The Data API as a domain of the reference: its faults, and its part in the embedded reference
// (fresh consumer secret and bearer token; the config's `dataApi` entry).

import { type EmbeddedTuning, type ReferenceDomain, freshSecret } from '../domain.ts';
import { DATA_API_FAULTS } from './faults.ts';
import { dataApiPart } from './part.ts';

export const DATA_API = {
  name: 'data-api',
  faults: DATA_API_FAULTS,
  embedded(tuning: EmbeddedTuning) {
    const consumerSecret = freshSecret();
    const bearerToken = freshSecret();
    const part = dataApiPart({ consumerSecret, bearerToken, maxWebhooks: tuning.maxWebhooks, crcTimeoutMs: tuning.crcTimeoutMs });
    return {
      part,
      target: (baseUrl: string) => ({
        dataApi: { baseUrl, bearerToken, consumerSecret, problemTypeBase: part.settings.problemTypeBase },
      }),
    };
  },
} satisfies ReferenceDomain;
