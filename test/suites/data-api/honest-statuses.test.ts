// Honest statuses (TARGET-CONTRACT §5, issue 7 §2): a rule passes only when it examined the behaviour
// it names; a rule that needs more than the target offers is not checkable, saying what it needed; a
// rule whose own setup failed ends in `error`, not `failed`.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { DATA_API_RULES } from '../../../suites/data-api/rules.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

/** The rules that hold two webhooks at once (catalogue need `webhooks.2`). */
const TWO_WEBHOOKS = DATA_API_RULES.filter((r) => r.needs.includes('webhooks.2')).map((r) => r.id);
/** the replay rules that judge one webhook's re-deliveries (the window scenario of replay-delivery.ts) */
const ONE_WEBHOOK_REPLAYS = ['RP-DEL-001', 'RP-DEL-002', 'RP-DEL-003', 'RP-DEL-005', 'RP-OBS-001'];

describe('honest statuses on the embedded reference', () => {
  test('every rule that passes examined something, and the examinations are counted', async () => {
    const out = await runLocal('embedded reference', embeddedReference(), { runs: 5 });
    const passed = out.report.rules.filter((r) => r.status === 'passed');
    expect(passed.length).toBeGreaterThan(0);
    const empty = passed.filter((r) => !(typeof r.examined === 'number' && r.examined > 0));
    expect(empty.map((r) => `${r.id}: examined ${r.examined}`)).toEqual([]);
    // the engine turns a MUST rule that examined nothing into not checkable: none may end so on a correct target
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    if (process.env.CONFORM_SHOW_EXAMINED) for (const r of out.report.rules) console.log(r.id, r.status, r.examined);
  });

  test('limits.maxWebhooks 1: no rule fails; the rules that hold two webhooks are not checkable and say so', async () => {
    expect(TWO_WEBHOOKS).toEqual(expect.arrayContaining(['WH-LC-002', 'RP-DEL-004']));
    // the replay window rules are about one webhook (its events, its window, its failed attempts): they
    // need one, and are judged on an app that allows one (RP-DEL-004 alone needs a second webhook)
    expect(TWO_WEBHOOKS).not.toEqual(expect.arrayContaining([expect.stringMatching(/^RP-(DEL-00[1235]|OBS-001)$/)]));
    const out = await runLocal('reference allowing one webhook', embeddedReference({ maxWebhooks: 1 }), { runs: 5 });
    expect(unexpected(out.report.rules, (r) => r.status !== 'failed' && r.status !== 'error')).toBe('');
    for (const id of TWO_WEBHOOKS) {
      const r = out.byId.get(id)!;
      expect(r.status, `${id}: ${r.reason}`).toBe('not-checkable');
      expect(r.reason, id).toMatch(/2 webhooks at once; the target allows 1\b/);
      expect(r.evidence, `${id} sent nothing`).toEqual([]);
    }
    for (const id of ONE_WEBHOOK_REPLAYS) {
      const r = out.byId.get(id)!;
      expect(r.status, `${id}: ${r.reason}`).toBe(r.level === 'MUST' ? 'passed' : 'observed');
    }
    // the limit rule itself is checked against the advertised limit of 1
    expect(out.byId.get('WH-LIM-001')?.status).toBe('passed');
    expect(out.exitCode).toBe(0);
  });

  test('a rule whose setup fails ends in error naming the step, not failed', async () => {
    // the reference keys its CRC with the bearer token: no webhook can be registered
    const out = await runLocal('reference with crc-key-bearer', embeddedReference({ fault: 'crc-key-bearer' }), {
      rules: ['WH-CRC-002', 'WH-CRC-003', 'WH-LC-004'],
      runs: 2,
    });
    expect(out.byId.get('WH-CRC-002')?.status).toBe('failed');
    for (const id of ['WH-CRC-003', 'WH-LC-004']) {
      const r = out.byId.get(id)!;
      expect(r.status, `${id}: ${r.reason}`).toBe('error');
      expect(r.reason).toMatch(/setup failed: registering a callback that answers the CRC correctly/);
    }
    expect(out.exitCode).toBe(1);
  });
});
