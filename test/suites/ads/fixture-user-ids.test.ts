// fixtures.ads.promotableUserIds names promotable user records by their own id. A vendor's sandbox
// configured with the users' user_id instead got "the promotable users carry no user_id" from every
// rule that promotes a user, though the filtered list had listed none: the reason now says that.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { type LocalRun, startLocalTarget } from '../../../harness/engine/local-target.ts';
import { cli } from '../../runners/cli.ts';

let local: LocalRun | undefined;
afterAll(async () => local?.close());

describe('fixtures.ads.promotableUserIds given as user ids', () => {
  test('a rule that promotes a user is not checkable, saying the ids name promotable user records', async () => {
    local = await startLocalTarget(embeddedReference(), { withReceiver: false });
    const target = local.target as { adsApi: unknown; control: { baseUrl: string; token: string } };
    const made = await fetch(`${target.control.baseUrl}/ads/fixtures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.control.token}` },
    });
    const f = (await made.json()) as Record<string, unknown>;
    const dir = mkdtempSync(join(tmpdir(), 'conform-pu-'));
    const fixtures = {
      ads: {
        accountId: f.account_id,
        fundingInstrumentId: f.funding_instrument_id,
        promotableUserIds: ['2244994945'],
        tweetIds: f.tweet_ids,
      },
    };
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ target: { name: 'sandbox', adsApi: target.adsApi }, fixtures }));
    const r = await cli(['run', '--config', join(dir, 'c.json'), '--rule', 'ADS-PA-001', '--report-dir', dir, '--no-allure']);
    const rule = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8')).rules[0];
    expect(rule.status, r.stdout).toBe('not-checkable');
    expect(rule.reason).toMatch(/listed none; they name promotable user records by their id, not by the user's user_id/);
  });
});
