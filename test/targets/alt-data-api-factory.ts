// The independently written implementation as a local target, described the way a config file
// describes a target.
import { randomBytes } from 'node:crypto';
import type { LocalTargetFactory } from '../../harness/domain/local.ts';
import { type AltOptions, startAltTarget } from './alt-data-api/index.ts';

const fresh = () => randomBytes(24).toString('base64url');

/** the independent implementation; `extra`: its test-only options (a lossy network) */
export const altTargetWith =
  (extra: Pick<AltOptions, 'loseHourlyCrc' | 'ownActivity'> = {}): LocalTargetFactory =>
  async (o) => {
    const consumerSecret = fresh();
    const bearerToken = fresh();
    const controlToken = fresh();
    const alt = await startAltTarget({ consumerSecret, bearerToken, controlToken, resolve: o.resolve, trustCaPem: o.trustCaPem, ...extra });
    return {
      target: {
        name: 'independent implementation',
        dataApi: { baseUrl: alt.dataBaseUrl, bearerToken, consumerSecret, problemTypeBase: alt.problemTypeBase },
        control: { baseUrl: alt.controlBaseUrl, token: controlToken },
      },
      close: () => alt.close(),
    };
  };

export const altTarget: LocalTargetFactory = altTargetWith();
