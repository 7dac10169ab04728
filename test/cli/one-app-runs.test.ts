// A property whose cases each need the app alone (`ownTenant`) runs them one after another on a
// target without tenants: ONE_APP_RUNS of them by default, --runs of them when it is given, and
// --runs on a target with tenants. Every output says how many each rule ran, and an --only-failed
// rerun runs as many again.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RUNS, ONE_APP_RUNS } from '../../harness/engine/conform.ts';
import { cli } from '../runners/cli.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), `conform-${p}-`));
const ENV = { CI: 'true', GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' };
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const report = (dir: string) => JSON.parse(read(dir, 'compliance.json'));
/** WH-URL-005: each case registers a callback URL of its own (on a tenant of its own where there are tenants); the fault refuses paths */
const RUN = ['run', '--fault', 'url-path-restricted', '--rule', 'WH-URL-005'];

describe.concurrent('the runs of a property whose cases each need the app alone', () => {
  test('without tenants: ONE_APP_RUNS by default, said by every output and by the reproducer; --only-failed runs as many again', async () => {
    expect(ONE_APP_RUNS).toBeLessThan(DEFAULT_RUNS);
    const dir = tmp('one-app');
    const r = await cli([...RUN, '--no-tenants', '--report-dir', dir, '--report', 'json,md,html,junit'], ENV);
    expect(r.code, r.stderr).toBe(1);
    const doc = report(dir);
    expect(doc.runs).toBe(DEFAULT_RUNS);
    expect(doc.oneAppRuns).toBe(ONE_APP_RUNS);
    const [rule] = doc.rules;
    expect(rule.property).toMatchObject({ runs: ONE_APP_RUNS, oneApp: true });
    expect(rule.property.reproduce).toContain(`--runs ${ONE_APP_RUNS} `);
    const said = `${DEFAULT_RUNS} property runs (${ONE_APP_RUNS} where each case needed the app alone: no tenants)`;
    expect(r.stdout).toContain(said);
    expect(read(dir, 'compliance.md')).toContain(said);
    expect(read(dir, 'compliance.md')).toContain(`${ONE_APP_RUNS} runs (fewer than --runs: each case needed the app alone`);
    expect(read(dir, 'compliance.html')).toContain(`${ONE_APP_RUNS} runs (fewer than --runs: each case needed the app alone`);
    expect(read(dir, 'junit.xml')).toContain('<property name="property.oneApp" value="true"/>');
    expect(read(dir, 'junit.xml')).toContain(`<property name="oneAppRuns" value="${ONE_APP_RUNS}"/>`);

    // the rerun's --runs is the report's (25), and its one-app runs too: not 25 for them
    const again = tmp('one-app-again');
    const rerun = await cli(
      ['run', '--only-failed', join(dir, 'compliance.json'), '--no-tenants', '--report-dir', again, '--report', 'json'],
      ENV,
    );
    expect(rerun.code, rerun.stderr).toBe(1);
    expect(report(again).rules[0].property).toMatchObject({ runs: ONE_APP_RUNS, oneApp: true });
    expect(report(again).oneAppRuns).toBe(ONE_APP_RUNS);
  });

  test('without tenants and with --runs: that many for every property, and nothing said of fewer', async () => {
    const dir = tmp('one-app-runs');
    const r = await cli([...RUN, '--no-tenants', '--runs', String(DEFAULT_RUNS), '--report-dir', dir, '--report', 'json'], ENV);
    expect(r.code, r.stderr).toBe(1);
    const doc = report(dir);
    expect(doc.oneAppRuns).toBeUndefined();
    expect(doc.rules[0].property.runs).toBe(DEFAULT_RUNS);
    expect(doc.rules[0].property.oneApp).toBeUndefined();
    expect(r.stdout).toContain(`${DEFAULT_RUNS} property runs,`);
  });

  test('a property that gives its cases tenants itself (ADS-LST-003), and RP-WIN-001 (a replay job each), run fewer without them too', async () => {
    const dir = tmp('one-app-ads');
    const r = await cli(['run', '--rule', 'ADS-LST-003,RP-WIN-001', '--no-tenants', '--report-dir', dir, '--report', 'json'], ENV);
    expect(r.code, r.stderr).toBe(0);
    const rules = report(dir).rules as { id: string; property: unknown }[];
    expect(rules.map((x) => x.id).sort()).toEqual(['ADS-LST-003', 'RP-WIN-001']);
    for (const x of rules) expect(x.property, x.id).toMatchObject({ runs: ONE_APP_RUNS, oneApp: true });
  });

  test('with tenants: each case on a tenant of its own, --runs of them', async () => {
    const dir = tmp('one-app-tenants');
    const r = await cli([...RUN, '--report-dir', dir, '--report', 'json'], ENV);
    expect(r.code, r.stderr).toBe(1);
    const doc = report(dir);
    expect(doc.oneAppRuns).toBeUndefined();
    expect(doc.rules[0].property).toMatchObject({ runs: DEFAULT_RUNS });
    expect(doc.rules[0].property.oneApp).toBeUndefined();
  });
});
