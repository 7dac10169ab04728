// Faults of the lists area (suites/ads/lists.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LISTS_FAULTS = [
  fault('ads-count-default-100', 'a list asked without count serves pages of 100 records (not 200)', ['ADS-LST-001']),
  fault('ads-count-above-max-accepted', 'count above 1000 is accepted (the page holds up to count records)', [
    'ADS-LST-002',
    'ADS-LST-007',
    'ADS-SPT-004',
    'ADS-ACC-009',
  ]),
  fault(
    'ads-cursor-repeats-last',
    "next_cursor of a page of 2 or more records points before the page's last record, which the next page serves again",
    ['ADS-LST-003'],
  ),
  fault('ads-with-deleted-false-as-true', 'with_deleted=false lists deleted records, as with_deleted=true does', [
    'ADS-LST-004',
    'ADS-LST-009',
    'ADS-SPT-004',
    'ADS-SBX-002',
  ]),
  fault('ads-total-count-with-cursor-accepted', 'with_total_count=true together with a cursor is served (not refused)', [
    'ADS-LST-005',
    'ADS-LST-010',
    'ADS-SPT-004',
  ]),
  fault('ads-total-count-of-page', 'total_count counts the records of the page served, not of the list', ['ADS-LST-010', 'ADS-SPT-004']),
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
  fault('ads-account-apps-with-deleted-refused', 'the account apps list refuses the parameter with_deleted (400)', ['ADS-LST-009']),
  fault(
    'ads-pa-list-with-deleted-ignored',
    'the promoted accounts list ignores with_deleted=true: a deleted promoted account is never listed',
    ['ADS-LST-009'],
  ),
  fault(
    'ads-pa-single-with-deleted-ignored',
    'GET promoted_accounts/:id ignores with_deleted: a deleted promoted account is 404 even with with_deleted=true',
    ['ADS-LST-009'],
  ),
  fault('ads-pu-list-with-deleted-refused', 'the promotable users list refuses the parameter with_deleted (400)', ['ADS-LST-009']),
  fault(
    'ads-pu-single-with-deleted-hides',
    'GET promotable_users/:id with with_deleted=true serves deleted promotable users only: a promotable user not deleted is 404',
    ['ADS-LST-009'],
  ),
  fault('ads-accounts-list-total-count-missing', 'GET /accounts with with_total_count=true answers no total_count', ['ADS-LST-010']),
  fault('ads-licc-list-total-count-missing', 'the line item curated categories list with with_total_count=true answers no total_count', [
    'ADS-LST-010',
  ]),
  fault(
    'ads-promoted-posts-total-count-with-cursor-accepted',
    'the promoted posts list serves with_total_count=true together with a cursor (not refused)',
    ['ADS-LST-010'],
  ),
  fault(
    'ads-licc-list-count-unbounded',
    'the line item curated categories list ignores count: any value is taken and one page serves every record',
    ['ADS-LST-007'],
  ),
  fault('ads-total-count-limit-201', 'requests with with_total_count are limited to 201 per 15 minutes (not 200)', ['ADS-LST-011']),
  fault('ads-total-count-limit-199', 'requests with with_total_count are limited to 199 per 15 minutes (not 200)', ['ADS-LST-011']),
  fault('ads-total-count-window-30-minutes', 'requests with with_total_count are limited to 200 per 30 minutes (not 15)', ['ADS-LST-011']),
] as const;
