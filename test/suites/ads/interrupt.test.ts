// An interrupted ads run leaves nothing on the target: against the emulator (`conform reference`)
// without its control API (so no reset can hide what a run leaves), with the account and records
// in the config's fixtures as on a vendor sandbox, Ctrl-C in the middle of the run ends with
// exit 130, full reports, and the account as it was before the run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, freePort } from '../../runners/cli.ts';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

function start(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

/** resolves when the stream has printed text matching `re` */
function waitFor(stream: NodeJS.ReadableStream, re: RegExp, ms = 30_000): Promise<string> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`never printed ${re}: ${seen}`)), ms);
    stream.on('data', (d) => {
      seen += String(d);
      if (re.test(seen)) {
        clearTimeout(t);
        resolve(seen);
      }
    });
  });
}

describe('an interrupted ads run', () => {
  test('cleans up: the account and the sandbox hold what they held before the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-ads-int-'));
    const file = join(dir, 'emulator.json');
    const emulator = start(['reference', '--port', String(await freePort()), '--write-config', file]);
    await waitFor(emulator.stdout!, /config written to/);
    const { target } = JSON.parse(readFileSync(file, 'utf8'));
    const ads = target.adsApi as { baseUrl: string; sandboxUrl: string; auth: { token: string } };
    const get = async (url: string) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${ads.auth.token}` } });
      expect(res.status, url).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown>[] }).data;
    };
    // fixtures as a vendor sandbox would name them, then no control API
    const made = await fetch(`${target.control.baseUrl}/ads/fixtures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.control.token}` },
    });
    const f = (await made.json()) as Record<string, unknown>;
    const config = join(dir, 'sandbox.json');
    const fixtures = {
      ads: {
        accountId: f.account_id,
        fundingInstrumentId: f.funding_instrument_id,
        promotableUserIds: f.promotable_user_ids,
        tweetIds: f.tweet_ids,
        curatedCategoryIds: f.curated_category_ids,
      },
    };
    writeFileSync(config, JSON.stringify({ target: { name: 'sandbox', adsApi: target.adsApi }, fixtures }));
    const account = `${ads.baseUrl}/12/accounts/${f.account_id}`;
    const sandboxAccounts = async () => (await get(`${ads.sandboxUrl}/12/accounts?count=1000`)).map((a) => a.id).sort();
    const before = await sandboxAccounts();

    const run = start(['run', '--config', config, '--suite', 'ads', '--report-dir', dir, '--no-allure', '--runs', '5']);
    let out = '';
    run.stdout!.on('data', (d) => {
      out += String(d);
    });
    const exited = new Promise<number | null>((resolve) => run.on('exit', (c) => resolve(c)));
    await waitFor(run.stderr!, /^\[\s*\d+\/\d+\] (PASS|FAIL|N\/C|OBS|ERR).*\n\[\s*\d+\/\d+\] (PASS|FAIL|N\/C|OBS|ERR)/m);
    run.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(out).toMatch(/interrupted/);
    const report = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));
    expect(report.interrupted).toBe(true);
    expect(report.rules.some((r: { status: string }) => r.status === 'not-run')).toBe(true);

    const live = (rs: Record<string, unknown>[]) => rs.filter((r) => r.deleted !== true).map((r) => `${r.id} ${r.name}`);
    expect(live(await get(`${account}/campaigns?count=1000&with_draft=true`))).toEqual([]);
    expect(live(await get(`${account}/line_items?count=1000`))).toEqual([]);
    expect(await sandboxAccounts()).toEqual(before);
  });
});
