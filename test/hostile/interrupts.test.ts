// SIGINT and SIGTERM mid-run, also through `npm run conform` (npm passes SIGTERM to a shell that
// does not pass it on): no rule starts after it, the reports are written with the rules left
// not-run, exit 130 / 143, and nothing of the run is left (no process, no listening receiver).
import { readFileSync, readdirSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BIN, freePort } from '../runners/cli.ts';
import { ROOT } from '../runners/paths.ts';
import { dataApiConfig, spawnRun, tempDir } from './hostile-target/data-api.ts';
import { EMPTY_LIST, json, startHostile } from './hostile-target/server.ts';
import { STOPPED_CALL_MS } from '../../harness/engine/stop.ts';

const RULE_LINE = /^\[\s*\d+\/\d+\] (PASS|FAIL|ERR |N\/C |OBS ) /m;

/** A Data API that answers every call after 300 ms: GETs an empty list, anything else 400. */
function slowTarget() {
  return startHostile(async (req, res) => {
    await new Promise((r) => setTimeout(r, 300));
    if (req.method === 'GET') return json(res, 200, EMPTY_LIST);
    json(res, 400, { title: 'Invalid Request', type: 'about:blank', detail: 'no' });
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.on('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.on('error', () => resolve(false));
  });
}

/** a free port under the ephemeral range (/proc/sys/net/ipv4/ip_local_port_range), which listen(0) never hands out */
async function freePortBelowEphemeral(): Promise<number> {
  const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  for (;;) {
    const port = 10000 + Math.floor(Math.random() * (low - 10000));
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** pids of processes whose command line mentions `marker` */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

interface Report {
  interrupted?: boolean;
  stopReason?: string;
  rules: { id: string; status: string; reason?: string }[];
}

async function interruptedRun(how: { npm?: boolean; signal: NodeJS.Signals; twice?: boolean }) {
  const s = await slowTarget();
  try {
    const dir = tempDir('sig');
    const out = join(dir, 'out');
    // below the system's ephemeral ports: no listen(0) of a test beside it is given this port once the
    // run has freed it, so a listener found on it afterwards is the run's
    const port = await freePortBelowEphemeral();
    const config = dataApiConfig(dir, s.url, {}, port);
    const args = ['--config', config, '--report-dir', out, '--no-allure', '--runs', '3'];
    let sent = false;
    const onStderr = (all: string, pid: number) => {
      if (sent || !RULE_LINE.test(all)) return;
      sent = true;
      process.kill(pid, how.signal);
      if (how.twice) setTimeout(() => process.kill(pid, how.signal), 100);
    };
    const r = how.npm
      ? await spawnRun('npm', ['run', '--silent', 'conform', '--', ...args], { cwd: ROOT, onStderr })
      : await spawnRun(process.execPath, [BIN, 'run', ...args], { onStderr });
    // 'close' waits for every holder of the pipes: the node process under npm has ended too
    expect(processesWith(out)).toEqual([]);
    expect(await listening(port)).toBe(false);
    return { r, out, requests: s.log.length };
  } finally {
    await s.close();
  }
}

function readReport(out: string): Report {
  return JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Report;
}

describe('interrupts', () => {
  test('SIGTERM to `npm run conform` mid-run: the run cleans up, writes every report with the rest not-run, and ends', async () => {
    const { r, out } = await interruptedRun({ npm: true, signal: 'SIGTERM' });
    expect(r.code === 143 || r.signal === 'SIGTERM', `npm ended with ${r.code ?? r.signal}`).toBe(true);
    const report = readReport(out);
    expect(report.interrupted).toBe(true);
    expect(report.stopReason).toBe('the run was interrupted (SIGTERM)');
    const notRun = report.rules.filter((x) => x.status === 'not-run');
    expect(notRun.length).toBeGreaterThan(0);
    expect(notRun.at(-1)!.reason).toBe('not reached: the run was interrupted (SIGTERM)');
    for (const f of ['compliance.html', 'compliance.md', 'junit.xml']) expect(readdirSync(out)).toContain(f);
  });

  test('SIGTERM to the node process: exit 143', async () => {
    const { r, out } = await interruptedRun({ signal: 'SIGTERM' });
    expect(r.code, r.stderr).toBe(143);
    expect(r.stdout).toMatch(/interrupted: the run was interrupted \(SIGTERM\); \d+ rule\(s\) ran, \d+ not run/);
    expect(readReport(out).rules.some((x) => x.status === 'not-run')).toBe(true);
  });

  test('SIGINT: exit 130; a second one leaves at once', async () => {
    const once = await interruptedRun({ signal: 'SIGINT' });
    expect(once.r.code).toBe(130);
    expect(readReport(once.out).stopReason).toBe('the run was interrupted (SIGINT)');
    const twice = await interruptedRun({ signal: 'SIGINT', twice: true });
    expect(twice.r.code).toBe(130);
    expect(twice.r.stderr).toContain(
      'SIGINT again: leaving at once (reports not written, cleanup not finished: conform sweep removes what the run left)',
    );
  });

  test('SIGINT while the cleanup waits for DELETEs the target never answers: each waits seconds, not limits.requestTimeoutMs', async () => {
    // registrations succeed; every DELETE is left unanswered, and the first one is when the run is interrupted
    let pid = 0;
    let interrupted = false;
    const s = await startHostile(async (req, res) => {
      for await (const _ of req);
      if (req.method === 'DELETE') {
        if (!interrupted) process.kill(pid, 'SIGINT');
        interrupted = true;
        return;
      }
      if (req.method === 'POST')
        return json(res, 200, { data: { id: '17', url: 'https://x.test/cb', valid: true, created_at: new Date().toISOString() } });
      json(res, 200, EMPTY_LIST);
    });
    try {
      const dir = tempDir('sig-cleanup');
      const out = join(dir, 'out');
      const config = dataApiConfig(dir, s.url, { requestTimeoutMs: 30_000 }, await freePort());
      const r = await spawnRun(
        process.execPath,
        [BIN, 'run', '--config', config, '--report-dir', out, '--rule', 'WH-CRC-002', '--no-allure'],
        {
          onSpawn: (p) => {
            pid = p;
          },
        },
      );
      expect(r.code, r.stderr).toBe(130);
      const report = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as { cleanupProblems?: string[] };
      // what the run could not remove is said, each DELETE having waited the stopped run's bound
      expect(report.cleanupProblems?.join('\n')).toMatch(
        new RegExp(`no answer within ${STOPPED_CALL_MS} ms|ended: the run was interrupted`),
      );
      expect(report.cleanupProblems?.join('\n')).not.toContain('no answer within 30000 ms');
    } finally {
      await s.close();
    }
  });
});
