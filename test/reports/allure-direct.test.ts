// Allure results written directly from a run (no vitest child): a run of the embedded reference
// with a fault on, so that rules fail, some are not checkable and some observe. One result per
// rule with the rule's own start and duration, the document › section labels, a message on every
// rule that did not pass, attachments on disk without a secret; then `allure generate` (Allure 3
// from npm) builds the HTML report offline from those results.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runConform } from '../../cli/app.ts';
import type { ConformOutcome } from '../../harness/engine/conform.ts';
import type { HttpExchange, RuleResult } from '../../harness/model/result.ts';
import { embeddedReference } from '../../domains/reference.ts';
import { TEST_SEED } from '../runners/run-local.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ALLURE_CLI = join(REPO, 'node_modules', 'allure', 'cli.js');

interface AllureResult {
  uuid: string;
  name: string;
  fullName: string;
  historyId: string;
  testCaseId: string;
  status: string;
  stage: string;
  start: number;
  stop: number;
  statusDetails: { message?: string; trace?: string };
  labels: { name: string; value: string }[];
  links: { name: string; url: string; type: string }[];
  attachments: { name: string; source: string; type: string }[];
}

const labelValues = (r: AllureResult, name: string) => r.labels.filter((l) => l.name === name).map((l) => l.value);

/**
 * Loaded before `allure generate` runs: every way out to the network throws. The report must be
 * built all the same.
 */
