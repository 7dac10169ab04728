// The ads part alone on a reference host, and a small client for the tests: requests on the
// production or sandbox address with the part's bearer token, and the control fixtures.

import { ADS } from '../../../reference/ads/reference-part.ts';
import { adsModule } from '../../../reference/ads/module.ts';
import type { AdsOptions } from '../../../reference/ads/settings.ts';
import { type RunningHost, startReferenceHost } from '../../../reference/host/index.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  sandbox?: boolean;
  /** replaces the Authorization header; null sends none */
  authorization?: string | null;
  contentType?: string;
}

export interface Fixtures {
  account_id: string;
  funding_instrument_id: string;
  promotable_user_ids: string[];
  tweet_ids: string[];
  scheduled_tweets: { id: string; scheduled_at: string }[];
  account_media: { id: string; media_key: string; creative_type: string }[];
  curated_category_ids: string[];
  ineligible_user_id: string;
  other_user_account_id: string;
}

export interface AdsHarness {
  host: RunningHost;
  token: string;
  api(method: string, path: string, o?: RequestOptions): Promise<Answer>;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
  fixtures(): Promise<Fixtures>;
  close(): Promise<void>;
}

/** the ads part alone (the embedded one by default; with options, a part built from them), with these choices on */
export async function startAds(options?: Omit<AdsOptions, 'token'>, choices: readonly string[] = []): Promise<AdsHarness> {
  let token: string;
  let part: ReturnType<typeof adsModule>;
  let sandboxSuffix = '/sandbox';
  if (options) {
    token = 'test-ads-token';
    part = adsModule({ token, ...options });
  } else {
    const embedded = ADS.serve({});
    part = embedded.module;
    const target = embedded.target('http://x.invalid').adsApi as { sandboxUrl: string; auth: { token: string } };
    token = target.auth.token;
    sandboxSuffix = target.sandboxUrl.replace('http://x.invalid', '');
  }
  const host = await startReferenceHost({ modules: [part], testMode: true, choices });
  const send = async (url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    host,
    token,
    api(method, path, o = {}) {
      const qs = new URLSearchParams(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
      const url = `${host.baseUrl}${o.sandbox ? sandboxSuffix : ''}${path}${qs ? `?${qs}` : ''}`;
      const headers: Record<string, string> = {};
      if (o.authorization !== null) headers.authorization = o.authorization ?? `Bearer ${token}`;
      if (o.body !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
      return send(url, method, headers, o.body);
    },
    control(method, path, body) {
      return send(`${host.controlBaseUrl}${path}`, method, body === undefined ? {} : { 'content-type': 'application/json' }, body);
    },
    async fixtures() {
      const r = await send(`${host.controlBaseUrl}/ads/fixtures`, 'POST', {});
      if (r.status !== 200) throw new Error(`fixtures: ${r.status}`);
      return r.body as Fixtures;
    },
    close: () => host.close(),
  };
}
