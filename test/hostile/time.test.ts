// Time a target can take from a run: --timeout for the whole run, one rate-limit budget (a reset an
// hour ahead does not hang the run), a target that dies mid-run stops it after a few connection
// failures in a row, and a call that hangs after an interrupt is ended after a short grace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../targets/toy/files.ts';
import { BIN } from '../runners/cli.ts';
import { dataApiConfig, spawnRun, tempDir } from './hostile-target/data-api.ts';
import { EMPTY_LIST, json, startHostile } from './hostile-target/server.ts';
import { runHostileToy } from './hostile-target/toy-hostile.ts';

afterAll(removeTempDirs);

const RULES = ['TOY-LIST-001', 'TOY-CREATE-001', 'TOY-CREATE-002', 'TOY-OBS-001'];
const notRun = (rules: { status: string }[]) => rules.filter((r) => r.status === 'not-run').length;

describe('time', () => {
  test('a 429 whose x-rate-limit-reset is an hour ahead: not waited, the rules are not checkable saying until when', async () => {
    const s = await startHostile((_req, res, n) => {
      if (n === 1) return json(res, 200, { data: [] });
      const reset = String(Math.floor(Date.now() / 1000) + 3600);
      json(res, 429, { title: 'Too Many Requests' }, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset });
    });
    try {
      const out = await runHostileToy(s.url, { rules: ['TOY-LIST-001', 'TOY-CREATE-001'] });
      for (const id of ['TOY-LIST-001', 'TOY-CREATE-001']) {
        const r = out.byId.get(id)!;
        expect(r.status).toBe('not-checkable');
        expect(r.reason).toMatch(/^rate limit: the target asked to wait until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(budget spent: 120 s left/);
      }
      expect(s.log).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  test('short waits come out of one budget for the run; once it is spent the rest is not checkable', async () => {
    const s = await startHostile((_req, res, n) => (n === 1 ? json(res, 200, { data: [] }) : json(res, 429, {}, { 'retry-after': '1' })));
    try {
      const out = await runHostileToy(s.url, { rules: ['TOY-LIST-001', 'TOY-CREATE-001'], limits: { rateLimitBudgetMs: 1500 } });
      // the first rule waits 1 s once, then the 500 ms left are not enough for the next wait
      expect(out.report.rules.map((r) => r.status)).toEqual(['not-checkable', 'not-checkable']);
      expect(out.report.rules[1].reason).toContain('(budget spent: 1 s left of limits.rateLimitBudgetMs)');
    } finally {
      await s.close();
    }
  });

  test('a target that dies mid-run: after 3 connection failures in a row the run stops with exit 2, the rest not-run', async () => {
    let s: Awaited<ReturnType<typeof startHostile>>;
    s = await startHostile((req, res, n) => {
      if (n < 3) return json(res, 200, { data: [] });
      void s.close(); // dies: this connection and every later one is refused
      res.destroy();
      void req;
    });
    const out = await runHostileToy(s.url, { rules: [...RULES, 'TOY-GET-001', 'TOY-PROP-001'], reportDir: join(tempDir('dies'), 'out') });
    expect(out.exitCode).toBe(2);
    expect(out.report.stopReason).toMatch(
      /^the target was lost: 3 connection failures in a row, the last: [A-Z]+ .*connection refused \(ECONNREFUSED\)/,
    );
    expect(notRun(out.report.rules)).toBeGreaterThan(0);
    expect(out.files.some((f) => f.endsWith('compliance.json'))).toBe(true);
  });

  test('--timeout: the run stops when it runs out, writes every report, exits 2', async () => {
    const s = await startHostile(async (req, res) => {
      await new Promise((r) => setTimeout(r, 400));
      if (req.method === 'GET') return json(res, 200, EMPTY_LIST);
      json(res, 400, { title: 'Invalid Request' });
    });
    try {
      const dir = tempDir('deadline');
      const r = await spawnRun(process.execPath, [
        BIN,
        'run',
        '--config',
        dataApiConfig(dir, s.url),
        '--timeout',
        '2',
        '--report-dir',
        join(dir, 'out'),
        '--no-allure',
      ]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain("conform: the run's time limit (--timeout 2) ran out");
      const report = JSON.parse(readFileSync(join(dir, 'out', 'compliance.json'), 'utf8')) as {
        rules: { status: string; reason?: string }[];
      };
      expect(notRun(report.rules)).toBeGreaterThan(0);
      expect(report.rules.at(-1)!.reason).toBe("not reached: the run's time limit (--timeout 2) ran out");
    } finally {
      await s.close();
    }
  });

  test('stopped while a call hangs: after a short grace the call is ended, the rule is not-run, and the run ends', async () => {
    const stop = new AbortController();
    const s = await startHostile((req, res, n) => {
      if (n === 1) return json(res, 200, { data: [] });
      if (req.method === 'POST') return void stop.abort(); // and never answers
      json(res, 200, { data: [] });
    });
    try {
      const out = await runHostileToy(s.url, { rules: RULES, stop: stop.signal, limits: { requestTimeoutMs: 60_000 } });
      expect(out.exitCode).toBe(130);
      const r = out.byId.get('TOY-CREATE-001')!;
      expect(r.status).toBe('not-run');
      expect(r.reason).toBe('the run was interrupted (SIGINT): ended while it ran (what it created was cleaned up)');
      expect(out.byId.get('TOY-OBS-001')!.reason).toBe('not reached: the run was interrupted (SIGINT)');
    } finally {
      await s.close();
    }
  });
});
