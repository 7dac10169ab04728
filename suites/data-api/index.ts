// The Data API suite: the catalogue bound to its checks.
import type { RuleDef } from '../../harness/domain/types.ts';
import { bindChecks } from '../../harness/engine/rules.ts';
import type { DataApi } from './api.ts';
import { activityDeliveryChecks } from './activity-delivery.ts';
import { activityKindChecks } from './activity-kinds.ts';
import { activitySubscriptionChecks } from './activity-subscriptions.ts';
import { authChecks } from './auth.ts';
import { connectionChecks } from './connections.ts';
import { DATA_API_RULES } from './rules.ts';
import { crcChecks } from './crc.ts';
import { errorChecks } from './errors.ts';
import { eventChecks } from './events.ts';
import { fieldChecks } from './fields.ts';
import { idChecks } from './ids.ts';
import { lifecycleChecks } from './lifecycle.ts';
import { limitChecks } from './limits.ts';
import { otherEndpointChecks } from './other-endpoints.ts';
import { postShapeChecks } from './posts-shape.ts';
import { replayJobChecks } from './replay-jobs.ts';
import { replayDeliveryChecks } from './replay-delivery.ts';
import { replayRequestChecks } from './replay-request.ts';
import { sequenceChecks } from './sequences/check.ts';
import { signatureChecks } from './signature.ts';
import { transportChecks } from './transport.ts';
import { urlChecks } from './url.ts';
import { webhookCallChecks } from './webhook-calls.ts';
import { webhookStateChecks } from './webhook-state.ts';

export const dataApiSuite: RuleDef<DataApi>[] = bindChecks<DataApi>('data-api', DATA_API_RULES, {
  ...crcChecks,
  ...signatureChecks,
  ...eventChecks,
  ...lifecycleChecks,
  ...urlChecks,
  ...limitChecks,
  ...idChecks,
  ...replayRequestChecks,
  ...replayDeliveryChecks,
  ...fieldChecks,
  ...authChecks,
  ...errorChecks,
  ...webhookStateChecks,
  ...webhookCallChecks,
  ...replayJobChecks,
  ...postShapeChecks,
  ...transportChecks,
  ...otherEndpointChecks,
  ...sequenceChecks,
  ...activityKindChecks,
  ...activityDeliveryChecks,
  ...activitySubscriptionChecks,
  ...connectionChecks,
});
