// Account features: GET lists the features granted to the account (optionally only the asked
// feature_keys); the sandbox adds (only the accepted keys) and removes features, answering with
// the resulting list.

import { ownAccount } from './context.ts';
import { array } from './envelope.ts';
import { readParams } from './params.ts';
import type { AdsRoute, Call } from './route.ts';

export const READABLE_FEATURE_KEYS = ['REACH_AND_FREQUENCY_ANALYTICS', 'REACH_FREQUENCY_CAP', 'WEBSITE_CLICKS_CPM_BILLING'] as const;

export const SANDBOX_FEATURE_KEYS = [
  'AGE_TARGETING',
  'ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE',
  'AWARENESS_OBJECTIVE',
  'BRAND_TPN',
  'CHARGE_FOR_GOOD_CLICK',
  'CONVERSATION_CARD',
  'CONVERSATION_CARD_FOUR_OPTIONS',
  'CONVERSATION_CARD_UNLOCK',
  'CPI_CHARGING',
  'DIRECT_MESSAGE_CARD',
  'DR_TAP',
  'ENGAGER_RETARGETING',
  'EVENT_TARGETING',
  'INSTALLED_APP_CATEGORY_TARGETING',
  'MOBILE_CONVERSION_TRANSACTION_VALUE',
  'OPTIMIZED_ACTION_BIDDING',
  'REACH_AND_FREQUENCY_ANALYTICS',
  'REACH_FREQUENCY_CAP',
  'VALIDATED_AGE_TARGETING',
  'VIDEO_VIEWS_MIDROLL_OBJECTIVE',
  'PREROLL_VIEWS_OBJECTIVE',
  'VIDEO_APP_DOWNLOAD_CARD',
] as const;

/** the keys the sandbox DELETE accepts (its allowed values are not shown) */
const ANY_KEY = /^[A-Z0-9_]+$/;

function sorted(set: Set<string>): string[] {
  return [...set].sort();
}

function getFeatures(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { feature_keys: { t: 'list', max: 200, values: READABLE_FEATURE_KEYS } });
  Object.assign(call.echo, p);
  const keys = call.ctx.fault('ads-features-filter-ignored') ? undefined : (p.feature_keys as string[] | undefined);
  return array(
    call.echo,
    sorted(acc.features).filter((f) => !keys || keys.includes(f)),
  );
}

function addFeatures(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const accepted = call.ctx.fault('ads-sandbox-features-any-key') ? { pattern: ANY_KEY } : { values: SANDBOX_FEATURE_KEYS };
  // fault ads-sandbox-features-post-without-keys: a POST without feature_keys adds nothing and answers 200
  const required = !call.ctx.fault('ads-sandbox-features-post-without-keys');
  const p = readParams(call.raw, { feature_keys: { t: 'list', max: 200, ...accepted, required } });
  Object.assign(call.echo, p);
  const added = (p.feature_keys as string[] | undefined) ?? [];
  // fault ads-sandbox-features-add-not-stored: the answer holds the added keys, the account gets none
  if (call.ctx.fault('ads-sandbox-features-add-not-stored')) return array(call.echo, sorted(new Set([...acc.features, ...added])));
  for (const k of added) acc.features.add(k);
  return array(call.echo, sorted(call.ctx.fault('ads-sandbox-features-answer-added-only') ? new Set(added) : acc.features));
}

function removeFeatures(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const required = !call.ctx.fault('ads-sandbox-features-delete-without-keys');
  const p = readParams(call.raw, { feature_keys: { t: 'list', max: 200, pattern: ANY_KEY, required } });
  Object.assign(call.echo, p);
  if (!call.ctx.fault('ads-sandbox-features-delete-noop'))
    for (const k of (p.feature_keys as string[] | undefined) ?? []) acc.features.delete(k);
  return array(call.echo, sorted(acc.features));
}

export const featureRoutes: AdsRoute[] = [
  { method: 'GET', path: '/accounts/:account_id/features', handle: getFeatures },
  { method: 'POST', path: '/accounts/:account_id/features', sandboxOnly: true, handle: addFeatures },
  { method: 'DELETE', path: '/accounts/:account_id/features', sandboxOnly: true, handle: removeFeatures },
];
