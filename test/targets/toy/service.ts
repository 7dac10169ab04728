// The toy service the engine tests run against: a few item endpoints under /toy, a test-control
// API under /__control and one outbound callback. Options make it misbehave, one way each, so
// that the tests can see what the engine reports for a broken rule.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { callBack, hoardConnections } from './outbound.ts';

export interface ToyOptions {
  /** POST /toy/items without a name creates an item (TOY-CREATE-001 fails) */
  acceptMissingName?: boolean;
  /** a created item is answered without its id (TOY-CREATE-002 fails) */
  omitId?: boolean;
  /** only the first this many created items are answered without their id (TOY-CREATE-002 fails its first attempt) */
  omitIdTimes?: number;
  /** GET /toy/items/:id answers text, not JSON (the toy client throws a plain Error) */
  garbleItem?: boolean;
  /** names longer than this are refused with 400 (TOY-PROP-001 fails, with a counterexample) */
  maxNameLength?: number;
  /** DELETE of an unknown id drops the connection (the OBSERVE rule cannot observe) */
  dropUnknownDelete?: boolean;
  /** DELETE answers 500 (cleanup problems) */
  failDeletes?: boolean;
  /** POST /__control/events answers without calling back (TOY-HOOK-001 fails) */
  skipCallback?: boolean;
  /** POST /__control/events first (or, `after`, last) POSTs `count` bodies of `bytes` bytes to the callback URL, one after another */
  flood?: { count: number; bytes: number; after?: boolean };
  /** POST /__control/events first opens this many TLS connections to the callback host and leaves them idle */
  hoard?: number;
  /** the 400 for a missing name quotes the bearer token (reports must redact it) */
  leakToken?: boolean;
  /** the item limit the service enforces and reports (default 3) */
  maxItems?: number;
  /** flags /__control/capabilities reports (default clock and toyEvents true; null: not named at all) */
  flags?: { clock?: boolean | null; toyEvents?: boolean | null };
  /** items that exist from the start and survive a reset */
  fixtureIds?: string[];
  /** called on every item created (a test's hook into the middle of a rule) */
  onCreate?: (id: string) => void;
  /** outbound host mapping for callbacks ("host:443" -> "127.0.0.1:port") */
  resolve?: Record<string, string>;
  /** an extra CA to trust for callbacks */
  trustCaPem?: string;
}

export interface ToyItem {
  id: string;
  name: string;
  created_at: string;
}

export interface ToyService {
  baseUrl: string;
  controlBaseUrl: string;
  token: string;
  controlToken: string;
  items: Map<string, ToyItem>;
  /** "METHOD /path" of every request, in order */
  log: string[];
  /** names of every POST /toy/items, in order */
  names: unknown[];
  /** the most items that existed at once */
  peak: number;
  close(): Promise<void>;
}

