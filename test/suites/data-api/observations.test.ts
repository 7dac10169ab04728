// OBSERVE rules record what a target does where the documents are silent, and never fail it:
// the reference and the independent implementation choose differently and both are "observed".
import { describe, expect, test } from 'vitest';
import { embeddedReference as embedded } from '../../../domains/reference.ts';

const embeddedReference = embedded();
import type { Observation } from '../../../harness/model/result.ts';
import { altTarget } from '../../targets/alt-data-api-factory.ts';
import { runLocal } from '../../runners/run-local.ts';
import { OBSERVATION_EXPECTATIONS } from '../../runners/observations.ts';

const rules = Object.keys(OBSERVATION_EXPECTATIONS);

function seen(obs: Observation[], topic: string): string | undefined {
  return obs.find((o) => o.topic.startsWith(topic))?.seen;
}

describe('observations', () => {
  test('each OBSERVE rule records its topics on both implementations, which differ where they chose differently', async () => {
    const [ref, alt] = await Promise.all([
      runLocal('reference', embeddedReference, { rules }),
      runLocal('independent implementation', altTarget, { rules }),
    ]);
    for (const out of [ref, alt]) {
      for (const id of rules) {
        expect(out.byId.get(id)?.status, `${out.report.target.name} ${id}: ${out.byId.get(id)?.reason}`).toBe('observed');
        for (const topic of OBSERVATION_EXPECTATIONS[id]) expect(seen(out.report.observations, topic), `${id} ${topic}`).toBeDefined();
      }
      expect(out.exitCode).toBe(0);
    }
    expect(seen(ref.report.observations, 'replay: an event of the to_date minute')).toMatch(/inclusive/);
    expect(seen(alt.report.observations, 'replay: an event of the to_date minute')).toMatch(/exclusive/);
    expect(seen(ref.report.observations, 'GET /2/tweets without a bearer token')).not.toBe(
      seen(alt.report.observations, 'GET /2/tweets without a bearer token'),
    );
  });
});
