// Exchanges reach the evidence of the work that made them, also when two pieces of work run side
// by side on one client (the prerequisite of running rules concurrently); run-wide sinks see all.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import type { HttpExchange } from '../../../harness/model/result.ts';
import { HttpClient } from '../../../harness/target/http.ts';

test('two scopes interleaving on one client each get only their own exchanges', async () => {
  const server = createServer((req, res) =>
    setTimeout(() => res.end('{}'), Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms'))),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const c = new HttpClient({ timeoutMs: 5000 });
  const all: HttpExchange[] = [];
  c.addSink((x) => all.push(x));
  const a: HttpExchange[] = [];
  const b: HttpExchange[] = [];
  const work = (tag: string, into: HttpExchange[], delays: number[]) =>
    c.withSink(
      (x) => into.push(x),
      async () => {
        for (const ms of delays) await c.send('GET', `${base}/${tag}?ms=${ms}`);
      },
    );
  await Promise.all([work('a', a, [30, 1, 30, 1]), work('b', b, [1, 30, 1, 30, 1])]);
  await c.close();
  await new Promise((r) => server.close(r));
  expect(a.map((x) => new URL(x.request.url).pathname)).toEqual(['/a', '/a', '/a', '/a']);
  expect(b.map((x) => new URL(x.request.url).pathname)).toEqual(['/b', '/b', '/b', '/b', '/b']);
  expect(all).toHaveLength(9);
});
