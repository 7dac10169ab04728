// A target whose line items carry their id as a JSON number ("All identifiers are strings unless
// stated" broken; an outside sandbox answered 1700039080265469764): what the run made is still
// removed, by the digits the target wrote, not by the nearest JavaScript number.
import { afterAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../../../harness/target/http.ts';
import { AdsApiClient } from '../../../suites/ads/client/ads-api.ts';
import { createdRecords, withExactIds } from '../../../suites/ads/client/created.ts';
import { sweepAds } from '../../../suites/ads/sweep.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { runLocal } from '../../runners/run-local.ts';
import { withFakeAdsTarget } from './fake-ads-target.ts';

const BIG = '1700039080265469764';
const http = new HttpClient({ timeoutMs: 5000 });
afterAll(async () => {
  await http.close();
});

describe('records whose id is a JSON number', () => {
  test('a created record is deleted by the digits the answer wrote', () => {
    const text = `{"data":{"id":${BIG},"name":"conform-0a1b2c3d-line-item-1"}}`;
    const body = JSON.parse(text);
    expect(String(body.data.id)).not.toBe(BIG);
    expect(createdRecords('/accounts/a/line_items', false, withExactIds(text, body)).map((c) => c.path)).toEqual([
      `/accounts/a/line_items/${BIG}`,
    ]);
  });

  test("the run's end finds them by name and deletes them by the digits the list wrote", async () => {
    const deleted: string[] = [];
    await withFakeAdsTarget(
      (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        res.setHeader('content-type', 'application/json');
        if (req.method === 'DELETE') {
          deleted.push(url.pathname);
          res.end(`{"data":{"id":${BIG},"deleted":true}}`);
        } else if (url.pathname === '/12/accounts/acc1/line_items')
          res.end(`{"data":[{"id":${BIG},"name":"conform-0a1b2c3d-line-item-1","deleted":false}],"next_cursor":null}`);
        else res.end('{"data":[],"next_cursor":null}');
      },
      async (target) => {
        const out = await sweepAds(new AdsApiClient(http, target), '0a1b2c3d', [{ id: 'acc1', sandbox: false }]);
        expect(deleted).toEqual([`/12/accounts/acc1/line_items/${BIG}`]);
        expect(out.problems).toEqual([]);
      },
    );
  });
});

describe('line item creation answered with an id that is not a string', () => {
  test('fails ADS-LI-015, and the rules that need a line item say why they could not go on', async () => {
    const out = await runLocal('line item ids as numbers', embeddedReference({ fault: 'ads-li-id-as-number' }), {
      rules: ['ADS-LI-015', 'ADS-LI-009', 'ADS-LI-OBS-001'],
      concurrency: 1,
      runs: 3,
      seed: 1,
    });
    const li015 = out.byId.get('ADS-LI-015');
    expect(li015?.status).toBe('failed');
    expect(li015?.reason).toMatch(/data\.id as a JSON number, not a string \(all identifiers are strings unless stated\)/);
    const li009 = out.byId.get('ADS-LI-009');
    expect(li009?.status).toBe('not-checkable');
    expect(li009?.reason).toMatch(/data\.id as a JSON number.*cannot address the line item it needs.*ADS-LI-015 fails on it/);
    expect(li009?.reason).not.toMatch(/does not show how line items are created/);
  });
});

/** the reference with a fault, its ads section saying target.adsApi.lineItemCreation: true (no probe) */
function sayingItCreates(fault: string): LocalTargetFactory {
  return async (o) => {
    const t = await embeddedReference({ fault })(o);
    return { ...t, target: { ...t.target, adsApi: { ...(t.target.adsApi as object), lineItemCreation: true } } };
  };
}

describe('line item ids as numbers, with a config saying target.adsApi.lineItemCreation: true', () => {
  // the PUT rules make a line item per case: each case answered 201 with a numeric id was a setup
  // problem, so those rules ended in error, where without the key (the run's probe) they are not
  // checkable naming ADS-LI-015 and ADS-LI-015 fails
  test('the same verdicts as without the key: ADS-LI-015 fails, the rules that need a line item are not checkable naming it', async () => {
    const rules = ['ADS-LI-015', 'ADS-LI-001', 'ADS-LI-005', 'ADS-LI-009', 'ADS-PA-006'];
    const opts = { rules, concurrency: 2, runs: 3, seed: 1 };
    const [keyed, probed] = [
      await runLocal('line item ids as numbers, lineItemCreation: true', sayingItCreates('ads-li-id-as-number'), opts),
      await runLocal('line item ids as numbers', embeddedReference({ fault: 'ads-li-id-as-number' }), opts),
    ];
    for (const out of [keyed, probed]) {
      expect(out.byId.get('ADS-LI-015')?.status).toBe('failed');
      expect(out.byId.get('ADS-LI-015')?.reason).toMatch(
        /data\.id as a JSON number, not a string \(all identifiers are strings unless stated\)/,
      );
      for (const id of rules.slice(1)) {
        expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('not-checkable');
        expect(out.byId.get(id)?.reason).toMatch(
          /data\.id as a JSON number.*cannot address the line item it needs.*ADS-LI-015 fails on it/,
        );
      }
    }
  });
});

// an outside sandbox stored campaign ids as digits and wrote them as JSON numbers: 67 rules ended in
// error ("setup failed") and none failed, where the same defect on line items fails ADS-LI-015
describe('campaign creation answered with an id that is not a string', () => {
  test('fails ADS-CMP-015, and the rules that need a campaign are not checkable naming it', async () => {
    const rules = ['ADS-CMP-015', 'ADS-CMP-012', 'ADS-LST-004', 'ADS-BAT-002'];
    const out = await runLocal('campaign ids as numbers', embeddedReference({ fault: 'ads-campaign-id-as-number' }), {
      rules,
      concurrency: 2,
      runs: 3,
      seed: 1,
    });
    expect(out.byId.get('ADS-CMP-015')?.status).toBe('failed');
    expect(out.byId.get('ADS-CMP-015')?.reason).toMatch(/creating a campaign answered data\.id as a JSON number, not a string/);
    for (const id of rules.slice(1)) {
      expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('not-checkable');
      expect(out.byId.get(id)?.reason).toMatch(/data\.id as a JSON number.*cannot address the campaign it needs.*ADS-CMP-015 fails on it/);
    }
  });

  test("ADS-ENV-002 judges the envelopes it can, and says why it did not ask a campaign's writes (it ended in error)", async () => {
    const out = await runLocal('campaign ids as numbers', embeddedReference({ fault: 'ads-campaign-id-as-number' }), {
      rules: ['ADS-ENV-002'],
      runs: 3,
      seed: 1,
    });
    const env = out.byId.get('ADS-ENV-002');
    expect(env?.status, env?.reason).not.toBe('error');
    const notes = env?.evidence.flatMap((e) => ('note' in e ? [e.note] : [])) ?? [];
    expect(notes.join('\n')).toMatch(/a campaign's POST, PUT and DELETE not asked: .*ADS-CMP-015 fails on it/);
  });
});
