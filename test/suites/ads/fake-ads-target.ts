// A fake ads target on loopback, for the unit tests that must fake a misbehaving peer: `handler`
// answers every request, and the client reaches it as a bearer-token target that allows writes.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdsApiTarget } from '../../../config/ads/index.ts';

export async function withFakeAdsTarget<T>(handler: RequestListener, use: (target: AdsApiTarget, port: number) => Promise<T>): Promise<T> {
  const peer = createServer(handler);
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  try {
    const port = (peer.address() as AddressInfo).port;
    const target = { baseUrl: `http://127.0.0.1:${port}`, auth: { type: 'bearer', token: 't' }, allowWrites: true };
    return await use(target as unknown as AdsApiTarget, port);
  } finally {
    peer.closeAllConnections();
    await new Promise((r) => peer.close(r));
  }
}
