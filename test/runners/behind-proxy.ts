// A local target whose ads API (baseUrl and sandboxUrl), or Data API, answers through an HTTP proxy of the
// test's: for each request the proxy may answer itself, rewrite the URL or hold the request a
// while, then forwards it to the target. Closing the target closes the proxy.
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalTargetFactory } from '../../harness/domain/local.ts';

/**
 * What the proxy does first with a request (its body read whole: `body`): `url` (path and query) may
 * be changed in place; an intercept that answered `res` itself returns true, and the request goes no
 * further.
 */
export type Intercept = (
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  body: Buffer,
) => boolean | undefined | Promise<boolean | undefined>;

/** `factory`'s target with its ads API behind the proxy, and `adsApi` members added to its config section */
export function adsBehindProxy(
  factory: LocalTargetFactory,
  intercept: Intercept,
  adsConfig: Record<string, unknown> = {},
): LocalTargetFactory {
  return behindProxy(factory, 'adsApi', ['baseUrl', 'sandboxUrl'], intercept, adsConfig);
}

/** `factory`'s target with its Data API (baseUrl) behind the proxy; the control API and the callbacks go direct */
export function dataApiBehindProxy(factory: LocalTargetFactory, intercept: Intercept): LocalTargetFactory {
  return behindProxy(factory, 'dataApi', ['baseUrl'], intercept);
}

/** `factory`'s target with the addresses `urls` of its config section `key` behind the proxy, and `more` members added to that section */
function behindProxy(
  factory: LocalTargetFactory,
  key: string,
  urls: readonly string[],
  intercept: Intercept,
  more: Record<string, unknown> = {},
): LocalTargetFactory {
  return async (o) => {
    const t = await factory(o);
    const section = t.target[key] as Record<string, string>;
    const upstream = new URL(section[urls[0]]);
    const server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      if (await intercept(req, url, res, body)) return;
      const out = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: `${url.pathname}${url.search}`, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const proxied = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const swapped = Object.fromEntries(urls.map((k) => [k, section[k].replace(upstream.origin, proxied)]));
    return {
      ...t,
      target: { ...t.target, [key]: { ...section, ...swapped, ...more } },
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        await t.close();
      },
    };
  };
}
