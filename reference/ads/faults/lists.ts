// Faults of the lists area (suites/ads/lists.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LISTS_FAULTS = [
  fault('ads-count-default-100', 'a list asked without count serves pages of 100 records (not 200)', ['ADS-LST-001']),
  fault('ads-count-above-max-accepted', 'count above 1000 is accepted (the page holds up to count records)', [
    'ADS-LST-002',
    'ADS-LST-007',
  ]),
  fault(
    'ads-cursor-repeats-last',
    "next_cursor of a page of 2 or more records points before the page's last record, which the next page serves again",
    ['ADS-LST-003'],
  ),
  fault('ads-with-deleted-false-as-true', 'with_deleted=false lists deleted records, as with_deleted=true does', ['ADS-LST-004']),
  fault('ads-total-count-with-cursor-accepted', 'with_total_count=true together with a cursor is served (not refused)', ['ADS-LST-005']),
  fault('ads-id-filter-over-200', 'account_ids accepts up to 400 ids', ['ADS-LST-006']),
  fault(
    'ads-promoted-posts-count-unbounded',
    'the promoted posts list ignores count: any value is taken and one page serves every record',
    ['ADS-LST-007'],
  ),
  fault(
    'ads-promoted-post-single-with-deleted-ignored',
    'GET promoted_tweets/:id ignores with_deleted: a deleted promoted post is 404 even with with_deleted=true',
    ['ADS-LST-008'],
  ),
] as const;
