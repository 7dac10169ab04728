// Faults of the promoted area (suites/ads/promoted/index.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const PROMOTED_FAULTS = [
  fault('ads-pa-any-line-item', 'a promoted account is accepted on a line item of any product type (no INCOMPATIBLE_LINE_ITEM)', [
    'ADS-PA-001',
  ]),
  fault(
    'ads-pa-incompatible-other-code',
    'a promoted account on a line item not set up for it is refused 400 naming INVALID_PARAMETER, not INCOMPATIBLE_LINE_ITEM',
    ['ADS-PA-001'],
  ),
  fault('ads-pa-ineligible-accepted', 'an ineligible user is promoted like any other (201)', ['ADS-PA-002']),
  fault('ads-pa-ineligible-kept', 'an ineligible user is refused with 400, but promoted all the same', ['ADS-PA-002']),
  fault('ads-pa-repeat-duplicated', 'promoting a user already promoted on the line item adds a second record', ['ADS-PA-003']),
  fault('ads-pa-put-accepted', 'PUT on a promoted account answers 200 and applies entity_status', ['ADS-PA-004']),
  fault('ads-pa-list-incompatible-ok', 'listing promoted accounts of line items none of which can hold them answers 200 with no records', [
    'ADS-PA-005',
  ]),
  fault('ads-pa-delete-noop', 'DELETE of a promoted account answers the record but leaves it in place (still listed)', [
    'ADS-PA-006',
    'ADS-LST-009',
  ]),
  fault('ads-pa-user-id-any-string', 'user_id of a promoted account is taken as any string, not a long', ['ADS-PA-007']),
  fault('ads-pt-51-ids', 'promoted post creation accepts 51 tweet_ids (the limit is 50)', ['ADS-PT-001']),
  fault('ads-pt-delete-by-tweet-id', "DELETE of a promoted post also finds the record by the post's tweet_id", ['ADS-PT-002']),
  fault('ads-pt-delete-kept', 'DELETE of a promoted post answers the record but leaves it associated (still listed)', [
    'ADS-PT-002',
    'ADS-LST-008',
    'ADS-LST-009',
  ]),
  fault('ads-pt-put-accepted', 'PUT on a promoted post answers 200 and applies entity_status', ['ADS-PT-003']),
  fault('ads-pt-ids-filter-ignored', 'the promoted_tweet_ids filter of the promoted posts list is ignored', ['ADS-PT-004']),
  fault('ads-pt-tweet-ids-optional', 'promoted post creation without tweet_ids answers 201 with no records', ['ADS-PT-005']),
  fault('ads-pu-type-limited', 'RETWEETS_ONLY promotable users are shown with type LIMITED', ['ADS-PU-001']),
  fault('ads-spt-put-accepted', 'PUT on a scheduled promoted post answers 200 and applies line_item_id', ['ADS-SPT-001']),
  fault('ads-spt-delete-after-time', "a scheduled promoted post is deletable also after the scheduled post's scheduled_at", [
    'ADS-SPT-002',
  ]),
  fault('ads-spt-list-with-deleted-ignored', 'the scheduled promoted posts list ignores with_deleted=true: a deleted one is never listed', [
    'ADS-SPT-004',
  ]),
  fault(
    'ads-spt-single-with-deleted-ignored',
    'GET scheduled_promoted_tweets/:id ignores with_deleted: a deleted scheduled promoted post is 404 even with with_deleted=true',
    ['ADS-SPT-004'],
  ),
  fault('ads-spt-line-item-optional', 'a scheduled promoted post is created without line_item_id (on no line item)', ['ADS-SPT-003']),
  fault('ads-tc-line-items-optional', 'the targeting criteria list without line_item_ids answers every criterion of the account', [
    'ADS-TC-001',
  ]),
  fault('ads-tc-201-ids', 'the targeting criteria list accepts 201 line_item_ids (the limit is 200)', ['ADS-TC-001']),
  fault(
    'ads-tc-line-item-filter-ignored',
    'the targeting criteria list needs line_item_ids but ignores them: every criterion of the account is listed',
    ['ADS-LST-006', 'ADS-TC-002'],
  ),
  fault(
    'ads-tc-count-ignored',
    'the targeting criteria list checks count (1 to 1000) but serves every criterion on one page whatever count is',
    ['ADS-LST-007'],
  ),
] as const;
