// The batch rules of the ads catalogue (catalogue.ts), keyed by rule id: POST
// /batch/accounts/:account_id/campaigns, its Batch rules and the batch rows of Errors and Limits.
// The request container is not shown by the document: batch/form.ts finds it once per run.
import type { AdsCheck } from './api.ts';
import { groupChecks } from './batch/group.ts';
import { itemErrorChecks } from './batch/item-errors.ts';
import { observeChecks } from './batch/observe.ts';
import { operationChecks } from './batch/operations.ts';
import { orderChecks } from './batch/order.ts';
import { shapeChecks } from './batch/shape.ts';
import { sizeChecks } from './batch/size.ts';

export const batchChecks: Record<string, AdsCheck> = {
  ...sizeChecks,
  ...groupChecks,
  ...orderChecks,
  ...itemErrorChecks,
  ...shapeChecks,
  ...operationChecks,
  ...observeChecks,
};
