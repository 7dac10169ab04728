// Faults of the batch area (suites/ads/batch/index.ts): each breaks one documented rule, on the campaigns
// batch endpoint only (batch line items and targeting criteria stay correct).
import { fault } from './fault.ts';

export const BATCH_FAULTS = [
  fault('ads-batch-accepts-41', 'a campaigns batch of 41 items is accepted (the limit is taken as 41)', ['ADS-BAT-001']),
  fault('ads-batch-refuses-40', 'a campaigns batch of 40 items is refused as too large (the limit is taken as 39)', ['ADS-BAT-001']),
  fault(
    'ads-batch-size-under-operation-errors',
    'the request-level fault of a too large campaigns batch is listed under operation_errors instead of errors',
    ['ADS-BAT-001'],
  ),
  fault('ads-batch-keeps-valid-items', 'a campaigns batch with an item fault keeps what its valid items did (no rollback)', [
    'ADS-BAT-002',
  ]),
  fault(
    'ads-batch-partial-success',
    'a campaigns batch with an item fault is answered 200: its valid items applied and answered, the faulty one null, its fault under operation_errors',
    ['ADS-BAT-002'],
  ),
  fault('ads-batch-answer-reversed', 'a successful campaigns batch answers its records in reverse request order', ['ADS-BAT-003']),
  fault('ads-batch-item-errors-under-errors', "a campaigns batch lists its items' faults under errors, not operation_errors", [
    'ADS-BAT-004',
  ]),
  fault('ads-batch-items-without-timestamps', 'the records of a campaigns batch answer leave out created_at and updated_at', [
    'ADS-BAT-005',
  ]),
  fault(
    'ads-batch-items-mixed-forms',
    'the first item of a successful campaigns batch answer is given in the other form than the rest: a whole single-item answer {request, data} among records, or a record among whole answers',
    ['ADS-BAT-005'],
  ),
  fault(
    'ads-batch-items-wrapped-bare',
    'each item of a successful campaigns batch answer is {"data": record}, without the request member a single-item answer has',
    ['ADS-BAT-005'],
  ),
  fault(
    'ads-batch-items-keyed',
    'each item of a successful campaigns batch answer is {"operation_type": …, "campaign": record}: neither the record nor a single-item answer',
    ['ADS-BAT-005'],
  ),
  fault('ads-batch-create-drops-po', 'campaigns batch Create items do not store a valid purchase_order_number', ['ADS-BAT-006']),
  fault('ads-batch-update-not-stored', 'campaigns batch Update items answer the updated record but store nothing', ['ADS-BAT-006']),
  fault('ads-batch-delete-not-stored', 'campaigns batch Delete items answer the record deleted but leave it live', ['ADS-BAT-006']),
  fault('ads-batch-params-json-string', 'campaigns batch items take params written as a JSON string (not an object)', ['ADS-BAT-007']),
  fault('ads-batch-operation-type-any-case', 'campaigns batch items take operation_type in any letter case ("create")', ['ADS-BAT-007']),
] as const;
