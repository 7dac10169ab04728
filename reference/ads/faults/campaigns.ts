// Faults of the campaigns area (suites/ads/campaigns/index.ts): each breaks one documented rule. They act
// on the single-record campaign routes only (../campaign-faults.ts); the batch endpoint shares the
// create, update and delete functions and stays correct.
import { fault } from './fault.ts';

export const CAMPAIGNS_FAULTS = [
  fault('ads-campaign-name-optional', 'POST campaigns without name creates the campaign, named "Untitled campaign"', ['ADS-CMP-001']),
  fault('ads-campaign-name-256', 'POST campaigns accepts a name of 256 characters (the limit is off by one)', ['ADS-CMP-002']),
  fault('ads-campaign-po-51', 'POST campaigns accepts a purchase order number of 51 characters (off by one)', ['ADS-CMP-003']),
  fault('ads-campaign-daily-above-total', 'POST campaigns does not compare the daily budget with the total budget', ['ADS-CMP-004']),
  fault('ads-campaign-budget-rounded', 'POST campaigns rounds a fractional budget to the nearest micro instead of refusing it', [
    'ADS-CMP-005',
  ]),
  fault('ads-campaign-optimization-unchecked', 'POST campaigns stores any budget_optimization value as sent', ['ADS-CMP-006']),
  fault('ads-campaign-default-paused', 'POST campaigns without entity_status creates a PAUSED campaign', ['ADS-CMP-007']),
  fault('ads-campaign-paused-answer-active', 'the POST campaigns answer shows a campaign created PAUSED as ACTIVE (it is stored PAUSED)', [
    'ADS-CMP-008',
  ]),
  fault('ads-campaign-put-draft', 'PUT campaigns accepts entity_status DRAFT and moves the campaign back to DRAFT', ['ADS-CMP-009']),
  fault(
    'ads-campaign-standard-delivery-unchecked',
    'POST campaigns accepts standard_delivery with budget_optimization LINE_ITEM and stores it',
    ['ADS-CMP-010'],
  ),
  fault('ads-campaign-list-drafts', 'GET campaigns lists DRAFT campaigns also without with_draft=true', ['ADS-CMP-011']),
  fault('ads-campaign-delete-repeat-ok', 'a second DELETE of a campaign answers 200 with the deleted record instead of 404', [
    'ADS-CMP-012',
  ]),
  fault('ads-campaign-fi-filter-ignored', 'GET campaigns ignores the funding_instrument_ids filter', ['ADS-CMP-013']),
  fault('ads-campaign-no-active-limit', 'POST campaigns creates ACTIVE campaigns beyond the active-campaign limit (PUT still checks it)', [
    'ADS-CMP-014',
  ]),
  fault('ads-campaign-put-clears-po', 'a PUT that does not name purchase_order_number clears it (null)', ['ADS-CMP-015']),
  fault(
    'ads-campaign-put-from-creation',
    'PUT applies its parameters to the campaign as it was created: what earlier PUTs changed is lost',
    ['ADS-CMP-016'],
  ),
] as const;
