// A target that floods the callback receiver: at its first webhook registration it POSTs 1 GiB of
// callbacks (4096 bodies of 256 KiB) at the callback URL before it answers. The receiver keeps at
// most limits.maxReceivedBytes (128 MiB by default) of a run's requests and answers the rest 503,
// so the run ends with its memory under 1 GB and every report written; the rule that was running
// ends in error (what it saw is not a verdict), and every output says the receiver was full.
// The same for a target that opens connections to the receiver and leaves them idle: past
// limits.maxReceiverConnections the receiver closes new ones as they arrive.
import { Agent, request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { removeTempDirs } from '../targets/toy/files.ts';
import { idleConnections } from '../targets/toy/outbound.ts';
import { freePort } from '../runners/cli.ts';
import { dataApiConfig, measureRun, tempDir } from './hostile-target/data-api.ts';
import { EMPTY_LIST, json, startHostile } from './hostile-target/server.ts';

afterAll(removeTempDirs);

const BODY = Buffer.alloc(256 * 1024, 'x');
const FLOOD = 4096;

/**
 * the rules that used the receiver while it was full ended in error (some did), and the other
 * reports (Markdown, HTML, JUnit) each say `said`
 */
function expectFullEverywhere(report: { rules: { status: string; reason?: string }[] }, out: string, said: string): void {
  const hit = report.rules.filter((r) => r.reason?.startsWith('the callback receiver was full'));
  expect(hit.length).toBeGreaterThan(0);
  expect(hit.every((r) => r.status === 'error')).toBe(true);
  for (const f of ['compliance.md', 'compliance.html', 'junit.xml']) expect(readFileSync(join(out, f), 'utf8')).toContain(said);
}

/** POSTs BODY to the receiver's path FLOOD times, 4 at once; the statuses it got, counted */
async function flood(port: number, path: string): Promise<Record<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4, rejectUnauthorized: false, servername: 'hooks.conformance.test' });
  const got: Record<number, number> = {};
  let sent = 0;
  const one = () =>
    new Promise<void>((done) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          got[res.statusCode ?? 0] = (got[res.statusCode ?? 0] ?? 0) + 1;
          res.resume();
          res.on('end', done);
        },
      );
      req.on('error', () => done());
      req.end(BODY);
    });
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (sent < FLOOD) {
        sent++;
        await one();
      }
    }),
  );
  agent.destroy();
  return got;
}

test('1 GiB of callbacks: the receiver keeps 128 MiB, the run ends under 1 GB, the rule under way ends in error, every report says so', async () => {
  const port = await freePort();
  let started = false;
  let flooded: Record<number, number> | undefined;
  const s = await startHostile(async (req, res, n) => {
    if (n === 1) return json(res, 200, EMPTY_LIST);
    if (req.method === 'POST' && req.url?.startsWith('/2/webhooks') && !started) {
      started = true;
      let raw = '';
      for await (const c of req) raw += c;
      const url = new URL((JSON.parse(raw) as { url: string }).url);
      flooded = await flood(port, url.pathname);
      return json(res, 200, { data: { id: '1', url: url.href, valid: true, created_at: new Date().toISOString() } });
    }
    return json(res, 404, { title: 'Not Found', type: 'about:blank', status: 404 });
  });
  try {
    const dir = tempDir('flood');
    const out = join(dir, 'out');
    // the flood takes seconds before the registration is answered: the call waits for it
    const got = await measureRun(dataApiConfig(dir, s.url, { requestTimeoutMs: 60_000 }, port), out);
    const report = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8'));
    console.log(
      `flood: ${JSON.stringify(flooded)}, peak RSS ${got.maxRssMiB} MiB, ${got.ms} ms, receiverFull ${JSON.stringify(report.receiverFull)}`,
    );
    expect(got.maxRssMiB).toBeLessThan(1024);
    expect(got.exitCode).toBe(1);
    // 128 MiB of 256 KiB bodies: about 500 recorded, the rest answered 503
    expect(flooded?.[503]).toBeGreaterThan(3000);
    expect(report.receiverFull).toMatchObject({ maxBytes: 128 * 1024 * 1024, refused: flooded?.[503], recorded: flooded?.[200] });
    expect(report.receiverFull.recorded).toBeGreaterThan(400);
    expect(report.receiverFull.recorded).toBeLessThan(520);
    expectFullEverywhere(report, out, 'the callback receiver was full');
  } finally {
    await s.close();
  }
});

test('400 idle connections: the receiver holds 64 (limits.maxReceiverConnections), closes the rest, the rule under way ends in error, every report says so', async () => {
  const port = await freePort();
  let held: TLSSocket[] = [];
  const s = await startHostile(async (req, res, n) => {
    if (n === 1) return json(res, 200, EMPTY_LIST);
    if (req.method === 'POST' && req.url?.startsWith('/2/webhooks') && !held.length) {
      let raw = '';
      for await (const c of req) raw += c;
      const url = new URL((JSON.parse(raw) as { url: string }).url);
      held = await idleConnections({ host: '127.0.0.1', port, servername: 'hooks.conformance.test', n: 400 });
      return json(res, 200, { data: { id: '1', url: url.href, valid: true, created_at: new Date().toISOString() } });
    }
    return json(res, 404, { title: 'Not Found', type: 'about:blank', status: 404 });
  });
  try {
    const dir = tempDir('hoard');
    const out = join(dir, 'out');
    const got = await measureRun(dataApiConfig(dir, s.url, { requestTimeoutMs: 60_000, maxReceiverConnections: 64 }, port), out);
    const report = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8'));
    expect(got.exitCode).toBe(1);
    expect(report.receiverFull).toMatchObject({ maxConnections: 64, refused: 0 });
    // 400 opened, at most 64 held (the run's own connections among them)
    expect(report.receiverFull.droppedConnections).toBeGreaterThanOrEqual(336);
    expectFullEverywhere(report, out, 'limits.maxReceiverConnections');
  } finally {
    for (const h of held) h.destroy();
    await s.close();
  }
});
