// Faults of the line-items area (suites/ads/line-items/index.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LINE_ITEMS_FAULTS = [
  fault('ads-li-max-any-objective', 'bid_strategy MAX is accepted for every objective, REACH and FOLLOWERS too', ['ADS-LI-001']),
  fault('ads-li-bid-not-required', 'a line item may have bid_strategy MAX or TARGET without a bid amount', ['ADS-LI-002']),
  fault('ads-li-frequency-cap-any-objective', 'frequency_cap is accepted for every objective', ['ADS-LI-003']),
  fault('ads-li-daily-over-total', 'a line item daily budget above its total budget is accepted', ['ADS-LI-004']),
  fault('ads-li-goal-unlisted', 'PUT line item takes a goal outside the list (kept as sent)', ['ADS-LI-005']),
  fault('ads-li-pay-by-any-objective', 'pay_by is changeable for every objective, not only APP_INSTALLS', ['ADS-LI-006']),
  fault('ads-li-app-without-store-id', 'APP_INSTALLS and APP_ENGAGEMENTS line items need no app store identifier', ['ADS-LI-007']),
  fault('ads-li-status-not-kept', 'PUT entity_status answers the state asked for, but the line item keeps its former one', ['ADS-LI-008']),
  fault('ads-li-delete-twice', 'a second DELETE of a line item answers 200 with the record again, not 404', ['ADS-LI-009']),
  fault('ads-li-delete-cascades', 'deleting a line item marks its promoted posts deleted = true', ['ADS-LI-010']),
  fault('ads-li-domain-with-protocol', 'advertiser_domain is taken with a protocol (https://example.com)', ['ADS-LI-011']),
  fault(
    'ads-li-preroll-categories-unchecked',
    'a PREROLL_VIEWS line item is made and kept without categories, or with codes the business categories do not list',
    ['ADS-LI-012'],
  ),
  fault('ads-li-ios-id-any', 'ios_app_store_identifier takes any string, not only the numeric part', ['ADS-LI-013']),
  fault('ads-li-times-any', 'start_time and end_time take any string (kept as sent), not only ISO 8601', ['ADS-LI-014']),
  fault(
    'ads-li-time-offset',
    'a line item keeps and serves start_time and end_time with the offset +02:00 (the same instant), not in UTC',
    ['ADS-LI-014'],
  ),
  fault('ads-li-name-ignored', 'PUT line item answers 200 but leaves the name as it was', ['ADS-LI-015']),
  fault('ads-li-link-clicks-pays-by-click', 'a line item created with goal LINK_CLICKS and no pay_by pays by LINK_CLICK', ['ADS-LI-016']),
  fault(
    'ads-licc-category-optional',
    'POST line_item_curated_categories without curated_category_id creates a record (curated_category_id null)',
    ['ADS-LICC-001'],
  ),
  fault('ads-licc-delete-unmarked', 'DELETE of a line item curated category answers the record with deleted = false', ['ADS-LICC-002']),
  fault('ads-mc-landing-url-optional', 'a media creative of a WEBSITE_CLICKS line item needs no landing_url', ['ADS-MC-001']),
  fault('ads-mc-delete-refused', 'DELETE of a media creative answers 404 MEDIA_CREATIVE_NOT_FOUND and keeps it', ['ADS-MC-002']),
  fault('ads-mc-delete-kept', 'DELETE of a media creative answers 200 with the record (deleted = false) and keeps it', ['ADS-MC-002']),
] as const;
