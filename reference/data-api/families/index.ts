// The Data API part's family faults (host/mutations.ts): each applied by the host on the wire to
// the routes it names, so that one operator breaks one kind of statement.
import type { Fault } from '../../host/types.ts';
import { ANNOUNCED_FAMILY_FAULTS, OPERATOR_FAMILY_FAULTS } from './announced.ts';
import { ERROR_FAMILY_FAULTS } from './errors.ts';
import { POST_FAMILY_FAULTS } from './posts.ts';
import { REPLAY_FAMILY_FAULTS } from './replay.ts';
import { WEBHOOK_FAMILY_FAULTS } from './webhooks.ts';

export const DATA_API_FAMILY_FAULTS: readonly Fault[] = [
  ...WEBHOOK_FAMILY_FAULTS,
  ...REPLAY_FAMILY_FAULTS,
  ...POST_FAMILY_FAULTS,
  ...ERROR_FAMILY_FAULTS,
  ...ANNOUNCED_FAMILY_FAULTS,
  ...OPERATOR_FAMILY_FAULTS,
];
