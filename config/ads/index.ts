// The Advertising API's part of the config: target.adsApi (fragment.schema.json beside this
// file), with bearer or OAuth 1.0a user-context credentials.
import { readFileSync } from 'node:fs';
import type { ConfigFragment } from '../../harness/domain/types.ts';

export type AdsAuth =
  | { type: 'bearer'; token: string }
  | { type: 'oauth1'; consumerKey: string; consumerSecret: string; token: string; tokenSecret: string };

export interface AdsApiTarget {
  baseUrl: string;
  sandboxUrl?: string;
  auth: AdsAuth;
}

const FRAGMENT = JSON.parse(readFileSync(new URL('./fragment.schema.json', import.meta.url), 'utf8')) as { target: object };

export const adsApiConfig: ConfigFragment<AdsApiTarget> = {
  targetKey: 'adsApi',
  targetSchema: FRAGMENT.target,
  parse(section, { secret }) {
    const s = section as { baseUrl: string; sandboxUrl?: string; auth: Record<string, string> };
    const a = s.auth;
    const auth: AdsAuth =
      a.type === 'bearer'
        ? { type: 'bearer', token: secret(a.token, 'auth.token') }
        : {
            type: 'oauth1',
            consumerKey: secret(a.consumerKey, 'auth.consumerKey'),
            consumerSecret: secret(a.consumerSecret, 'auth.consumerSecret'),
            token: secret(a.token, 'auth.token'),
            tokenSecret: secret(a.tokenSecret, 'auth.tokenSecret'),
          };
    return { baseUrl: s.baseUrl.replace(/\/+$/, ''), sandboxUrl: s.sandboxUrl?.replace(/\/+$/, ''), auth };
  },
  address: (c) => c.baseUrl,
};