const OFFLINE = `data:text/javascript,${encodeURIComponent(`
import net from 'node:net';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
const refuse = (what) => () => { throw new Error('offline test: ' + what + ' refused'); };
net.Socket.prototype.connect = refuse('socket connect');
net.connect = net.createConnection = refuse('net.connect');
dns.lookup = refuse('dns.lookup');
dns.promises.lookup = refuse('dns.promises.lookup');
globalThis.fetch = async () => { throw new Error('offline test: fetch refused'); };
syncBuiltinESMExports();
`)}`;

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: `--import=${OFFLINE}`, NO_COLOR: '1', CI: 'true' };
    for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('Allure results written directly from a run with a fault on', () => {
  let dir: string;
  let out: ConformOutcome;
  let results: AllureResult[];
  let byId: Map<string, AllureResult>;
  let rules: RuleResult[];
  let writeMs = 0;
  const adir = () => join(dir, 'allure-results');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conform-allure-'));
    const t0 = Date.now();
    out = await runConform({
      local: {
        name: 'reference with consumer-no-dedup',
        factory: embeddedReference({ fault: 'consumer-no-dedup' }),
        limits: { deliveryWaitMs: 3000, callbackHoldMs: 10_000 },
        // the conflict rules need held replay jobs: hidden, they are not checkable
        hide: ['control.replayHold'],
      },
      rules: ['CON-EVT-*', 'RP-CONF-*', 'WH-LIM-001'],
      runs: 10,
      seed: TEST_SEED,
      reportDir: dir,
      reports: ['json', 'allure'],
      evidence: 'all',
    });
    writeMs = Date.now() - t0;
    rules = out.report.rules;
    results = readdirSync(adir())
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(adir(), f), 'utf8')) as AllureResult);
    byId = new Map(results.map((r) => [labelValues(r, 'ALLURE_ID')[0], r]));
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the run has failed, not-checkable, observed and passed rules', () => {
    const statuses = new Set(rules.map((r) => r.status));
    for (const s of ['failed', 'not-checkable', 'observed', 'passed']) expect(statuses, s).toContain(s);
    expect(writeMs).toBeLessThan(60_000);
  });

  test('one result file per rule, named "id title", with the rule id as ALLURE_ID, testCaseId and historyId', () => {
    expect(results.length).toBe(rules.length);
    expect([...byId.keys()].sort()).toEqual(rules.map((r) => r.id).sort());
    for (const r of rules) {
      const a = byId.get(r.id)!;
      expect(a.name).toBe(`${r.id} ${r.title}`);
      expect(a.fullName).toBe(`${r.suite}.${r.area}.${r.id}`);
      expect(a.testCaseId).toBe(r.id);
      expect(a.historyId).toBe(r.id);
      expect(a.stage).toBe('finished');
    }
  });

  test("each result starts when its rule started and lasts the rule's duration", () => {
    for (const r of rules) {
      const a = byId.get(r.id)!;
      expect(r.startedAt, r.id).toBeDefined();
      expect(a.start, r.id).toBe(Date.parse(r.startedAt!));
      expect(a.stop - a.start, r.id).toBe(r.durationMs);
    }
    // real durations, not the 0 ms of a test runner replaying the report
    expect(rules.filter((r) => r.durationMs > 0).length).toBeGreaterThan(rules.length / 2);
  });

  test('statuses map: passed/observed → passed, failed → failed, not-checkable → skipped with the reason', () => {
    const want: Record<string, string> = { passed: 'passed', observed: 'passed', failed: 'failed', 'not-checkable': 'skipped' };
    for (const r of rules) {
      const a = byId.get(r.id)!;
      expect(a.status, r.id).toBe(want[r.status]);
      if (r.status === 'not-checkable') {
        expect(r.reason).toBeTruthy();
        expect(a.statusDetails.message).toBe(`not checkable: ${r.reason}`);
      }
      if (r.status === 'failed') {
        expect(a.statusDetails.message).toContain(r.reason!);
        expect(a.statusDetails.trace).toContain(`--rule ${r.id}`);
        expect(a.statusDetails.trace).toContain('curl ');
      }
      if (r.status === 'observed') expect(a.statusDetails.message, r.id).toBeTruthy();
    }
  });

  test('labels: suite = document, parentSuite = suite, subSuite = section, feature = area, severity and tag from the level', () => {
    for (const r of rules) {
      const a = byId.get(r.id)!;
      expect(r.where, r.id).toBeDefined();
      expect(labelValues(a, 'suite'), r.id).toEqual([r.where!.doc]);
      expect(labelValues(a, 'parentSuite'), r.id).toEqual([r.suite]);
      expect(labelValues(a, 'subSuite'), r.id).toEqual([r.where!.section]);
      expect(labelValues(a, 'feature'), r.id).toEqual([r.area]);
      expect(labelValues(a, 'severity'), r.id).toEqual([r.level === 'MUST' ? 'critical' : 'minor']);
      expect(labelValues(a, 'tag'), r.id).toEqual([r.level]);
    }
  });

  test('no label of a test runner: no vitest, framework, language, host, thread or package label', () => {
    for (const a of results) {
      for (const l of a.labels) {
        expect(`${l.name}=${l.value}`).not.toMatch(/vitest/i);
        expect(['framework', 'language', 'host', 'thread', 'package']).not.toContain(l.name);
      }
    }
  });

  test('a link to the source section: ../shared/spec/<doc> with the heading anchor GitHub renders', () => {
    const crc = byId.get('CON-EVT-001')!;
    // "Events › Delivery rules": "Delivery rules:" is a lead-in, not a heading; the link lands on "## Events"
    expect(crc.links).toEqual([
      { name: rules.find((r) => r.id === 'CON-EVT-001')!.source, url: '../shared/spec/data-api-webhooks-replay.md#events', type: 'link' },
    ]);
    for (const r of rules)
      expect(byId.get(r.id)!.links[0].url, r.id).toMatch(
        new RegExp(`^\\.\\./shared/spec/${r.where!.doc.replace(/\./g, '\\.')}#[a-z0-9-]+$`),
      );
  });

  test('attachments: each exchange as JSON, the reproducers as text; all on disk', () => {
    const onDisk = new Set(readdirSync(adir()));
    for (const r of rules) {
      const a = byId.get(r.id)!;
      const exchanges = r.evidence.filter((e): e is HttpExchange => 'request' in e);
      const attached = a.attachments.filter((x) => x.name.startsWith('exchange #'));
      expect(attached.length, r.id).toBe(exchanges.length);
      for (const [i, x] of attached.entries()) {
        expect(x.type).toBe('application/json');
        expect(onDisk.has(x.source), x.source).toBe(true);
        const body = JSON.parse(readFileSync(join(adir(), x.source), 'utf8')) as HttpExchange;
        expect(body.request.method).toBe(exchanges[i].request.method);
        expect(body.request.url).toBe(exchanges[i].request.url);
      }
      for (const x of a.attachments) expect(onDisk.has(x.source), `${r.id} ${x.name}`).toBe(true);
      const conformLine = a.attachments.find((x) => x.name === 'reproduce (conform)');
      expect(readFileSync(join(adir(), conformLine!.source), 'utf8')).toMatch(new RegExp(`^conform run .*--rule ${r.id} --seed \\d+`));
      if (r.status === 'failed') {
        const curl = a.attachments.find((x) => x.name === 'reproduce (curl)');
        expect(readFileSync(join(adir(), curl!.source), 'utf8')).toBe(r.curl);
      }
    }
  });

  test("no file of the results holds one of the run's secrets, raw, URL-encoded or Base64", () => {
    const secrets = out.secrets.filter((s) => s.length >= 4);
    expect(secrets.length).toBeGreaterThan(0);
    const forms = secrets.flatMap((s) => [
      s,
      encodeURIComponent(s),
      Buffer.from(s).toString('base64'),
      Buffer.from(s).toString('base64url'),
    ]);
    const files = readdirSync(adir());
    expect(files.length).toBeGreaterThan(rules.length);
    for (const f of files) {
      const text = readFileSync(join(adir(), f), 'utf8');
      for (const s of forms) expect(text.includes(s), `${f} holds a secret`).toBe(false);
    }
  });

  test('environment, categories and executor files describe the run', () => {
    const env = readFileSync(join(adir(), 'environment.properties'), 'utf8');
    expect(env).toContain(`target=${out.report.target.name}`);
    expect(env).toContain(`seed=${TEST_SEED}`);
    expect(env).toContain(`harnessVersion=${out.report.harnessVersion}`);
    expect(env).toContain(`dataApi=${out.report.target.dataApi}`);
    const categories = JSON.parse(readFileSync(join(adir(), 'categories.json'), 'utf8')) as { name: string }[];
    expect(categories.map((c) => c.name)).toContain('Not checkable on this target');
    expect(JSON.parse(readFileSync(join(adir(), 'executor.json'), 'utf8'))).toMatchObject({ name: 'conform' });
  });

  test('`allure generate` builds the HTML report offline, with the real durations', async () => {
    const reportDir = join(dir, 'allure-report');
    const { code, output } = await run(process.execPath, [ALLURE_CLI, 'generate', adir(), '-o', reportDir], dir);
    expect(code, output).toBe(0);
    expect(existsSync(join(reportDir, 'index.html'))).toBe(true);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { stats: Record<string, number> };
    expect(summary.stats.total).toBe(rules.length);
    expect(summary.stats.failed).toBe(rules.filter((r) => r.status === 'failed').length);
    const shown = readdirSync(join(reportDir, 'data', 'test-results')).map(
      (f) => JSON.parse(readFileSync(join(reportDir, 'data', 'test-results', f), 'utf8')) as { name: string; duration: number },
    );
    expect(shown.length).toBe(rules.length);
    for (const r of rules) expect(shown.find((s) => s.name.startsWith(`${r.id} `))?.duration, r.id).toBe(r.durationMs);
  }, 120_000);
});
