// The consumer suite: the catalogue bound to its checks.
import type { RuleDef } from '../../harness/domain/types.ts';
import { bindChecks } from '../../harness/engine/rules.ts';
import type { ConsumerApi } from './api.ts';
import { CONSUMER_RULES } from './rules.ts';
import { crcChecks } from './crc.ts';
import { deliveryChecks } from './deliveries.ts';
import { signatureChecks } from './signature.ts';
import { urlChecks } from './url.ts';

export const consumerSuite: RuleDef<ConsumerApi>[] = bindChecks<ConsumerApi>('consumer', CONSUMER_RULES, {
  ...urlChecks,
  ...crcChecks,
  ...signatureChecks,
  ...deliveryChecks,
});
