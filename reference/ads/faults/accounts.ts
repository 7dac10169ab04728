// Faults of the accounts area (suites/ads/accounts.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const ACCOUNTS_FAULTS = [
  fault('ads-other-account-served', "GET /accounts/:account_id serves another user's account", ['ADS-AUTH-001']),
  fault('ads-unauthenticated-accepted', 'a call without an Authorization header is served', ['ADS-AUTH-002']),
  fault(
    'ads-access-unauthenticated',
    'GET /accounts/:account_id/authenticated_user_access is served without an Authorization header (as the app user)',
    ['ADS-AUTH-002'],
  ),
  fault('ads-lookups-unauthenticated', 'the reference lookups (no account in their path) are served without an Authorization header', [
    'ADS-AUTH-002',
  ]),
  fault('ads-writes-unauthenticated', 'POST, PUT and DELETE calls are served without an Authorization header', ['ADS-AUTH-002']),
  fault('ads-account-list-epoch-times', 'GET /accounts lists created_at and updated_at as epoch seconds (not ISO 8601)', ['ADS-ACC-001']),
  fault('ads-accounts-q-case-sensitive', 'q on GET /accounts is a case-sensitive name prefix', ['ADS-ACC-002']),
  fault('ads-accounts-q-anywhere', 'q on GET /accounts matches anywhere in the name, not only at its start', ['ADS-ACC-002']),
  fault('ads-account-ids-first-only', 'account_ids returns only the account of its first id', ['ADS-ACC-003', 'ADS-LST-006']),
  fault('ads-account-single-no-industry-type', 'GET /accounts/:account_id leaves industry_type out', ['ADS-ACC-004']),
  fault('ads-industry-type-unchecked', 'PUT /accounts/:account_id accepts and stores any industry_type', ['ADS-ACC-005']),
  fault('ads-account-apps-tracking-as-string', 'account apps carry conversion_tracking_enabled as a string ("false")', ['ADS-ACC-006']),
  fault('ads-history-minutes-accepted', 'account history accepts start_time and end_time with minutes or seconds', ['ADS-ACC-007']),
  fault('ads-history-count-over-1000', 'account history accepts count up to 5000 (the list maximum is 1000)', ['ADS-ACC-009']),
  fault('ads-history-change-by-id-only', 'account history entries carry change_by as the user id string (no platform)', ['ADS-ACC-008']),
  fault('ads-features-filter-ignored', 'GET features ignores feature_keys and answers every granted feature', ['ADS-FEAT-001']),
  fault('ads-accounts-list-all-users', 'GET /accounts lists the accounts of every user, not only the authenticated one', ['ADS-AUTH-001']),
  fault('ads-any-token-accepted', 'any bearer token is accepted as the credentials of the authenticated user', ['ADS-AUTH-002']),
  fault('ads-token-prefix', "a bearer or OAuth access token that is the app's with its last characters dropped is accepted", [
    'ADS-AUTH-002',
  ]),
  fault('ads-token-case-blind', 'the bearer or OAuth access token is compared without regard to letter case', ['ADS-AUTH-002']),
  fault(
    'ads-version-not-12',
    'the reference lookups (/bidding_rules, /publishers, …; not placements) are served under /11/ instead of /12/',
    ['ADS-ENV-001'],
  ),
] as const;
