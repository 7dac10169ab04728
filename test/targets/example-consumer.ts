// The project's example webhook consumer as a local target of the consumer suite, in one of its
// answer styles, described the way a team's config would describe its app: with the probe, with
// only rejectStatus, or with neither; acting on events at once or a moment after answering them
// (a queue), and, for the settle tests, an app whose probe never stops changing.
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { type ExampleConsumerOptions, startExampleConsumer } from '../../examples/consumer/index.ts';
import type { LocalTargetFactory } from '../../harness/domain/local.ts';
import { createCertificate } from '../../harness/receiver/cert.ts';

export interface ExampleConsumerTarget {
  refuse?: ExampleConsumerOptions['refuse'];
  accept?: ExampleConsumerOptions['accept'];
  /** act on each event this many ms after answering it (the example's queue) */
  actAfterMs?: number;
  /** consumer.settleMs in the config (default: the config's default) */
  settleMs?: number;
  /**
   * the app is never idle: besides the suite's events it keeps acting on other traffic (a staging
   * app that also gets live events), so what its probe shows changes every `busyEveryMs`
   */
  busyEveryMs?: number;
  /** tell the harness about the probe (default true) */
  probe?: boolean;
  rejectStatus?: number[];
  /** give the harness the app's bearer token (default true) */
  bearer?: boolean;
  /** consumer.maxConnections in the config (default: the config's default) */
  maxConnections?: number;
  /** count the connections the harness holds open to the callback at once: a TCP relay in front of the app keeps the count here */
  connections?: { open: number; peak: number };
}

/** a TCP relay to `port` that counts the connections open through it at once */
async function countingRelay(port: number, count: { open: number; peak: number }): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    count.open++;
    count.peak = Math.max(count.peak, count.open);
    const app = connect(port, '127.0.0.1');
    for (const s of [client, app]) {
      sockets.add(s);
      s.on('error', () => undefined);
    }
    client.pipe(app).pipe(client);
    let closed = false;
    const end = () => {
      if (closed) return;
      closed = true;
      count.open--;
      client.destroy();
      app.destroy();
    };
    client.on('close', end);
    app.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function forward(url: string, method: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The app's probe with its other traffic: GET /processed lists what the app acted on and one more
 * event whose count grows by one every `everyMs`; POST /reset is the app's.
 */
async function busyProbe(probeUrl: string, everyMs: number): Promise<{ url: string; server: Server }> {
  const since = Date.now();
  const server = createServer((req, res) => {
    req.resume();
    const path = new URL(req.url ?? '/', 'http://probe').pathname.replace(/^\/__probe/, '');
    forward(`${probeUrl}${path}`, req.method ?? 'GET')
      .then(({ status, body }) => {
        if (path !== '/processed' || status !== 200) return res.writeHead(status).end(body);
        const events = (JSON.parse(body) as { events: unknown[] }).events;
        const other = { id: 'other-traffic', kind: 'post.create', count: 1 + Math.floor((Date.now() - since) / everyMs) };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events: [...events, other] }));
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/__probe`, server };
}

export function exampleConsumerTarget(o: ExampleConsumerTarget = {}): LocalTargetFactory {
  return async () => {
    const consumerSecret = randomBytes(24).toString('base64url');
    const bearerToken = randomBytes(24).toString('base64url');
    const host = 'consumer.conformance.test';
    const tls = await createCertificate(host);
    const app = await startExampleConsumer({
      consumerSecret,
      bearerToken,
      tls,
      refuse: o.refuse,
      accept: o.accept,
      actAfterMs: o.actAfterMs,
      probe: true,
    });
    const busy = o.busyEveryMs === undefined ? undefined : await busyProbe(app.probeUrl as string, o.busyEveryMs);
    const relay = o.connections ? await countingRelay(app.port, o.connections) : undefined;
    return {
      target: { name: 'example consumer' },
      sections: {
        consumer: {
          name: 'example consumer',
          callbackUrl: `https://${host}${new URL(app.callbackUrl).pathname}`,
          consumerSecret,
          ...(o.bearer === false ? {} : { bearerToken }),
          connectTo: `127.0.0.1:${relay?.port ?? app.port}`,
          caPem: tls.certPem,
          ...(o.rejectStatus ? { rejectStatus: o.rejectStatus } : {}),
          ...(o.probe === false ? {} : { probe: { baseUrl: busy?.url ?? app.probeUrl } }),
          ...(o.settleMs === undefined ? {} : { settleMs: o.settleMs }),
          ...(o.maxConnections === undefined ? {} : { maxConnections: o.maxConnections }),
        },
      },
      close: async () => {
        await relay?.close();
        if (busy) {
          const closed = new Promise<void>((resolve) => busy.server.close(() => resolve()));
          busy.server.closeAllConnections();
          await closed;
        }
        await app.close();
      },
    };
  };
}
