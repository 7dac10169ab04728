// The registry: every domain the harness knows, one line each: its engine domain (suites, config,
// clients) and its reference part (routes, faults). Adding a domain adds its folders (suites/,
// config/, schemas/, generators/, reference/) and one line here; no engine file changes
// (test/domains/registry.test.ts counts it).
import type { Domain } from '../harness/domain/types.ts';
import { ADS } from '../reference/ads/reference-part.ts';
import { CONSUMER } from '../reference/consumer/reference-part.ts';
import { DATA_API } from '../reference/data-api/reference-part.ts';
import type { ReferencePart } from '../reference/part.ts';
import { adsDomain } from '../suites/ads/domain.ts';
import { consumerDomain } from '../suites/consumer/domain.ts';
import { dataApiDomain } from '../suites/data-api/domain.ts';

// biome-ignore lint/suspicious/noExplicitAny: each domain has its own config and API types
export const REGISTRY: readonly { domain: Domain<any, any>; reference: ReferencePart }[] = [
  { domain: dataApiDomain, reference: DATA_API },
  { domain: adsDomain, reference: ADS },
  { domain: consumerDomain, reference: CONSUMER },
];

// biome-ignore lint/suspicious/noExplicitAny: as above
export const DOMAINS: Domain<any, any>[] = REGISTRY.map((r) => r.domain);

/** the reference's parts, in routing order */
export const REFERENCE_PARTS: readonly ReferencePart[] = REGISTRY.map((r) => r.reference);
