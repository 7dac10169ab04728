// The HTTPS server under the receiver: started on the configured address with the TLS material,
// quiet about peers that fail the handshake or send garbage (failed handshakes are counted).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { Socket } from 'node:net';

export interface TlsFailure {
  at: string;
  message: string;
}

export interface Listening {
  server: Server;
  /** the port it listens on (the one chosen when 0 was asked for) */
  port: number;
  /** failed TLS handshakes so far, at most 1000 */
  tlsFailures: TlsFailure[];
}

/** Records failed handshakes and drops malformed connections: nothing to record, nothing to print. */
function quietOnPeerErrors(server: Server): TlsFailure[] {
  const tlsFailures: TlsFailure[] = [];
  server.on('tlsClientError', (err: Error) => {
    if (tlsFailures.length < 1000) tlsFailures.push({ at: new Date().toISOString(), message: err.message });
  });
  server.on('clientError', (_err: Error, socket: Socket) => {
    if (!socket.destroyed) socket.destroy();
  });
  return tlsFailures;
}

/** Resolves once the server listens; rejects with the listen error (e.g. the port is taken). */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (e: Error): void => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** at most `max` connections open at once; one past it is closed as it arrives, and `onDrop` told */
export interface ConnectionLimit {
  max: number;
  onDrop: () => void;
}

export async function startServer(
  tls: { certPem: string; keyPem: string },
  host: string,
  port: number,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
  limit?: ConnectionLimit,
): Promise<Listening> {
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem });
  server.on('request', onRequest);
  if (limit) {
    server.maxConnections = limit.max;
    server.on('drop', limit.onDrop);
  }
  const tlsFailures = quietOnPeerErrors(server);
  await listen(server, port, host);
  server.on('error', () => {});
  const addr = server.address();
  return { server, port: typeof addr === 'object' && addr ? addr.port : port, tlsFailures };
}
