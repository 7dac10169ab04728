// Time a target can take from a run: --timeout for the whole run, one rate-limit budget (a reset an
// hour ahead does not hang the run), a target that dies mid-run stops it after a few connection
// failures in a row, and a call that hangs after an interrupt is ended after a short grace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../targets/toy/files.ts';
import { summaryLines } from '../../cli/output.ts';
import { runCli, tempDir } from './hostile-target/data-api.ts';
import { EMPTY_LIST, json, startHostile } from './hostile-target/server.ts';
import { runHostileToy } from './hostile-target/toy-hostile.ts';

afterAll(removeTempDirs);

const RULES = ['TOY-LIST-001', 'TOY-CREATE-001', 'TOY-CREATE-002', 'TOY-OBS-001'];
const notRun = (rules: { status: string }[]) => rules.filter((r) => r.status === 'not-run').length;

describe('time', () => {
  test('a 429 whose x-rate-limit-reset is an hour ahead: not waited; the run could not go on (exit 2), the rule left unchecked says until when, the rest not run', async () => {
    const s = await startHostile((_req, res, n) => {
      if (n === 1) return json(res, 200, { data: [] });
      const reset = String(Math.floor(Date.now() / 1000) + 3600);
      json(res, 429, { title: 'Too Many Requests' }, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset });
    });
    try {
      const out = await runHostileToy(s.url, { rules: ['TOY-LIST-001', 'TOY-CREATE-001'] });
      const [first, second] = out.report.rules;
      expect(first.status).toBe('not-checkable');
      expect(first.reason).toMatch(
        /^rate limit: the target asked to wait until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(budget spent: 120 s left/,
      );
      expect(second.status).toBe('not-run');
      expect(second.reason).toMatch(/^not reached: the target stopped serving the run: rate limit: the target asked to wait until /);
      expect(out.exitCode).toBe(2);
      expect(out.report.stopReason).toMatch(/^the target stopped serving the run: rate limit/);
      expect(s.log.length).toBeLessThanOrEqual(3);
    } finally {
      await s.close();
    }
  });

  test('short waits come out of one budget for the run; once it is spent the run could not go on (exit 2)', async () => {
    const s = await startHostile((_req, res, n) => (n === 1 ? json(res, 200, { data: [] }) : json(res, 429, {}, { 'retry-after': '1' })));
    try {
      const out = await runHostileToy(s.url, { rules: ['TOY-LIST-001', 'TOY-CREATE-001'], limits: { rateLimitBudgetMs: 1500 } });
      // the first rule waits 1 s once, then the 500 ms left are not enough for the next wait
      expect(out.report.rules.map((r) => r.status)).toEqual(['not-checkable', 'not-run']);
      expect(out.report.rules[0].reason).toContain('(budget spent: 1 s left of limits.rateLimitBudgetMs)');
      expect(out.exitCode).toBe(2);
    } finally {
      await s.close();
    }
  });

  test('a target that answers 429 to everything, without a rate-limit header: it stopped serving the run (exit 2), not a target that breaks the rules', async () => {
    const s = await startHostile((req, res, n) => {
      req.resume();
      if (n === 1) return json(res, 200, EMPTY_LIST);
      json(res, 429, { title: 'Too Many Requests', detail: 'slow down' }, { 'content-type': 'application/problem+json' });
    });
    try {
      const { out, ...r } = await runCli('storm', s.url);
      expect(r.code, r.stderr).toBe(2);
      const report = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8'));
      expect(report.stopReason).toMatch(
        /rate limit: the target answered 429 to the last \d+ calls \(of [A-Z]+-[A-Z]+-\d+, [A-Z]+-[A-Z]+-\d+, [A-Z]+-[A-Z]+-\d+; \d+ endpoint\(s\)\) without a Retry-After/,
      );
      // the rules judged before the third one met a 429 are named there; none passed, and the rest were not run
      const judged = report.rules.filter((x: { status: string }) => x.status === 'passed' || x.status === 'failed');
      expect(judged.length).toBeLessThanOrEqual(2);
      for (const x of judged) expect(report.stopReason).toContain(x.id);
      expect(judged.filter((x: { status: string }) => x.status === 'passed')).toEqual([]);
      expect(report.rules.filter((x: { status: string }) => x.status === 'not-run').length).toBeGreaterThan(90);
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
    // what a rule saw of a lost target is the loss, not a verdict on the target: never `failed`
    expect(out.report.rules.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(out.files.some((f) => f.endsWith('compliance.json'))).toBe(true);
  });

  test('a target that dies before the run removed what it made: every output says what was left, none that it was cleaned up', async () => {
    let s: Awaited<ReturnType<typeof startHostile>>;
    s = await startHostile((req, res) => {
      if (req.method === 'GET') return json(res, 200, { data: [] });
      if (req.method === 'POST') return json(res, 201, { data: { id: '7', name: 'one' } });
      void s.close(); // dies at the DELETE of the cleanup: this connection and every later one is refused
      res.destroy();
    });
    const dir = join(tempDir('left'), 'out');
    const out = await runHostileToy(s.url, { rules: ['TOY-LIST-001', 'TOY-CREATE-002', 'TOY-OBS-001'], reportDir: dir });
    const left = out.report.cleanupProblems ?? [];
    expect(left.length, JSON.stringify(out.report.rules.map((r) => [r.id, r.status, r.reason]))).toBeGreaterThan(0);
    // the item the toy domain keeps is tried again after each rule and at the run's end: one entry, its last try
    expect(left).toEqual([expect.stringMatching(/^item 7: DELETE .*\/toy\/items\/7: not sent: the target was lost/)]);
    const terminal = summaryLines(out.report, out.files).join('\n');
    expect(terminal).toContain(
      `the run could not remove everything it created: ${left.length} cleanup problem(s) at its last try (the first: ${left[0].slice(0, 100)}`,
    );
    expect(terminal).not.toContain('cleaned up');
    const md = readFileSync(join(dir, 'compliance.md'), 'utf8');
    expect(md).toContain('could not remove everything it created');
    expect(readFileSync(join(dir, 'compliance.html'), 'utf8')).toContain('Left on the target');
    expect(JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8')).cleanupProblems).toEqual(left);
  });

  test('a target lost in the middle of a property: the rule ends in error, not failed (what it saw is the loss)', async () => {
    const items: { id: string; name: string }[] = [];
    let s: Awaited<ReturnType<typeof startHostile>>;
    s = await startHostile(async (req, res, n) => {
      if (n > 12) {
        void s.close(); // dies mid-property: this connection and every later one is refused
        res.destroy();
        return;
      }
      if (req.method === 'POST') {
        let raw = '';
        for await (const chunk of req) raw += chunk;
        const body = JSON.parse(raw || '{}') as { name?: string };
        const item = { id: String(items.length + 1), name: body.name ?? '' };
        items.push(item);
        return json(res, 201, { data: item });
      }
      if (req.method === 'DELETE') {
        items.splice(
          items.findIndex((i) => req.url?.endsWith(`/${i.id}`)),
          1,
        );
        res.writeHead(204).end();
        return;
      }
      return json(res, 200, { data: items });
    });
    const out = await runHostileToy(s.url, { rules: ['TOY-PROP-001'] });
    const r = out.byId.get('TOY-PROP-001')!;
    expect(r.status, r.reason).toBe('error');
    expect(r.reason).toMatch(/connection|lost|refused|broke off/i);
  });

  test('--timeout: the run stops when it runs out, writes every report, exits 2', async () => {
    const s = await startHostile(async (req, res) => {
      await new Promise((r) => setTimeout(r, 400));
      if (req.method === 'GET') return json(res, 200, EMPTY_LIST);
      json(res, 400, { title: 'Invalid Request' });
    });
    try {
      const { dir, ...r } = await runCli('deadline', s.url, ['--timeout', '2', '--no-allure']);
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
