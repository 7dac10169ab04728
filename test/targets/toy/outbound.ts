// The toy service's one outbound call: a JSON POST to a callback URL over HTTPS, through the
// resolve mapping a local target is given ("hooks.conformance.test:443" -> "127.0.0.1:port"),
// keeping the URL's host name for SNI and certificate checks, and trusting the given CA.
import { request } from 'node:https';
import { connect, rootCertificates, type TLSSocket } from 'node:tls';

export interface CallbackRoute {
  resolve?: Record<string, string>;
  trustCaPem?: string;
}

/** POSTs `body` to `url`; the answer's status, or "error: …" when there is none. */
export function callBack(url: string, body: unknown, route: CallbackRoute): Promise<number | string> {
  const u = new URL(url);
  const port = u.port || '443';
  const mapped = route.resolve?.[`${u.hostname}:${port}`];
  const [host, toPort] = mapped ? mapped.split(':') : [u.hostname, port];
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((done) => {
    const req = request(
      {
        host,
        port: Number(toPort),
        servername: u.hostname,
        method: 'POST',
        path: u.pathname + u.search,
        headers: { host: u.host, 'content-type': 'application/json', 'content-length': data.length },
        ca: route.trustCaPem ? [...rootCertificates, route.trustCaPem] : undefined,
        timeout: 5000,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => done(`error: ${e.message}`));
    req.end(data);
  });
}

/**
 * Opens `n` TLS connections to `host:port`, one after another, and leaves them idle (a target
 * hoarding the receiver's connections); each settles once up or refused. Without `ca` the
 * certificate is not checked.
 */
export async function idleConnections(o: {
  host: string;
  port: number;
  servername: string;
  n: number;
  ca?: string[];
}): Promise<TLSSocket[]> {
  const open = (): Promise<TLSSocket> =>
    new Promise((done) => {
      const s = connect({ host: o.host, port: o.port, servername: o.servername, ca: o.ca, rejectUnauthorized: o.ca !== undefined });
      s.once('secureConnect', () => done(s));
      s.once('error', () => done(s));
    });
  const sockets: TLSSocket[] = [];
  for (let i = 0; i < o.n; i++) sockets.push(await open());
  return sockets;
}

/** Opens `n` idle TLS connections to the host of `url`, through the resolve mapping, trusting the given CA. */
export function hoardConnections(url: string, route: CallbackRoute, n: number): Promise<TLSSocket[]> {
  const u = new URL(url);
  const port = u.port || '443';
  const mapped = route.resolve?.[`${u.hostname}:${port}`];
  const [host, toPort] = mapped ? mapped.split(':') : [u.hostname, port];
  const ca = route.trustCaPem ? [...rootCertificates, route.trustCaPem] : undefined;
  return idleConnections({ host, port: Number(toPort), servername: u.hostname, n, ca });
}
