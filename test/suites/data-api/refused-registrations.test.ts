// The authentication rules register with wrong credentials: each registration must be refused and
// change nothing. They hold room for one webhook besides their own, not the whole list, so rules
// that register webhooks run beside them without tenants. A target that answers 401 yet makes the
// webhook (fault auth-refused-create-registers) fails them, and what it made is deleted at once: no
// rule beside them runs out of slots, and the run leaves none behind (a refusal tracks no id for the
// cleanup).
import { describe, expect, test } from 'vitest';
import { type DataApiTarget, dataApiConfig } from '../../../config/data-api/index.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { DataApiClient } from '../../../suites/data-api/client/data-api.ts';
import { runLocal } from '../../runners/run-local.ts';

/** `factory`, and the number of webhooks its app has when the run closes it */
function countedAtClose(factory: LocalTargetFactory): { factory: LocalTargetFactory; left: () => number | undefined } {
  let left: number | undefined;
  const counted: LocalTargetFactory = async (o) => {
    const t = await factory(o);
    const section = dataApiConfig.parse(t.target.dataApi as Record<string, unknown>, { secret: (v) => v, baseDir: '.' }) as DataApiTarget;
    const data = new DataApiClient(new HttpClient({ timeoutMs: 5000 }), section);
    return {
      ...t,
      close: async () => {
        left = ((await data.listWebhooks()).body as { data?: unknown[] }).data?.length ?? 0;
        await t.close();
      },
    };
  };
  return { factory: counted, left: () => left };
}

const AUTH = ['AUTH-001', 'AUTH-002', 'AUTH-003'];
const BESIDE = ['WH-LC-008', 'WH-LC-009', 'WH-EVT-004', 'WH-CRC-001'];

describe('registrations refused for their credentials, without tenants', () => {
  test('a webhook made anyway fails the rule, is removed at once, and no rule beside runs out of slots', async () => {
    const t = countedAtClose(embeddedReference({ tenants: false, maxWebhooks: 3, fault: 'auth-refused-create-registers' }));
    const out = await runLocal('refused but made', t.factory, { rules: [...AUTH, ...BESIDE], concurrency: 8, runs: 5, seed: 3 });
    for (const id of AUTH) {
      expect(out.byId.get(id)?.status, id).toBe('failed');
      expect(out.byId.get(id)?.reason, id).toMatch(/^POST \/2\/webhooks .*: a webhook for \S+ exists afterwards/);
    }
    for (const id of BESIDE) expect(`${id} ${out.byId.get(id)?.status} ${out.byId.get(id)?.reason ?? ''}`).toBe(`${id} passed `);
    expect(t.left()).toBe(0);
  });

  test('on a correct target they pass beside rules that register webhooks', async () => {
    const out = await runLocal('correct', embeddedReference({ tenants: false, maxWebhooks: 3 }), {
      rules: [...AUTH, ...BESIDE],
      concurrency: 8,
      runs: 5,
      seed: 3,
    });
    expect(out.report.rules.map((r) => `${r.id} ${r.status} ${r.reason ?? ''}`)).toEqual(out.report.rules.map((r) => `${r.id} passed `));
  });
});
