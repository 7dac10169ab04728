// Faults of the sandbox area (suites/ads/sandbox.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const SANDBOX_FAULTS = [
  fault('ads-sandbox-account-as-object', 'the sandbox account creation answers data as an object (not an array)', ['ADS-SBX-001']),
  fault('ads-sandbox-delete-answers-undeleted', 'the sandbox account DELETE answers the record as it was before (deleted = false)', [
    'ADS-SBX-002',
  ]),
  fault('ads-sandbox-features-answer-added-only', 'the sandbox features POST answers only the keys it added, not the resulting list', [
    'ADS-SBX-003',
  ]),
  fault('ads-sandbox-features-any-key', 'the sandbox features POST accepts any upper-case key, also outside the accepted list', [
    'ADS-SBX-004',
  ]),
  fault('ads-sandbox-features-delete-noop', 'the sandbox features DELETE answers but removes nothing', ['ADS-SBX-005']),
  fault('ads-sandbox-features-delete-without-keys', 'the sandbox features DELETE without feature_keys answers 200 (removing nothing)', [
    'ADS-SBX-004',
  ]),
  fault('ads-accounts-list-with-deleted-ignored', 'GET /accounts ignores with_deleted=true: a deleted account is never listed', [
    'ADS-SBX-002',
  ]),
  fault('ads-sandbox-account-delete-on-production', 'DELETE /accounts/:account_id deletes an account on the production address too', [
    'ADS-SBX-006',
  ]),
  fault('ads-sandbox-account-on-production', 'POST /accounts creates an account on the production address too', ['ADS-SBX-006']),
  fault('ads-sandbox-account-not-stored', 'the sandbox account creation answers a new account but keeps none (GET answers 404)', [
    'ADS-SBX-001',
  ]),
  fault(
    'ads-sandbox-delete-not-stored',
    'the sandbox account DELETE answers the record with deleted = true but leaves the account undeleted',
    ['ADS-SBX-002'],
  ),
  fault(
    'ads-sandbox-features-add-not-stored',
    'the sandbox features POST answers the resulting list with the added keys but grants the account none of them',
    ['ADS-SBX-003'],
  ),
  fault('ads-sandbox-features-post-without-keys', 'the sandbox features POST without feature_keys answers 200 (adding nothing)', [
    'ADS-SBX-004',
  ]),
  fault('ads-sandbox-features-on-production', 'POST and DELETE /accounts/:account_id/features are served on the production address too', [
    'ADS-SBX-006',
  ]),
  fault('ads-sandbox-version-not-12', 'the sandbox serves its sandbox-only calls under /11/ instead of the version segment 12', [
    'ADS-SBX-001',
  ]),
] as const;
