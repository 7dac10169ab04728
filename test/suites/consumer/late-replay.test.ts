// data-api-webhooks-replay.md, Events, Delivery rules 4 and 6: "Duplicate deliveries can occur;
// receivers deduplicate by event id." and "Replay jobs re-deliver events of the last 24 hours for a
// webhook." A replay may come long after the event was processed: an app that forgets event ids
// after a moment processes it again. CON-EVT-005 replays an event from the start of the suite at its
// end, at least consumer.settleMs after the app showed it processed, and notes how long after.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { DEDUP_TTL_FAULT_MS } from '../../../examples/consumer/index.ts';
import type { RuleResult } from '../../../harness/model/result.ts';
import { exampleConsumerTarget } from '../../targets/example-consumer.ts';
import { runLocal } from '../../runners/run-local.ts';

const notes = (r: RuleResult | undefined) => (r?.evidence ?? []).flatMap((e) => ('note' in e ? [e.note] : []));
/** the two intervals the rule measured, in ms: since the first delivery's answer, since the probe showed it processed */
function intervals(text: string): [number, number] {
  const m =
    /delivered again (\d+\.\d\d) s after the app answered its first delivery \((\d+\.\d\d) s after the probe showed it processed\)/.exec(
      text,
    );
  expect(m, text).not.toBeNull();
  return [Number(m?.[1]) * 1000, Number(m?.[2]) * 1000];
}
const endOf = (r: RuleResult) => Date.parse(r.startedAt ?? '') + r.durationMs;
/** CON-EVT-005 run alone against `target`: its result */
async function alone(label: string, target: Parameters<typeof runLocal>[1]): Promise<RuleResult | undefined> {
  return (await runLocal(label, target, { suites: ['consumer'], rules: ['CON-EVT-005'] })).byId.get('CON-EVT-005');
}

describe.concurrent('a replay at the end of the suite (CON-EVT-005)', () => {
  test(`an app that forgets an event id ${DEDUP_TTL_FAULT_MS} ms after processing it: CON-EVT-005 fails, saying how much later the replay came`, async () => {
    const out = await runLocal('dedup-ttl', embeddedReference({ fault: 'consumer-dedup-ttl' }), { suites: ['consumer'] });
    const r = out.byId.get('CON-EVT-005');
    expect(r?.status, r?.reason).toBe('failed');
    expect(r?.reason).toMatch(/was processed again \(2 times; answered 200\): the app does not remember the event ids it processed/);
    // the replay came at least consumer.settleMs (the default, 1000 ms) after the app showed the event processed
    const [sinceAnswer, sinceShown] = intervals(r?.reason ?? '');
    expect(sinceShown).toBeGreaterThanOrEqual(1000);
    expect(sinceAnswer).toBeGreaterThanOrEqual(sinceShown);
    expect(out.exitCode).toBe(1);
  });

  test('the correct example passes; the replay comes after every rule on the app but the two observations, later than the settle batch', async () => {
    const out = await runLocal('example consumer', exampleConsumerTarget(), { suites: ['consumer'] });
    const r = out.byId.get('CON-EVT-005');
    expect(r?.status, r?.reason).toBe('passed');
    const note = notes(r).find((n) => /delivered again/.test(n)) ?? '';
    expect(note).toMatch(
      /^event -?\d+ \(post\.create\), first delivered with every listed kind \(CON-SIG-001's deliveries\), delivered again/,
    );
    expect(intervals(note)[1]).toBeGreaterThanOrEqual(1000);
    // it starts once every other rule on the app has ended but the two observations, which start once
    // it has ended (they hold the app exclusively, in catalogue order)
    const start = Date.parse(r?.startedAt ?? '');
    const after = ['CON-EVT-OBS-001', 'CON-EVT-OBS-002'];
    for (const other of out.report.rules.filter((x) => x.id !== 'CON-EVT-005' && !after.includes(x.id)))
      expect(endOf(other), `${other.id} ends before CON-EVT-005 starts`).toBeLessThanOrEqual(start + 1);
    for (const id of after)
      expect(Date.parse(out.byId.get(id)?.startedAt ?? '') + 1, `${id} starts after CON-EVT-005 ends`).toBeGreaterThanOrEqual(
        endOf(r as RuleResult),
      );
    // and judges "not processed again" as the other counting rules do: from a watch of consumer.settleMs
    expect(notes(r).join('\n')).toMatch(/counting how often the app processed 1 event: watched the probe for consumer\.settleMs = 1000 ms/);
  });

  test('run alone, the replay still waits consumer.settleMs after the app showed the event processed: the forgetting app fails', async () => {
    const r = await alone('dedup-ttl alone', embeddedReference({ fault: 'consumer-dedup-ttl' }));
    expect(r?.status, r?.reason).toBe('failed');
    expect(intervals(r?.reason ?? '')[1]).toBeGreaterThanOrEqual(1000);
  });

  test('a shorter consumer.settleMs is the shortest interval: run alone at 400 ms, the replay comes 400 ms or more later', async () => {
    const r = await alone('example consumer, settleMs 400', exampleConsumerTarget({ settleMs: 400 }));
    expect(r?.status, r?.reason).toBe('passed');
    const [, sinceShown] = intervals(notes(r).join('\n'));
    expect(sinceShown).toBeGreaterThanOrEqual(400);
    expect(sinceShown).toBeLessThan(1000);
  });

  test('an event acted on twice on its one delivery fails CON-EVT-005 before its replay, not as a replay processed', async () => {
    const r = await alone('double-act', embeddedReference({ fault: 'consumer-double-act' }));
    expect(r?.status, r?.reason).toBe('failed');
    expect(r?.reason).toMatch(/delivered once, before any replay of it, was processed 2 times.*the probe lists it 2 time\(s\)/);
  });
});
