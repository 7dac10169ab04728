// The consumer suite passes against the correct example consumer whatever its undocumented
// choices: refused events answered 401, 403 or 200-and-ignored, accepted ones 200 or 204; and it
// says which config key would make the rules it cannot judge checkable.
import { describe, expect, test } from 'vitest';
import { CONSUMER_RULES } from '../../../suites/consumer/rules.ts';
import { exampleConsumerTarget } from '../../targets/example-consumer.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

const MUST = CONSUMER_RULES.filter((r) => r.level === 'MUST').map((r) => r.id);
const OBSERVE = CONSUMER_RULES.filter((r) => r.level === 'OBSERVE').map((r) => r.id);
/** rules that count processings, or need to see one (a status is no processing): only the probe shows them */
const COUNTING = ['CON-EVT-001', 'CON-EVT-002', 'CON-EVT-003', 'CON-EVT-004', 'CON-EVT-005'];
/** rules that need to see whether the app acted on an event at all */
const SEEING = [
  'CON-SIG-001',
  'CON-SIG-002',
  'CON-SIG-003',
  'CON-SIG-004',
  'CON-SIG-005',
  'CON-SIG-006',
  'CON-SIG-007',
  'CON-SIG-008',
  'CON-SIG-009',
  'CON-SIG-010',
];

describe.concurrent('the consumer suite against the example consumer', () => {
  for (const style of [
    { refuse: 401, accept: 200 },
    { refuse: 403, accept: 204 },
    { refuse: 'ignore-200', accept: 200 },
    { refuse: 'ignore-200', accept: 204 },
  ] as const) {
    test(`with the probe: refused events answered ${style.refuse}, accepted ones ${style.accept}: every rule passes or is observed`, async () => {
      const out = await runLocal('example consumer', exampleConsumerTarget(style), { suites: ['consumer'] });
      const bad = unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'));
      expect(bad).toBe('');
      expect(out.report.rules.map((r) => r.id)).toEqual([...CONSUMER_RULES.map((r) => r.id)]);
      expect(out.exitCode).toBe(0);
      const topics = out.report.observations.map((o) => `${o.topic}: ${o.seen}`);
      expect(
        topics.some((t) => t.startsWith(`answer to an accepted event: ${style.accept} `)),
        topics.join('\n'),
      ).toBe(true);
      expect(topics).toContain(`answer to a refused event: ${style.refuse === 'ignore-200' ? 200 : style.refuse}`);
      // how long it took, as the CRC's (the documents give no limit for either); the content type as sent
      expect(
        topics.some((t) => /^time to answer an accepted event: (under 100 ms|under 1 s|\d+ s)$/.test(t)),
        topics.join('\n'),
      ).toBe(true);
      expect(
        topics.some((t) => /^content type of the CRC answer: application\/json/.test(t)),
        topics.join('\n'),
      ).toBe(true);
    });
  }

  test('with only rejectStatus: the counting rules are not checkable and name consumer.probe; the rest pass', async () => {
    const out = await runLocal('example consumer', exampleConsumerTarget({ refuse: 403, probe: false, rejectStatus: [401, 403] }), {
      suites: ['consumer'],
    });
    for (const id of COUNTING) {
      expect(out.byId.get(id)?.status, id).toBe('not-checkable');
      expect(out.byId.get(id)?.reason).toMatch(/consumer\.probe/);
    }
    const bad = unexpected(
      out.report.rules.filter((r) => !COUNTING.includes(r.id)),
      (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'),
    );
    expect(bad).toBe('');
    expect(out.exitCode).toBe(0);
    // which kinds it acts on is not seen from its answers: said so, not "(none)"
    const left = out.report.observations.find((o) => o.topic === 'listed kinds the app does not act on');
    expect(left?.seen).toMatch(
      /^not known without consumer\.probe; answered with a status outside consumer\.rejectStatus \(accepted\): \d+ of \d+$/,
    );
  });

  test('with neither probe nor rejectStatus: green, the processing rules not checkable, saying which key would help', async () => {
    const out = await runLocal('example consumer', exampleConsumerTarget({ probe: false }), { suites: ['consumer'] });
    for (const id of [...COUNTING, ...SEEING]) {
      expect(out.byId.get(id)?.status, id).toBe('not-checkable');
      expect(out.byId.get(id)?.reason, id).toMatch(/consumer\.probe/);
    }
    for (const id of SEEING) expect(out.byId.get(id)?.reason, id).toMatch(/consumer\.rejectStatus/);
    const rest = MUST.filter((id) => !COUNTING.includes(id) && !SEEING.includes(id));
    expect(rest.length).toBeGreaterThanOrEqual(8);
    for (const id of rest) expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('passed');
    for (const id of OBSERVE) expect(out.byId.get(id)?.status, id).toBe('observed');
    expect(out.exitCode).toBe(0);
  });

  test('without the bearer token the bearer-keyed signature rule is not checkable, naming consumer.bearerToken', async () => {
    const out = await runLocal('example consumer', exampleConsumerTarget({ bearer: false }), {
      suites: ['consumer'],
      rules: ['CON-SIG-005'],
    });
    expect(out.byId.get('CON-SIG-005')?.status).toBe('not-checkable');
    expect(out.byId.get('CON-SIG-005')?.reason).toMatch(/consumer\.bearerToken/);
  });
});
