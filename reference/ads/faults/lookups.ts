// Faults of the lookups area (suites/ads/lookups.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LOOKUPS_FAULTS = [
  fault(
    'ads-business-categories-iab-joined',
    'advertiser business categories carry iab_categories as one comma-joined string, not an array',
    ['ADS-LKP-001'],
  ),
  fault('ads-content-categories-unmapped', 'content categories are served without their iab_categories', ['ADS-LKP-002']),
  fault('ads-curated-country-codes-250', 'curated_categories accepts up to 250 country_codes instead of 200', ['ADS-LKP-003']),
  fault('ads-curated-ignores-country', 'curated_categories lists every curated category, whatever country_codes asks for', ['ADS-LKP-004']),
  fault('ads-curated-single-lists-all', 'GET curated_categories/:curated_category_id answers the list of all curated categories', [
    'ADS-LKP-005',
  ]),
  fault('ads-placements-filter-ignored', 'GET /line_items/placements ignores product_type and answers every product type', ['ADS-LKP-006']),
  fault('ads-audience-operator-unchecked', 'audience_estimate takes any operator_type (body or criterion) as EQ', ['ADS-LKP-007']),
  fault('ads-publishers-keyed', 'GET /publishers answers data as an object keyed by user_id, not a list', ['ADS-LKP-008']),
  fault('ads-bidding-rules-currency-ignored', "GET /bidding_rules takes currency and lists every currency's rules", ['ADS-LKP-009']),
  fault(
    'ads-bidding-rules-filtered-units',
    'GET /bidding_rules with currency gives the bids in currency units, not the micro units of the full list',
    ['ADS-LKP-009'],
  ),
] as const;
