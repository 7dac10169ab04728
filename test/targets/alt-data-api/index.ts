// Second, independent implementation of the data API's webhook/replay/tweets surface plus the
// test-control API, for checking that the harness passes against any correct target.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_WEBHOOKS, PROBLEM_BASE, HOUR_MS, type Ctx } from './context.ts';
import { happen, ownEvent } from './activity.ts';
import { sweep } from './crc.ts';
import { createOutbound } from './outbound.ts';
import { CONTROL_PREFIX, handler } from './server.ts';
import { killState, newState } from './store.ts';

export interface AltOptions {
  consumerSecret: string;
  bearerToken: string;
  controlToken?: string;
  host?: string;
  port?: number; // default 127.0.0.1:0
  resolve?: Record<string, string>; // outbound mapping "hooks.conformance.test:443" -> "127.0.0.1:9443"
  trustCaPem?: string; // cert to trust for callbacks
  insecureCallbacks?: boolean;
  /** for tests of a lossy network: the hourly CRCs this decides on fail without reaching the callback */
  loseHourlyCrc?: (wh: { valid: boolean }) => boolean;
  /** for tests of a service with activity of its own (its users' posts), reaching every valid webhook: beside each event made through the control API, or every so many milliseconds */
  ownActivity?: 'beside' | number;
}
export interface RunningAlt {
  dataBaseUrl: string;
  controlBaseUrl: string;
  problemTypeBase: string;
  maxWebhooks: number;
  close(): Promise<void>;
}

export async function startAltTarget(o: AltOptions): Promise<RunningAlt> {
  const ctx: Ctx = {
    secret: o.consumerSecret,
    bearer: o.bearerToken,
    controlToken: o.controlToken,
    base: PROBLEM_BASE,
    maxWebhooks: MAX_WEBHOOKS,
    st: newState(),
    out: createOutbound({ resolve: o.resolve, trustCaPem: o.trustCaPem, insecure: o.insecureCallbacks }),
    closed: false,
    loseHourlyCrc: o.loseHourlyCrc,
    ownActivity: o.ownActivity,
  };
  const server: Server = createServer(handler(ctx));
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The hourly CRC in real time too: once a minute, check webhooks whose last CRC is an hour old.
  const ticker = setInterval(
    () => {
      if (!ctx.closed) void sweep(ctx, ctx.st, true);
    },
    Math.min(60_000, HOUR_MS),
  );
  ticker.unref();
  const activity =
    typeof o.ownActivity === 'number'
      ? setInterval(() => {
          if (!ctx.closed) void happen(ctx, ownEvent(ctx));
        }, o.ownActivity)
      : undefined;
  activity?.unref();

  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const dataBaseUrl = `http://${hostPart}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    dataBaseUrl,
    controlBaseUrl: dataBaseUrl + CONTROL_PREFIX,
    problemTypeBase: PROBLEM_BASE,
    maxWebhooks: MAX_WEBHOOKS,
    close() {
      closing ??= new Promise<void>((resolve) => {
        ctx.closed = true;
        clearInterval(ticker);
        clearInterval(activity);
        killState(ctx.st);
        ctx.out.abortAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
