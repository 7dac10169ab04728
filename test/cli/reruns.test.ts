// What a rerun and a merge may not hide: --only-failed reruns against the target the report was
// made against (its --fault, --choice or --config) or refuses another; a merge of some shards only
// is not a pass (exit 2, the report says which are missing).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli, consumerShards } from '../runners/cli.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), `conform-${p}-`));
const ENV = { CI: 'true', GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' };
const report = (dir: string) => JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));

describe.concurrent('reruns and merges', () => {
  test('--only-failed after --fault: without target options it reruns against that fault; another target is refused', async () => {
    const dir = tmp('fault');
    const first = await cli(['run', '--fault', 'url-path-restricted', '--rule', 'WH-URL-*', '--report-dir', dir, '--report', 'json'], ENV);
    expect(first.code).toBe(1);
    const failed = report(dir)
      .rules.filter((r: { status: string }) => r.status === 'failed')
      .map((r: { id: string }) => r.id);
    expect(failed.length).toBeGreaterThan(0);
    const again = tmp('again');
    const rerun = await cli(['run', '--only-failed', join(dir, 'compliance.json'), '--report-dir', again, '--report', 'json'], ENV);
    expect(rerun.code, rerun.stderr).toBe(1);
    const second = report(again);
    expect(second.target.name).toBe('embedded reference with fault url-path-restricted');
    expect(second.rules.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual(failed.map((id: string) => [id, 'failed']));
    const other = await cli(
      ['run', '--only-failed', join(dir, 'compliance.json'), '--fault', 'crc-empty-token', '--report-dir', tmp('x')],
      ENV,
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/that report was made against --fault url-path-restricted, not --fault crc-empty-token/);
  });

  test('a curl line from an embedded run says how to start that reference again, naming the variables it uses', async () => {
    const dir = tmp('curl');
    const r = await cli(
      ['run', '--fault', 'url-path-restricted', '--rule', 'WH-URL-005', '--no-tenants', '--report-dir', dir, '--report', 'json'],
      ENV,
    );
    expect(r.code).toBe(1);
    const curl = report(dir).rules[0].curl as string;
    const [note, start, call] = curl.split('\n');
    expect(note).toMatch(/^# the target ended with the run; start one like it first/);
    expect(start).toMatch(
      /^# npx conform reference --port (\d+) --bearer-token "\$\{BEARER_TOKEN\}" --consumer-secret "\$\{CONSUMER_SECRET\}" --control-token "\$\{CONTROL_TOKEN\}" --fault url-path-restricted$/,
    );
    const port = /--port (\d+)/.exec(start)![1];
    expect(call).toContain(`http://127.0.0.1:${port}/2/webhooks`);
    expect(call).toContain(`--oauth2-bearer "\${BEARER_TOKEN}"`);
  });

  test('a curl line of a call sent on a tenant says how to make one, and names its token TENANT_BEARER_TOKEN', async () => {
    const dir = tmp('curl-tenant');
    const r = await cli(['run', '--fault', 'url-path-restricted', '--rule', 'WH-URL-005', '--report-dir', dir, '--report', 'json'], ENV);
    expect(r.code).toBe(1);
    const lines = (report(dir).rules[0].curl as string).split('\n');
    expect(lines[0]).toMatch(/^# the target ended with the run; start one like it first/);
    expect(lines[2]).toMatch(
      /^# it was sent on a tenant of the target: make one \(POST \/tenants of the control API\) and set TENANT_BEARER_TOKEN/,
    );
    expect(lines[3]).toContain(`--oauth2-bearer "\${TENANT_BEARER_TOKEN}"`);
  });

  test('merging shards 1 and 2 of 3 is not a pass: exit 2, the merged report names the missing shard', async () => {
    const dirs = [tmp('p1'), tmp('p2')];
    await consumerShards(dirs, 3, ENV);
    const out = tmp('partial');
    const m = await cli(['merge', ...dirs, '--report-dir', out, '--no-allure'], ENV);
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('shard(s) 3 of 3 are missing: their rules were not run');
    const merged = report(out);
    expect(merged.interrupted).toBe(true);
    expect(merged.stopReason).toContain('shard(s) 3 of 3 are missing');
  });
});
