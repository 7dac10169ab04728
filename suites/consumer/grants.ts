// What the config lets the consumer rules see: what the app did with an event (the probe, or the
// statuses the team promised for a refused event) and how often (the probe only).
import type { ConsumerTarget } from '../../config/consumer/index.ts';
import type { Grants } from '../../harness/domain/types.ts';
import { COUNTS_PROCESSING, SEES_PROCESSING } from './rules.ts';

export function consumerGrants(c: ConsumerTarget): Grants {
  const g: Grants = { has: [], missing: {} };
  if (c.probe) g.has.push(SEES_PROCESSING, COUNTS_PROCESSING);
  else {
    g.missing[COUNTS_PROCESSING] =
      'the config gives no consumer.probe (a test-mode API of the app listing what it processed, TARGET-CONTRACT §6)';
    if (c.rejectStatus) g.has.push(SEES_PROCESSING);
    else
      g.missing[SEES_PROCESSING] =
        'the config gives neither consumer.probe nor consumer.rejectStatus (the statuses the app answers a refused event with), so what the app did with an event cannot be seen';
  }
  return g;
}
