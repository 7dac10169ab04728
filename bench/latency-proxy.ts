// A TCP proxy that delays every chunk by a fixed time in each direction, in order: a target "a
// network away" on loopback, for the benchmark (issue 12: 50 ms each way, 100 ms round trip).
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface LatencyProxy {
  port: number;
  close(): Promise<void>;
}

/** forwards chunks of `from` to `to` after `delayMs`, keeping their order */
function delayed(from: Socket, to: Socket, delayMs: number): void {
  let last = 0;
  from.on('data', (chunk) => {
    const due = Math.max(Date.now() + delayMs, last);
    last = due;
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, due - Date.now());
  });
  from.on('end', () => setTimeout(() => to.end(), Math.max(0, last - Date.now()) + delayMs));
}

export async function startLatencyProxy(targetPort: number, delayMs: number, host = '127.0.0.1'): Promise<LatencyProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host, port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    delayed(client, upstream, delayMs);
    delayed(upstream, client, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
