// How many requests the suite has in flight to the app at once (consumer.maxConnections): nothing
// in the documents asks a consumer to take the two hundred events a run delivers side by side (an
// app on a small listen backlog lost connections and the run ended "the target was lost"). Counted
// at a TCP relay in front of the example consumer: never more connections than the bound, and
// every rule judged as without it.
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS } from '../../../config/consumer/index.ts';
import { exampleConsumerTarget } from '../../targets/example-consumer.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

describe.concurrent('connections to the app (consumer.maxConnections)', () => {
  test(`by default at most ${DEFAULT_MAX_CONNECTIONS} connections at once, also at --concurrency 8; every rule passes or is observed`, async () => {
    const connections = { open: 0, peak: 0 };
    const out = await runLocal('example consumer', exampleConsumerTarget({ connections }), { suites: ['consumer'], concurrency: 8 });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(connections.peak).toBeGreaterThan(1);
    expect(connections.peak).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS);
  });

  test('consumer.maxConnections: 1 holds one connection, reused for every call; every rule passes or is observed', async () => {
    const connections = { open: 0, peak: 0 };
    const out = await runLocal('example consumer', exampleConsumerTarget({ connections, maxConnections: 1 }), { suites: ['consumer'] });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(connections.peak).toBe(1);
  });
});