const START_CLOCK = Date.parse('2026-01-01T00:00:00Z');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startToyService(o: ToyOptions = {}): Promise<ToyService> {
  const token = randomBytes(12).toString('hex');
  const controlToken = randomBytes(12).toString('hex');
  const maxItems = o.maxItems ?? 3;
  const items = new Map<string, ToyItem>();
  const log: string[] = [];
  const names: unknown[] = [];
  let clock = START_CLOCK;
  let next = 1;
  let peak = 0;
  const seedFixtures = () => {
    for (const id of o.fixtureIds ?? []) items.set(id, { id, name: `fixture ${id}`, created_at: new Date(START_CLOCK).toISOString() });
  };
  seedFixtures();

  const items_ = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: 'unauthorized' });
    if (path === '/toy/items' && req.method === 'GET') return send(res, 200, { data: [...items.values()] });
    if (path === '/toy/items' && req.method === 'POST') {
      const name = ((await readJson(req)) as { name?: unknown } | undefined)?.name;
      names.push(name);
      if ((typeof name !== 'string' || name === '') && !o.acceptMissingName) {
        return send(res, 400, { error: o.leakToken ? `name is required (token ${token})` : 'name is required' });
      }
      if (typeof name === 'string' && o.maxNameLength !== undefined && name.length > o.maxNameLength)
        return send(res, 400, { error: 'name too long' });
      if (items.size >= maxItems) return send(res, 409, { error: 'item limit reached' });
      const item: ToyItem = { id: `i${next++}`, name: typeof name === 'string' ? name : '', created_at: new Date(clock).toISOString() };
      items.set(item.id, item);
      peak = Math.max(peak, items.size);
      o.onCreate?.(item.id);
      const { id, ...rest } = item;
      const omit = o.omitId || next - 1 <= (o.omitIdTimes ?? 0);
      return send(res, 201, { data: omit ? rest : { id, ...rest } });
    }
    const m = /^\/toy\/items\/([^/]+)$/.exec(path);
    if (!m) return send(res, 404, { error: 'no such endpoint' });
    const id = decodeURIComponent(m[1]);
    const item = items.get(id);
    if (req.method === 'GET') {
      if (!item) return send(res, 404, { error: 'no such item' });
      if (o.garbleItem) return res.writeHead(200, { 'content-type': 'text/plain' }).end(`item ${id}!`);
      return send(res, 200, { data: item });
    }
    if (req.method === 'DELETE') {
      if (o.failDeletes) return send(res, 500, { error: 'cannot delete today' });
      if (!item) {
        if (o.dropUnknownDelete) return void req.socket.destroy();
        return send(res, 404, { error: 'no such item' });
      }
      items.delete(id);
      return send(res, 204);
    }
    return send(res, 405, { error: 'method not allowed' });
  };

  const hoarded: TLSSocket[] = [];
  const control = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers.authorization !== `Bearer ${controlToken}`) return send(res, 401, { error: 'unauthorized' });
    const at = `${req.method} ${path}`;
    if (at === 'GET /capabilities') {
      return send(res, 200, {
        ...(o.flags?.clock === null ? {} : { clock: o.flags?.clock ?? true }),
        ...(o.flags?.toyEvents === null ? {} : { toyEvents: o.flags?.toyEvents ?? true }),
        limits: { maxItems },
      });
    }
    if (at === 'POST /reset') {
      items.clear();
      seedFixtures();
      return send(res, 204);
    }
    if (at === 'GET /clock') return send(res, 200, { now: new Date(clock).toISOString() });
    if (at === 'POST /clock') {
      clock += 1000 * Number(((await readJson(req)) as { advance_seconds?: unknown } | undefined)?.advance_seconds ?? 0);
      return send(res, 200, { now: new Date(clock).toISOString() });
    }
    if (at === 'POST /events') {
      const url = ((await readJson(req)) as { url?: unknown } | undefined)?.url;
      if (typeof url !== 'string') return send(res, 400, { error: 'url is required' });
      if (o.skipCallback) return send(res, 200, { delivered: 'skipped' });
      const flood = async () => {
        for (let i = 0; i < (o.flood?.count ?? 0); i++) await callBack(url, { event: 'flood', pad: 'x'.repeat(o.flood?.bytes ?? 0) }, o);
      };
      if (!o.flood?.after) await flood();
      if (o.hoard) hoarded.push(...(await hoardConnections(url, o, o.hoard)));
      const delivered = await callBack(url, { event: 'ping', items: items.size }, o);
      if (o.flood?.after) await flood();
      return send(res, 200, { delivered });
    }
    return send(res, 404, { error: 'no such control endpoint' });
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    log.push(`${req.method} ${path}`);
    const handle = path.startsWith('/__control/') ? control(req, res, path.slice('/__control'.length)) : items_(req, res, path);
    handle.catch((e: unknown) => send(res, 500, { error: String(e) }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/toy`,
    controlBaseUrl: `${base}/__control`,
    token,
    controlToken,
    items,
    log,
    names,
    get peak() {
      return peak;
    },
    close: () =>
      new Promise<void>((ok) => {
        for (const s of hoarded) s.destroy();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
