// The Advertising API v12 as a domain of the reference: its faults (faults.ts), and its part in the embedded reference (a fresh bearer token; the config's `adsApi`
// entry, with the sandbox address served by the same process under /sandbox).

import { type EmbeddedTuning, type ReferenceDomain, freshSecret } from '../domain.ts';
import { ADS_FAULTS } from './faults/index.ts';
import { adsPart } from './part.ts';
import { SANDBOX_PREFIX } from './routes.ts';

export const ADS = {
  name: 'ads',
  faults: ADS_FAULTS,
  embedded(_tuning: EmbeddedTuning) {
    const token = freshSecret();
    const part = adsPart({ token });
    return {
      part,
      target: (baseUrl: string) => ({
        adsApi: { baseUrl, sandboxUrl: `${baseUrl}${SANDBOX_PREFIX}`, auth: { type: 'bearer', token }, allowWrites: true },
      }),
    };
  },
} satisfies ReferenceDomain;
