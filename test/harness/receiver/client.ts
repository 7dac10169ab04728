// Helpers for the receiver tests: a real receiver on loopback and an undici client that trusts
// only the receiver's certificate.

import { Agent, request } from 'undici';
import { startReceiver, type Receiver, type ReceiverOptions } from '../../../harness/receiver/index.ts';

export const PUBLIC_HOST = 'hooks.conformance.test';

export interface Client {
  agent: Agent;
  send(
    method: string,
    path: string,
    opts?: { body?: Buffer | string; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<{ status: number; text: string; raw: Buffer; headers: Record<string, string | string[] | undefined> }>;
}

export function clientFor(r: Receiver): Client {
  const agent = new Agent({ connect: { ca: r.certPem, servername: PUBLIC_HOST } });
  return {
    agent,
    async send(method, path, opts = {}) {
      const res = await request(`https://127.0.0.1:${r.listenPort}${path}`, {
        method,
        dispatcher: agent,
        headers: opts.headers,
        body: opts.body,
        signal: opts.signal,
      });
      const raw = Buffer.from(await res.body.arrayBuffer());
      return { status: res.statusCode, text: raw.toString('utf8'), raw, headers: res.headers };
    },
  };
}

export function startTestReceiver(extra: Partial<ReceiverOptions> = {}): Promise<Receiver> {
  return startReceiver({
    listenHost: '127.0.0.1',
    listenPort: 0,
    publicBaseUrl: `https://${PUBLIC_HOST}/base/`,
    ...extra,
  });
}

export const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | 'pending'> =>
  Promise.race([p, new Promise<'pending'>((res) => setTimeout(() => res('pending'), ms))]);
