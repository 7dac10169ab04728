// What the answers show of each record.
import { isoSeconds } from './clock.ts';
import type {
  Account,
  AccountApp,
  Campaign,
  Ctx,
  LineItem,
  LineItemCuratedCategory,
  MediaCreative,
  PromotableUser,
  PromotedAccount,
  PromotedTweet,
  ScheduledPromotedTweet,
  TargetingCriterion,
} from './store.ts';

type View = Record<string, unknown>;

const times = (r: { createdAt: number; updatedAt: number }) => ({
  created_at: isoSeconds(r.createdAt),
  updated_at: isoSeconds(r.updatedAt),
});

export function accountView(a: Account, single: boolean): View {
  const v: View = {
    id: a.id,
    name: a.name,
    business_name: null,
    business_id: null,
    timezone: a.timezone,
    timezone_switch_at: isoSeconds(a.createdAt),
    approval_status: 'ACCEPTED',
    ...times(a),
    deleted: a.deleted,
  };
  if (single) v.industry_type = a.industryType;
  return v;
}

export function appView(a: AccountApp): View {
  return {
    id: a.id,
    app_store_identifier: a.appStoreIdentifier,
    os_type: a.osType,
    deep_link_pattern: a.deepLinkPattern,
    conversion_tracking_enabled: a.conversionTracking,
    ...times(a),
    deleted: a.deleted,
  };
}

export function campaignView(c: Campaign): View {
  const v: View = {
    id: c.id,
    account_id: c.accountId,
    funding_instrument_id: c.fundingInstrumentId,
    name: c.name,
    entity_status: c.entityStatus,
    budget_optimization: c.budgetOptimization,
    currency: c.currency,
    purchase_order_number: c.purchaseOrderNumber,
    start_time: null,
    end_time: null,
    duration_in_days: null,
    frequency_cap: null,
  };
  if (c.daily !== undefined) v.daily_budget_amount_local_micro = c.daily;
  if (c.total !== undefined) v.total_budget_amount_local_micro = c.total;
  if (c.standardDelivery !== undefined) v.standard_delivery = c.standardDelivery;
  return { ...v, ...times(c), deleted: c.deleted };
}

export function lineItemView(ctx: Ctx, li: LineItem): View {
  const v = li.values;
  const campaign = ctx.st.campaigns.get(li.campaignId);
  return {
    id: li.id,
    campaign_id: li.campaignId,
    account_id: li.accountId,
    name: v.name,
    objective: li.objective,
    product_type: li.productType,
    placements: [...li.placements],
    goal: v.goal,
    bid_strategy: v.bid_strategy,
    bid_amount_local_micro: v.bid_amount_local_micro,
    target_cpa_local_micro: null,
    pay_by: v.pay_by,
    currency: campaign?.currency ?? 'USD',
    start_time: v.start_time,
    end_time: v.end_time,
    duration_in_days: v.duration_in_days,
    frequency_cap: v.frequency_cap,
    audience_expansion: v.audience_expansion,
    daily_budget_amount_local_micro: v.daily_budget_amount_local_micro,
    total_budget_amount_local_micro: v.total_budget_amount_local_micro,
    standard_delivery: campaign?.standardDelivery ?? null,
    entity_status: v.entity_status,
    categories: [...v.categories],
    advertiser_user_id: v.advertiser_user_id,
    advertiser_domain: v.advertiser_domain,
    android_app_store_identifier: v.android_app_store_identifier,
    ios_app_store_identifier: v.ios_app_store_identifier,
    primary_web_event_tag: null,
    automatic_tweet_promotion: false,
    creative_source: 'MANUAL',
    ...times(li),
    deleted: li.deleted,
  };
}

export function curatedLinkView(l: LineItemCuratedCategory): View {
  return { id: l.id, line_item_id: l.lineItemId, curated_category_id: l.curatedCategoryId, ...times(l), deleted: l.deleted };
}

export function mediaCreativeView(m: MediaCreative): View {
  return {
    id: m.id,
    line_item_id: m.lineItemId,
    account_media_id: m.accountMediaId,
    creative_type: m.creativeType,
    landing_url: m.landingUrl,
    ...times(m),
    deleted: m.deleted,
  };
}

export function promotedAccountView(p: PromotedAccount): View {
  return { id: p.id, line_item_id: p.lineItemId, user_id: p.userId, approval_status: 'ACCEPTED', ...times(p), deleted: p.deleted };
}

export function promotedTweetView(p: PromotedTweet): View {
  return {
    id: p.id,
    line_item_id: p.lineItemId,
    tweet_id: p.tweetId,
    entity_status: p.paused || p.deleted ? 'PAUSED' : 'ACTIVE',
    approval_status: 'ACCEPTED',
    ...times(p),
    deleted: p.deleted,
  };
}

export function scheduledView(ctx: Ctx, s: ScheduledPromotedTweet): View {
  const t = ctx.st.scheduledTweets.get(s.scheduledTweetId);
  const published = t !== undefined && ctx.clock.now() >= t.scheduledAt;
  return {
    id: s.id,
    line_item_id: s.lineItemId,
    scheduled_tweet_id: s.scheduledTweetId,
    tweet_id: published ? t.publishedId : null,
    ...times(s),
    deleted: s.deleted,
  };
}

export function targetingView(t: TargetingCriterion, lang?: string): View {
  const v: View = {
    id: t.id,
    line_item_id: t.lineItemId,
    targeting_type: t.targetingType,
    targeting_value: t.targetingValue,
    operator_type: t.operatorType,
    ...times(t),
    deleted: t.deleted,
  };
  if (lang !== undefined) v.localized_name = `${t.targetingType.toLowerCase()}:${t.targetingValue} (${lang})`;
  return v;
}

export function promotableUserView(u: PromotableUser): View {
  return { id: u.id, user_id: u.userId, type: u.type, ...times(u), deleted: u.deleted };
}
