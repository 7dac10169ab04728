// What consumer rules hold while they run: the application itself. Its memory of processed
// events, its cached state and its answers are one resource, so its rules run one at a time.
import type { ResourceDef } from '../../harness/domain/types.ts';
import { exclusive, type Hold } from '../../harness/model/rule.ts';

export const CONSUMER_RESOURCES: ResourceDef[] = [
  {
    id: 'consumer.app',
    description: "the application's webhook consumer: what it processed (read through the probe) and what it remembers",
  },
];

export const APP: Hold = exclusive('consumer.app');
