// Every domain of the reference, in routing order. A new domain adds its folder under reference/
// (with a ReferenceDomain, see domain.ts) and one line here; the fault catalogue and the embedded
// reference pick it up from this list.

import { ADS } from './ads/domain.ts';
import { CONSUMER } from './consumer/domain.ts';
import { DATA_API } from './data-api/domain.ts';

export const DOMAINS = [DATA_API, ADS, CONSUMER] as const;
