// The batch rules of the ads catalogue (catalogue.ts), keyed by rule id: POST
// /batch/accounts/:account_id/campaigns, its Batch rules and the batch rows of Errors and Limits.
// The request container is not shown by the document: batch/form.ts finds it once per run.
import type { AdsCheck } from '../api.ts';
import { groupChecks } from './group.ts';
import { itemErrorChecks } from './item-errors.ts';
import { observeChecks } from './observe.ts';
import { operationChecks } from './operations.ts';
import { orderChecks } from './order.ts';
import { shapeChecks } from './shape.ts';
import { sizeChecks } from './size.ts';

export const batchChecks: Record<string, AdsCheck> = {
  ...sizeChecks,
  ...groupChecks,
  ...orderChecks,
  ...itemErrorChecks,
  ...shapeChecks,
  ...operationChecks,
  ...observeChecks,
};
