// The run's end finds what it made by name: a target answering batch creations with items that
// carry no id (fault ads-batch-items-keyed) left the batch rules' campaigns on the account, since
// no answer named an id to delete. The accounts the run wrote to are looked through for campaigns
// and line items named by the run.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { runLocal } from '../../runners/run-local.ts';

/** `factory`, and the names of the live campaigns its accounts hold when the run closes it */
function campaignsAtClose(factory: LocalTargetFactory): { factory: LocalTargetFactory; left: string[] } {
  const left: string[] = [];
  const wrapped: LocalTargetFactory = async (o) => {
    const t = await factory(o);
    const ads = t.target.adsApi as { baseUrl: string; auth: { token: string } };
    const get = async (path: string) =>
      (
        (await (await fetch(`${ads.baseUrl}/12${path}`, { headers: { authorization: `Bearer ${ads.auth.token}` } })).json()) as {
          data: Record<string, unknown>[];
        }
      ).data;
    return {
      ...t,
      close: async () => {
        for (const a of await get('/accounts?count=1000'))
          for (const c of await get(`/accounts/${a.id}/campaigns?count=1000&with_draft=true`))
            if (c.deleted !== true) left.push(String(c.name));
        await t.close();
      },
    };
  };
  return { factory: wrapped, left };
}

describe('records a run made without an id it could track', () => {
  test('are deleted at the run end by their name', async () => {
    const t = campaignsAtClose(embeddedReference({ fault: 'ads-batch-items-keyed', tenants: false }));
    const out = await runLocal('batch items keyed', t.factory, { rules: ['ADS-BAT-*'], concurrency: 4, runs: 5, seed: 1 });
    expect(out.byId.get('ADS-BAT-005')?.status).toBe('failed');
    expect(t.left.filter((n) => /^conform-[0-9a-f]{8}-/.test(n))).toEqual([]);
  });
});
