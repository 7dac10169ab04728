// The probe lists "every event the app acted on, by the event id it read" (TARGET-CONTRACT §6),
// and the suite puts each event's id "where those put them" (the real payloads: data.event_uuid).
// An entry whose id is no event id the suite sent is other traffic or one of the suite's events read
// under another id: either way an id's absence no longer shows that the app left the event alone,
// and an id read from elsewhere in the suite's events (data.payload.id) shows that the app does not
// "deduplicate by event id" (Events, Delivery rules 4).
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { exampleConsumerTarget } from '../../targets/example-consumer.ts';
import { runLocal } from '../../runners/run-local.ts';

/** the rules that judge "not acted on" from an event's absence in the probe */
const ABSENCE = ['CON-SIG-002', 'CON-SIG-003', 'CON-SIG-004', 'CON-SIG-005', 'CON-SIG-006', 'CON-SIG-007', 'CON-SIG-009', 'CON-SIG-010'];

describe.concurrent('probe entries that are no event the suite sent', () => {
  test('an app that reads the event id from data.payload.id: CON-EVT-001 fails, naming where the id was read; no kind is taken for left alone', async () => {
    const out = await runLocal('example consumer reading the payload id', embeddedReference({ fault: 'consumer-id-from-payload' }), {
      suites: ['consumer'],
    });
    const evt = out.byId.get('CON-EVT-001');
    expect(evt?.status, evt?.reason).toBe('failed');
    expect(evt?.reason).toMatch(/the value of data\.payload\.id in the post\.create event -?\d+ the suite delivered/);
    // its curl line repeats the delivery the id was read from
    expect(evt?.curl).toMatch(/\\"event_type\\":\\"post\.(create|delete)\\"/);
    const left = out.report.observations.find((o) => o.topic === 'listed kinds the app does not act on');
    expect(left?.seen).toMatch(/^not known: the probe lists 2 event id\(s\) the suite never sent/);
    for (const id of [...ABSENCE, 'CON-EVT-003']) {
      expect(out.byId.get(id)?.status, id).toBe('not-checkable');
      expect(out.byId.get(id)?.reason, id).toMatch(/event id\(s\) the suite never sent.*by the event id it read/);
    }
  });

  // an outside consumer kept its ids as Python prints a double (9.313131988557044e+18): 14 MUST rules
  // were not checkable, exit 0, though the docs promise that a misread id fails CON-EVT-001
  test('an app that keeps the event id as a floating-point number, in the form Python prints it: CON-EVT-001 fails, naming the misread id', async () => {
    const out = await runLocal('example consumer keeping ids as doubles', embeddedReference({ fault: 'consumer-id-as-float' }), {
      suites: ['consumer'],
    });
    const evt = out.byId.get('CON-EVT-001');
    expect(evt?.status, evt?.reason).toBe('failed');
    expect(evt?.reason).toMatch(
      /\d\.\d+e\+18 \([\w.]+: the event id -?\d+ of the [\w.]+ event the suite delivered, read as a floating-point number/,
    );
  });

  test('other traffic in the probe: what it shows of the suite is judged, what it does not show is not read as left alone', async () => {
    // the probe also lists one event the suite never sent, and it does not change (no unsettled app)
    const out = await runLocal('example consumer with other traffic', exampleConsumerTarget({ busyEveryMs: 1e9 }), {
      suites: ['consumer'],
    });
    for (const id of ['CON-SIG-001', 'CON-SIG-008', 'CON-EVT-001', 'CON-EVT-002', 'CON-EVT-003', 'CON-EVT-004', 'CON-EVT-005'])
      expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('passed');
    for (const id of ABSENCE) {
      expect(out.byId.get(id)?.status, id).toBe('not-checkable');
      expect(out.byId.get(id)?.reason, id).toMatch(/never sent: other-traffic \(post\.create\)\./);
    }
    expect(out.report.rules.filter((r) => r.status === 'failed' || r.status === 'error')).toEqual([]);
  });
});
