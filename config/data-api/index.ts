// The Data API's part of the config: target.dataApi, fixtures.postIds / fixtures.posts and
// limits.maxWebhooks (fragment.schema.json beside this file).
import { readFileSync } from 'node:fs';
import type { ConfigFragment } from '../../harness/domain/types.ts';

export interface DataApiTarget {
  baseUrl: string;
  bearerToken: string;
  consumerSecret: string;
  /** {problem_type_base}; defaults to baseUrl */
  problemTypeBase: string;
  /** the app's OAuth 1.0a consumer key, when given (AUTH-004 signs with it) */
  consumerKey?: string;
}

/** A post that exists on a target without control, and what it is known to have (TARGET-CONTRACT §4). */
export interface FixturePost {
  id: string;
  fields?: string[];
  mediaKeys?: string[];
  mediaFields?: string[];
}

export interface DataApiFixtures {
  postIds?: string[];
  posts?: FixturePost[];
}

const FRAGMENT = JSON.parse(readFileSync(new URL('./fragment.schema.json', import.meta.url), 'utf8')) as {
  target: object;
  fixtures: Record<string, object>;
  limits: Record<string, object>;
};

export const dataApiConfig: ConfigFragment<DataApiTarget> = {
  targetKey: 'dataApi',
  targetSchema: FRAGMENT.target,
  fixtures: FRAGMENT.fixtures,
  limits: FRAGMENT.limits,
  parse(section, { secret }) {
    const s = section as { baseUrl: string; bearerToken: string; consumerSecret: string; problemTypeBase?: string; consumerKey?: string };
    return {
      baseUrl: s.baseUrl.replace(/\/+$/, ''),
      bearerToken: secret(s.bearerToken, 'bearerToken'),
      consumerSecret: secret(s.consumerSecret, 'consumerSecret'),
      problemTypeBase: (s.problemTypeBase ?? s.baseUrl).replace(/\/+$/, ''),
      ...(s.consumerKey !== undefined ? { consumerKey: secret(s.consumerKey, 'consumerKey') } : {}),
    };
  },
  address: (c) => c.baseUrl,
};
