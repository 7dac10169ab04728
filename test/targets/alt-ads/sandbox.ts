// The sandbox address's own endpoints: creating and deleting accounts, adding and removing
// features. Any other endpoint is served on both addresses (one store).
import { ownAccount } from './auth.ts';
import { createAccount, FEATURE_KEY } from './accounts.ts';
import { notFound } from './errors.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import { accountView } from './views.ts';

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

function create(c: Call): Answer {
  c.p.done();
  const a = createAccount(c.ctx, c.user, { sandbox: true, allowlisted: false });
  return one(c, [accountView(a, true)]);
}

function remove(c: Call): Answer {
  c.p.done();
  const a = ownAccount(c.ctx, c.user, c.path.account_id, { withDeleted: true });
  if (a.deleted) throw notFound('account', a.id);
  a.deleted = true;
  a.updatedAt = c.ctx.clock.now();
  return one(c, accountView(a, true));
}

function addFeatures(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const keys = c.p.list('feature_keys', {
    required: true,
    item: new RegExp(`^(${SANDBOX_FEATURE_KEYS.join('|')})$`),
    itemText: 'not a feature key the sandbox adds',
  });
  c.p.done();
  for (const k of keys ?? []) if (!a.features.includes(k)) a.features.push(k);
  a.updatedAt = c.ctx.clock.now();
  return one(c, [...a.features]);
}

function removeFeatures(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const keys = c.p.list('feature_keys', { required: true, item: FEATURE_KEY, itemText: 'feature keys are upper-case words' });
  c.p.done();
  a.features = a.features.filter((f) => !keys?.includes(f));
  a.updatedAt = c.ctx.clock.now();
  return one(c, [...a.features]);
}

export const sandboxRoutes: Route[] = [
  { method: 'POST', pattern: '/accounts', handler: create, sandboxOnly: true },
  { method: 'DELETE', pattern: '/accounts/:account_id', handler: remove, sandboxOnly: true },
  { method: 'POST', pattern: '/accounts/:account_id/features', handler: addFeatures, sandboxOnly: true },
  { method: 'DELETE', pattern: '/accounts/:account_id/features', handler: removeFeatures, sandboxOnly: true },
];
