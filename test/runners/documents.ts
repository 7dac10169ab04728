// The three documents as the project's tests meet them: each with its traceability map, its rules
// (all, and the MUST ones), and the reference faults that deviate from it.
import type { Fault } from '../../domains/reference.ts';
import type { TraceMap } from '../../harness/traceability/check.ts';
import { ADS_RULES } from '../../suites/ads/rules.ts';
import { loadTraceability as loadAdsTraceability } from '../../suites/ads/traceability/index.ts';
import { CATALOG_RULES } from '../../suites/ads/catalog/rules.ts';
import { loadTraceability as loadCatalogTraceability } from '../../suites/ads/catalog/traceability/index.ts';
import { CONSUMER_RULES } from '../../suites/consumer/rules.ts';
import { DATA_API_RULES } from '../../suites/data-api/rules.ts';
import { loadTraceability as loadDataApiTraceability } from '../../suites/data-api/traceability.ts';

export interface TracedDocument {
  doc: string;
  map: () => TraceMap;
  rules: readonly string[];
  must: readonly string[];
  /** every item that states a requirement is split into its statements */
  split: boolean;
  /** the reference faults that deviate from this document */
  ownsFault(f: Fault): boolean;
}

const ids = (rules: readonly { id: string }[]) => rules.map((r) => r.id);
const mustIds = (rules: readonly { id: string; level: string }[]) => rules.filter((r) => r.level === 'MUST').map((r) => r.id);

export const DOCUMENTS: readonly TracedDocument[] = [
  {
    doc: 'data-api-webhooks-replay.md',
    map: loadDataApiTraceability,
    rules: ids([...DATA_API_RULES, ...CONSUMER_RULES]),
    must: mustIds([...DATA_API_RULES, ...CONSUMER_RULES]),
    split: true,
    ownsFault: (f) => f.domain === 'data-api' || f.domain === 'consumer',
  },
  {
    doc: 'ads-api-accounts-campaigns.md',
    map: loadAdsTraceability,
    rules: ids(ADS_RULES),
    must: mustIds(ADS_RULES),
    split: true,
    ownsFault: (f) => f.domain === 'ads' && f.suite === 'ads',
  },
  {
    doc: 'ads-api-catalog-cards.md',
    map: loadCatalogTraceability,
    rules: ids(CATALOG_RULES),
    must: mustIds(CATALOG_RULES),
    split: true,
    ownsFault: (f) => f.domain === 'ads' && f.suite === 'catalog',
  },
];
