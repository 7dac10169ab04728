// The Advertising API v12 as a part of the reference: its faults (faults/), and how it is served (a
// bearer token, given or fresh; the config's `adsApi` entry, with the sandbox address served by the
// same process under /sandbox).

import { ADS_CHOICES } from './choices.ts';
import { freshSecret, type PartSettings, type ReferencePart } from '../part.ts';
import { ADS_FAULTS } from './faults/index.ts';
import { adsModule } from './module.ts';
import { SANDBOX_PREFIX } from './routes.ts';

export const ADS = {
  name: 'ads',
  faults: ADS_FAULTS,
  choices: ADS_CHOICES,
  serve(s: PartSettings) {
    const token = s.credentials?.bearerToken ?? freshSecret();
    return {
      module: adsModule({ token }),
      target: (baseUrl: string) => ({
        adsApi: { baseUrl, sandboxUrl: `${baseUrl}${SANDBOX_PREFIX}`, auth: { type: 'bearer', token }, allowWrites: true },
      }),
      describe: (baseUrl: string) => [
        `ads API base URL:    ${baseUrl} (bearer token as above)`,
        `ads sandbox URL:     ${baseUrl}${SANDBOX_PREFIX}`,
      ],
    };
  },
} satisfies ReferencePart;
