// TARGET-CONTRACT §6: an app may act on an event after it has answered it (a queue, a worker). The
// suite reads the probe until the app has acted, or, for "not processed" and "processed once",
// until it has settled, within consumer.settleMs; when the app has not settled by then the rule is
// not checkable and says so, never passed or failed on a read the app had not caught up with. An app
// that acts at once is judged from the first read that shows its events.
import { describe, expect, test } from 'vitest';
import { CONSUMER_RULES } from '../../../suites/consumer/rules.ts';
import { exampleConsumerTarget } from '../../targets/example-consumer.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';
import type { RuleResult } from '../../../harness/model/result.ts';

/** the rules that read the probe, by what they wait for */
const POSITIVE = ['CON-SIG-001', 'CON-SIG-008', 'CON-EVT-003'];
const NEGATIVE = ['CON-SIG-002', 'CON-SIG-003', 'CON-SIG-004', 'CON-SIG-005', 'CON-SIG-006', 'CON-SIG-007', 'CON-SIG-009', 'CON-SIG-010'];
const COUNTING = ['CON-EVT-001', 'CON-EVT-002', 'CON-EVT-004', 'CON-EVT-005'];

const notes = (r: RuleResult | undefined) => (r?.evidence ?? []).flatMap((e) => ('note' in e ? [e.note] : []));

describe.concurrent('waiting for the app to settle (consumer.settleMs)', () => {
  test('an app that acts a moment after answering (a queue) passes every MUST rule; each rule says how it waited', async () => {
    const out = await runLocal('example consumer acting later', exampleConsumerTarget({ actAfterMs: 120 }), { suites: ['consumer'] });
    const bad = unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'));
    expect(bad).toBe('');
    expect(out.exitCode).toBe(0);
    for (const id of POSITIVE) expect(notes(out.byId.get(id)).join('\n'), id).toMatch(/shown \d+ ms after the answer/);
    for (const id of NEGATIVE)
      expect(notes(out.byId.get(id)).join('\n'), id).toMatch(
        /watched the probe for consumer\.settleMs = 1000 ms after the answer .*its probe unchanged for the last \d+ ms of it \(250 ms without a change count as settled/,
      );
    // the duplicate is judged once the app has settled, not from the read that first shows the event:
    // in the one watch of the rules that wait the whole bound (their cases delivered together)
    expect(notes(out.byId.get('CON-EVT-001')).join('\n')).toMatch(
      /watching what the app does with \d+ events of \d+ rules: watched the probe for consumer\.settleMs = 1000 ms/,
    );
    // the bound is waited once for all of them, not once a rule
    const watches = out.report.rules.flatMap((r) => notes(r)).filter((n) => /^watching what the app does with/.test(n));
    expect(new Set(watches).size).toBe(1);
  });

  test('an app that has not settled within consumer.settleMs: every rule reading the probe is not checkable and names consumer.settleMs', async () => {
    // it acts on the suite's events later than the bound, and its other traffic never stops
    const out = await runLocal(
      'example consumer never settling',
      exampleConsumerTarget({ actAfterMs: 400, settleMs: 200, busyEveryMs: 15 }),
      {
        suites: ['consumer'],
      },
    );
    for (const id of [...POSITIVE, ...NEGATIVE, ...COUNTING]) {
      const r = out.byId.get(id);
      expect(r?.status, `${id}: ${r?.reason}`).toBe('not-checkable');
      expect(r?.reason, id).toMatch(/the app had not settled within consumer\.settleMs = 200 ms/);
    }
    // the rules that do not read the probe are judged as ever; nothing failed or erred
    const rest = CONSUMER_RULES.filter((r) => r.level === 'MUST' && ![...POSITIVE, ...NEGATIVE, ...COUNTING].includes(r.id));
    for (const { id } of rest) expect(out.byId.get(id)?.status, id).toBe('passed');
    expect(out.report.observations.map((o) => o.seen).join('\n')).toMatch(/the app had not settled within consumer\.settleMs = 200 ms/);
    expect(out.report.rules.filter((r) => r.status === 'failed' || r.status === 'error')).toEqual([]);
  });

  test('an app whose own traffic keeps its probe changing: what it acted on is still seen; "not processed (again)" is not judged', async () => {
    const out = await runLocal('example consumer, busy', exampleConsumerTarget({ settleMs: 200, busyEveryMs: 15 }), {
      suites: ['consumer'],
      rules: [...POSITIVE, 'CON-SIG-002', 'CON-EVT-001'],
    });
    for (const id of POSITIVE) expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('passed');
    for (const id of ['CON-SIG-002', 'CON-EVT-001']) {
      expect(out.byId.get(id)?.status, id).toBe('not-checkable');
      expect(out.byId.get(id)?.reason, id).toMatch(/not settled within consumer\.settleMs = 200 ms.*still changed/);
    }
  });

  test('an app that acts later than consumer.settleMs and is otherwise idle: not acting within the bound fails, and the reason says which bound', async () => {
    const out = await runLocal('example consumer slower than its bound', exampleConsumerTarget({ actAfterMs: 5000, settleMs: 100 }), {
      suites: ['consumer'],
      rules: ['CON-SIG-001'],
    });
    // within its bound the app acts on no kind: it is judged as one that accepts no correctly signed event
    const r = out.byId.get('CON-SIG-001');
    expect(r?.status).toBe('failed');
    expect(r?.reason).toMatch(/acted on none of the \d+ listed kinds, each correctly signed within consumer\.settleMs = 100 ms/);
    expect(notes(r).join('\n')).toMatch(/its probe unchanged for the last \d+ ms of it \(25 ms without a change count as settled;/);
    expect(notes(r).join('\n')).not.toMatch(/the app had settled/);
  });

  test('an app that acts at once is judged from the first probe read that shows its events, whatever the bound', async () => {
    // with a bound of a minute, a wait for the bound would outlast the test
    const out = await runLocal('example consumer acting at once', exampleConsumerTarget({ settleMs: 60_000 }), {
      suites: ['consumer'],
      rules: POSITIVE,
    });
    for (const id of POSITIVE) {
      const r = out.byId.get(id);
      expect(r?.status, `${id}: ${r?.reason}`).toBe('passed');
      const waits = notes(r).filter((n) => n.startsWith('waiting for the app'));
      expect(waits.length, id).toBeGreaterThan(0);
      for (const n of waits) expect(n, id).toMatch(/shown \d+ ms after the answer \(1 probe read;/);
    }
  });

  test('"not processed" waits the bound and no longer: a short consumer.settleMs is the whole wait of a refusal rule', async () => {
    const out = await runLocal('example consumer, short bound', exampleConsumerTarget({ settleMs: 100 }), {
      suites: ['consumer'],
      rules: ['CON-SIG-002', 'CON-EVT-001'],
    });
    for (const id of ['CON-SIG-002', 'CON-EVT-001']) {
      expect(out.byId.get(id)?.status, id).toBe('passed');
      expect(notes(out.byId.get(id)).join('\n'), id).toMatch(/watched the probe for consumer\.settleMs = 100 ms after the answer/);
    }
  });
});
