// The shared resources Data API rules hold, so that a scheduler can keep rules that would
// disturb each other apart (see Hold in harness/model/rule.ts).
import type { ResourceDef } from '../../harness/domain/types.ts';
import { exclusive, type Hold, shared } from '../../harness/model/rule.ts';

export const DATA_API_RESOURCES: ResourceDef[] = [
  { id: 'data-api.clock', description: "the target's clock: rules that read a window on it or move it on (the hourly CRC)" },
  {
    id: 'data-api.webhooks',
    description:
      "the app's webhook slots and list: shared while a rule adds its own webhooks, exclusive when it fills the slots or reads the whole list",
  },
  { id: 'data-api.events', description: 'events made through the control API reach every valid webhook of the app' },
  { id: 'data-api.replay', description: 'replay jobs of the app: one in progress at a time (the conflict rule), and the replay hold' },
  { id: 'data-api.posts', description: 'the posts GET /2/tweets serves: seeded through the control API, or named by fixtures' },
  { id: 'data-api.failures', description: 'the failed calls the run has seen so far (read by the run-wide error rules)' },
];

export const RECEIVER: Hold = shared('receiver');
export const WEBHOOKS: Hold = shared('data-api.webhooks');
export const ALL_WEBHOOKS: Hold = exclusive('data-api.webhooks');
export const CLOCK: Hold = exclusive('data-api.clock');
export const EVENTS: Hold = exclusive('data-api.events');
export const REPLAY: Hold = exclusive('data-api.replay');
export const POSTS: Hold = exclusive('data-api.posts');
export const FAILURES: Hold = shared('data-api.failures');
