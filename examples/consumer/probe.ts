// The test-mode probe (TARGET-CONTRACT §6), on its own plain-http port:
// GET /__probe/processed → {"events":[{id, kind, count}]}; POST /__probe/reset → 204, forgets everything.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ProcessedEvent } from './store.ts';

export const PROBE_BASE = '/__probe';

export interface ProbeHooks {
  processed(): ProcessedEvent[];
  reset(): void;
}

function handle(hooks: ProbeHooks, req: IncomingMessage, res: ServerResponse): void {
  req.resume(); // the probe reads no body
  const path = new URL(req.url ?? '/', 'http://probe').pathname;
  const route: Record<string, { method: string; run: () => void }> = {
    [`${PROBE_BASE}/processed`]: {
      method: 'GET',
      run: () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ events: hooks.processed() }));
      },
    },
    [`${PROBE_BASE}/reset`]: {
      method: 'POST',
      run: () => {
        hooks.reset();
        res.writeHead(204).end();
      },
    },
  };
  const r = Object.hasOwn(route, path) ? route[path] : undefined;
  if (!r) res.writeHead(404).end();
  else if (req.method !== r.method) res.writeHead(405, { allow: r.method }).end();
  else r.run();
}

export function createProbeServer(hooks: ProbeHooks): Server {
  return createServer((req, res) => handle(hooks, req, res));
}
