// The ads part on a reference host that reaches a receiver of its own (TARGET-CONTRACT §3b,
// hosted media): the host's outbound client maps the receiver's public name to its port and trusts
// its certificate, as the embedded reference is run by conform. For the tests of product images.

import { type Receiver, startReceiver } from '../../../harness/receiver/index.ts';
import { ADS } from '../../../reference/ads/reference-part.ts';
import { type RunningHost, startReferenceHost } from '../../../reference/host/index.ts';

export interface MediaHarness {
  receiver: Receiver;
  host: RunningHost;
  /** a call to the ads API (production address) with the part's token; the body as JSON */
  api(method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startAdsWithMedia(o: { choices?: readonly string[]; fault?: string } = {}): Promise<MediaHarness> {
  const receiver = await startReceiver({ listenHost: '127.0.0.1', listenPort: 0, publicBaseUrl: 'https://hooks.conformance.test' });
  const embedded = ADS.serve({});
  const token = (embedded.target('http://x.invalid').adsApi as { auth: { token: string } }).auth.token;
  const host = await startReferenceHost({
    modules: [embedded.module],
    testMode: true,
    choices: o.choices ?? [],
    fault: o.fault,
    resolve: { 'hooks.conformance.test:443': `127.0.0.1:${receiver.listenPort}` },
    trustCaPem: receiver.certPem,
  });
  return {
    receiver,
    host,
    async api(method, path, body, query = {}) {
      const qs = new URLSearchParams(query).toString();
      const res = await fetch(`${host.baseUrl}${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await host.close();
      await receiver.close();
    },
  };
}
