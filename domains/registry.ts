// The registry: every domain the harness knows, one line each. Adding a domain adds its folders
// (suites/, config/, schemas/, generators/, reference/) and one line here; no engine file changes.
import type { Domain } from '../harness/domain/types.ts';
import { adsDomain } from '../suites/ads/domain.ts';
import { consumerDomain } from '../suites/consumer/domain.ts';
import { dataApiDomain } from '../suites/data-api/domain.ts';

// biome-ignore lint/suspicious/noExplicitAny: each domain has its own config and API types
export const DOMAINS: Domain<any, any>[] = [dataApiDomain, adsDomain, consumerDomain];
