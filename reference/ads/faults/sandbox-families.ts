// Family faults of the sandbox area: each feature key the sandbox POST accepts, refused (sent on as
// an unlisted key), one fault per listed key.
import { enumeration } from '../../host/mutations.ts';
import { SANDBOX_FEATURE_KEYS } from '../features.ts';
import { adsMutation } from './fault.ts';
import { mapListItems } from './requests.ts';

export const SANDBOX_FAMILY_FAULTS = SANDBOX_FEATURE_KEYS.map((key) =>
  adsMutation(
    'ads',
    `ads-sandbox-feature-${key.toLowerCase().replace(/_/g, '-')}-refused`,
    `the sandbox features POST refuses the listed key ${key}`,
    ['ADS-SBX-003'],
    ['POST /accounts/:account_id/features'],
    { request: mapListItems('feature_keys', enumeration.refuses(key)) },
  ),
);
