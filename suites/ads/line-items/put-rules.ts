// The rules of the PUT line item table (Endpoints › Line items): each checks fixed examples of its
// rule first (every listed objective or edge at least once), then random cases from the
// generators: valid PUTs, and PUTs breaking exactly this rule (generators/ads/line-items.ts; the
// machinery in put-rule.ts). The categories rule, ADS-LI-012, is categories-rule.ts.
import { APP_OBJECTIVES, GOALS, NEAR_MISSES } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { ok, record, what } from '../reading/answers.ts';
import { notUtc } from './put-case.ts';
import { ANDROID, BID, example, has, IOS, plainLineItem, putRule } from './put-rule.ts';
import { futureTime, type PutWorld } from './world.ts';

export const putRuleChecks: Record<string, AdsCheck> = {
  'ADS-LI-001': putRule({
    mutations: ['bid-strategy-max-not-for-reach-or-followers', 'bid-strategy-target-only-for-reach-or-website-clicks'],
    valid: { keep: has('bid_strategy') },
    examples: (w) => [
      ...example(w, 'REACH', { bid_strategy: 'MAX', bid_amount_local_micro: BID }, 'bid-strategy-max-not-for-reach-or-followers'),
      ...example(w, 'FOLLOWERS', { bid_strategy: 'MAX', bid_amount_local_micro: BID }, 'bid-strategy-max-not-for-reach-or-followers'),
      ...example(
        w,
        'ENGAGEMENTS',
        { bid_strategy: 'TARGET', bid_amount_local_micro: BID },
        'bid-strategy-target-only-for-reach-or-website-clicks',
      ),
      ...example(
        w,
        'VIDEO_VIEWS',
        { bid_strategy: 'TARGET', bid_amount_local_micro: BID },
        'bid-strategy-target-only-for-reach-or-website-clicks',
      ),
      // on APP_INSTALLS, whose pay_by may change, with pay_by APP_CLICK beside it: a target whose line
      // items pay by IMPRESSION by default (not supported with TARGET) refuses the two above for that
      // too, so this is the one example that breaks the TARGET rule alone whatever the default
      ...example(
        w,
        'APP_INSTALLS',
        { bid_strategy: 'TARGET', bid_amount_local_micro: BID, pay_by: 'APP_CLICK' },
        'bid-strategy-target-only-for-reach-or-website-clicks',
        { current: { android_app_store_identifier: ANDROID } },
      ),
      ...example(w, 'APP_INSTALLS', { pay_by: 'APP_CLICK' }, 'valid', { current: { android_app_store_identifier: ANDROID } }),
      ...example(w, 'ENGAGEMENTS', { bid_strategy: 'MAX', bid_amount_local_micro: BID }, 'valid'),
      ...example(w, 'WEBSITE_CLICKS', { bid_strategy: 'TARGET', bid_amount_local_micro: 2 * BID }, 'valid', {
        current: { bid_strategy: 'TARGET', bid_amount_local_micro: BID },
      }),
      ...example(w, 'REACH', { bid_strategy: 'TARGET', bid_amount_local_micro: 2 * BID }, 'valid', {
        current: { bid_strategy: 'TARGET', bid_amount_local_micro: BID },
      }),
    ],
  }),

  'ADS-LI-002': putRule({
    mutations: ['bid-amount-integer-above-zero', 'bid-amount-required-for-max-or-target'],
    valid: { keep: has('bid_amount_local_micro') },
    examples: (w) => [
      ...example(w, 'ENGAGEMENTS', { bid_strategy: 'MAX' }, 'bid-amount-required-for-max-or-target'),
      ...example(w, 'WEBSITE_CLICKS', { bid_strategy: 'TARGET' }, 'bid-amount-required-for-max-or-target'),
      ...example(w, 'ENGAGEMENTS', { bid_amount_local_micro: 0 }, 'bid-amount-integer-above-zero'),
      ...example(w, 'ENGAGEMENTS', { bid_amount_local_micro: -BID }, 'bid-amount-integer-above-zero'),
      ...example(w, 'ENGAGEMENTS', { bid_amount_local_micro: BID + 0.5 }, 'bid-amount-integer-above-zero'),
      ...example(w, 'ENGAGEMENTS', { bid_amount_local_micro: 1 }, 'valid'),
      ...example(w, 'ENGAGEMENTS', { bid_strategy: 'MAX', bid_amount_local_micro: BID }, 'valid'),
    ],
  }),

  'ADS-LI-003': putRule({
    mutations: ['frequency-cap-only-for-listed-objectives', 'duration-in-days-1-7-30'],
    valid: { keep: (c) => has('frequency_cap')(c) || has('duration_in_days')(c) },
    examples: (w) => [
      ...example(w, 'WEBSITE_CLICKS', { frequency_cap: 3 }, 'frequency-cap-only-for-listed-objectives'),
      ...example(w, 'FOLLOWERS', { frequency_cap: 3, duration_in_days: 7 }, 'frequency-cap-only-for-listed-objectives'),
      ...example(w, 'APP_INSTALLS', { frequency_cap: 2 }, 'frequency-cap-only-for-listed-objectives', {
        current: { android_app_store_identifier: ANDROID },
      }),
      ...example(w, 'ENGAGEMENTS', { duration_in_days: 14 }, 'duration-in-days-1-7-30'),
      ...example(w, 'REACH', { frequency_cap: 5, duration_in_days: 0 }, 'duration-in-days-1-7-30'),
      ...example(w, 'ENGAGEMENTS', { frequency_cap: 3, duration_in_days: 7 }, 'valid'),
      ...example(w, 'REACH', { frequency_cap: 10, duration_in_days: 30 }, 'valid'),
      ...example(w, 'VIDEO_VIEWS', { frequency_cap: 1, duration_in_days: 1 }, 'valid'),
      ...example(w, 'PREROLL_VIEWS', { frequency_cap: 2 }, 'valid', { current: { categories: w.preroll[0] } }),
    ],
  }),

  'ADS-LI-004': putRule({
    mutations: ['daily-budget-only-with-line-item-optimization', 'daily-budget-at-most-total', 'budget-integer'],
    valid: { keep: (c) => has('daily_budget_amount_local_micro')(c) || has('total_budget_amount_local_micro')(c) },
    examples: (w) => [
      ...example(w, 'ENGAGEMENTS', { daily_budget_amount_local_micro: 1_000_000 }, 'daily-budget-only-with-line-item-optimization'),
      ...example(
        w,
        'ENGAGEMENTS',
        { total_budget_amount_local_micro: 50_000_000, daily_budget_amount_local_micro: 5_000_000 },
        'daily-budget-only-with-line-item-optimization',
      ),
      ...example(
        w,
        'ENGAGEMENTS',
        { total_budget_amount_local_micro: 10_000_000, daily_budget_amount_local_micro: 20_000_000 },
        'daily-budget-at-most-total',
        { optimization: 'LINE_ITEM' },
      ),
      ...example(w, 'ENGAGEMENTS', { daily_budget_amount_local_micro: 10_000_001 }, 'daily-budget-at-most-total', {
        optimization: 'LINE_ITEM',
        current: { total_budget_amount_local_micro: 10_000_000 },
      }),
      ...example(w, 'ENGAGEMENTS', { total_budget_amount_local_micro: 5_000_000.5 }, 'budget-integer'),
      ...example(w, 'ENGAGEMENTS', { daily_budget_amount_local_micro: 1_000_000.5 }, 'budget-integer', {
        optimization: 'LINE_ITEM',
        current: { total_budget_amount_local_micro: 10_000_000 },
      }),
      ...example(w, 'ENGAGEMENTS', { total_budget_amount_local_micro: 10_000_000, daily_budget_amount_local_micro: 10_000_000 }, 'valid', {
        optimization: 'LINE_ITEM',
      }),
      ...example(w, 'ENGAGEMENTS', { daily_budget_amount_local_micro: 4_000_000 }, 'valid', {
        optimization: 'LINE_ITEM',
        current: { total_budget_amount_local_micro: 10_000_000 },
      }),
    ],
  }),

  'ADS-LI-005': putRule({
    mutations: ['entity-status-active-or-paused', 'audience-expansion-enum', 'goal-enum', 'pay-by-enum', 'bid-strategy-enum'],
    valid: { keep: (c) => ['entity_status', 'audience_expansion', 'goal', 'pay_by', 'bid_strategy'].some((k) => has(k)(c)) },
    examples: (w) => [
      ...example(w, 'ENGAGEMENTS', { entity_status: 'DRAFT' }, 'entity-status-active-or-paused'),
      ...example(w, 'ENGAGEMENTS', { audience_expansion: 'NARROW' }, 'audience-expansion-enum'),
      ...example(w, 'ENGAGEMENTS', { goal: 'CONVERSIONS' }, 'goal-enum'),
      ...example(w, 'ENGAGEMENTS', { bid_strategy: 'MANUAL' }, 'bid-strategy-enum'),
      ...example(w, 'APP_INSTALLS', { pay_by: 'ENGAGEMENT' }, 'pay-by-enum', { current: { android_app_store_identifier: ANDROID } }),
      // near misses of the listed values (a singular, a plural, a sibling list's value), in every run
      ...NEAR_MISSES.goal.flatMap((goal) => example(w, 'ENGAGEMENTS', { goal }, 'goal-enum')),
      ...NEAR_MISSES.pay_by.flatMap((payBy) =>
        example(w, 'APP_INSTALLS', { pay_by: payBy }, 'pay-by-enum', { current: { android_app_store_identifier: ANDROID } }),
      ),
      ...NEAR_MISSES.audience_expansion.flatMap((v) => example(w, 'ENGAGEMENTS', { audience_expansion: v }, 'audience-expansion-enum')),
      ...NEAR_MISSES.bid_strategy.flatMap((v) => example(w, 'ENGAGEMENTS', { bid_strategy: v }, 'bid-strategy-enum')),
      ...example(w, 'ENGAGEMENTS', { audience_expansion: 'BROAD' }, 'valid'),
      ...example(w, 'ENGAGEMENTS', { audience_expansion: 'DEFINED', goal: 'ENGAGEMENT' }, 'valid'),
      ...example(w, 'ENGAGEMENTS', { audience_expansion: 'EXPANDED', entity_status: 'PAUSED' }, 'valid'),
      // each listed goal, in every run (a goal the objective cannot take leaves its case open, not failed)
      ...GOALS.flatMap((goal) => example(w, 'ENGAGEMENTS', { goal }, 'valid')),
    ],
  }),

  'ADS-LI-006': putRule({
    mutations: ['pay-by-changeable-only-for-app-installs', 'pay-by-impression-not-with-target'],
    valid: { options: { objectives: ['APP_INSTALLS'] }, keep: has('pay_by') },
    examples: (w) => [
      ...example(w, 'ENGAGEMENTS', { pay_by: 'LINK_CLICK' }, 'pay-by-changeable-only-for-app-installs'),
      ...example(w, 'FOLLOWERS', { pay_by: 'APP_CLICK' }, 'pay-by-changeable-only-for-app-installs'),
      ...example(w, 'WEBSITE_CLICKS', { bid_strategy: 'TARGET', bid_amount_local_micro: BID }, 'pay-by-impression-not-with-target'),
      ...example(w, 'REACH', { bid_strategy: 'TARGET', bid_amount_local_micro: BID }, 'pay-by-impression-not-with-target', {
        current: { bid_strategy: 'TARGET', bid_amount_local_micro: BID },
      }),
      ...['APP_CLICK', 'LINK_CLICK', 'IMPRESSION'].flatMap((payBy) =>
        example(w, 'APP_INSTALLS', { pay_by: payBy }, 'valid', { current: { android_app_store_identifier: ANDROID } }),
      ),
    ],
    // whatever pay_by an ENGAGEMENTS line item has (its record may not show it), it never changes:
    // a PUT of each value is refused, or accepted with pay_by left as it was ("changeable only for
    // APP_INSTALLS" does not say such a PUT is refused)
    more: async (ctx: AdsCtx, w: PutWorld) => {
      const id = await plainLineItem(ctx, w, 'ENGAGEMENTS');
      const shown = new Set<string>();
      const accepted: string[] = [];
      for (const payBy of ['APP_CLICK', 'LINK_CLICK', 'IMPRESSION']) {
        const res = await ctx.api.ads.call('PUT', `/accounts/${w.account}/line_items/${id}`, { query: { pay_by: payBy } });
        if (!ok(res)) continue;
        accepted.push(payBy);
        const now = record(res).pay_by;
        if (typeof now === 'string') shown.add(now);
      }
      ctx.check(
        shown.size <= 1,
        `an ENGAGEMENTS line item took pay_by ${accepted.join(', then ')} and showed pay_by ${[...shown].join(', then ')}: it changed, which only APP_INSTALLS allows`,
      ); // "IMPRESSION … not supported with bid_strategy TARGET": a WEBSITE_CLICKS line item (IMPRESSION by
      // default for its LINK_CLICKS goal) moved to TARGET is refused, or no longer pays by IMPRESSION
      const web = await plainLineItem(ctx, w, 'WEBSITE_CLICKS');
      const target = await ctx.api.ads.call('PUT', `/accounts/${w.account}/line_items/${web}`, {
        query: { bid_strategy: 'TARGET', bid_amount_local_micro: BID },
      });
      if (ok(target))
        ctx.check(
          record(target).pay_by !== 'IMPRESSION',
          'a WEBSITE_CLICKS line item moved to bid_strategy TARGET pays by IMPRESSION, which TARGET does not support',
        );
    },
  }),

  'ADS-LI-007': putRule({
    mutations: ['app-store-identifier-required-for-app-objectives'],
    valid: { options: { objectives: [...APP_OBJECTIVES] } },
    examples: (w, ctx) => [
      ...example(w, 'APP_INSTALLS', { entity_status: 'PAUSED' }, 'app-store-identifier-required-for-app-objectives', {
        need: { android_app_store_identifier: ANDROID },
      }),
      ...example(w, 'APP_ENGAGEMENTS', { name: ctx.api.name('li') }, 'app-store-identifier-required-for-app-objectives', {
        need: { ios_app_store_identifier: IOS },
      }),
      ...example(w, 'APP_INSTALLS', { android_app_store_identifier: `${ANDROID}.other` }, 'valid', {
        current: { android_app_store_identifier: ANDROID },
      }),
      ...example(w, 'APP_ENGAGEMENTS', { ios_app_store_identifier: '333903272' }, 'valid', {
        current: { ios_app_store_identifier: IOS },
      }),
      ...example(w, 'APP_INSTALLS', { ios_app_store_identifier: IOS }, 'valid', { current: { android_app_store_identifier: ANDROID } }),
    ],
  }),

  'ADS-LI-011': putRule({
    mutations: ['advertiser-domain-without-protocol', 'advertiser-domain-required-for-publisher-network'],
    valid: { keep: has('advertiser_domain') },
    examples: (w) => [
      ...example(w, 'ENGAGEMENTS', { advertiser_domain: 'https://example.com' }, 'advertiser-domain-without-protocol'),
      ...example(w, 'ENGAGEMENTS', { advertiser_domain: 'http://shop.example.com' }, 'advertiser-domain-without-protocol'),
      ...example(w, 'ENGAGEMENTS', { advertiser_domain: 'example.com' }, 'valid'),
      ...example(w, 'ENGAGEMENTS', { entity_status: 'PAUSED' }, 'advertiser-domain-required-for-publisher-network', {
        pn: true,
        current: { categories: w.categories[0] },
        need: { advertiser_domain: 'example.com' },
      }),
      ...example(w, 'ENGAGEMENTS', { advertiser_domain: 'shop.example.com' }, 'valid', {
        pn: true,
        current: { advertiser_domain: 'example.com', categories: w.categories[0] },
      }),
    ],
  }),

  'ADS-LI-013': putRule({
    mutations: ['ios-app-store-identifier-numeric'],
    valid: { keep: has('ios_app_store_identifier') },
    examples: (w) => [
      ...example(w, 'APP_INSTALLS', { ios_app_store_identifier: `id${IOS}` }, 'ios-app-store-identifier-numeric', {
        current: { android_app_store_identifier: ANDROID },
      }),
      ...example(w, 'ENGAGEMENTS', { ios_app_store_identifier: 'com.example.app' }, 'ios-app-store-identifier-numeric'),
      ...example(w, 'APP_ENGAGEMENTS', { ios_app_store_identifier: IOS }, 'valid', { current: { android_app_store_identifier: ANDROID } }),
    ],
  }),

  'ADS-LI-014': putRule({
    mutations: ['times-iso-8601'],
    valid: { keep: (c) => has('start_time')(c) || has('end_time')(c) },
    options: { verify: ['start_time', 'end_time'] },
    examples: (w) => {
      const [y, m, d] = futureTime(3).slice(0, 10).split('-');
      return [
        ...example(w, 'ENGAGEMENTS', { start_time: 'next monday' }, 'times-iso-8601'),
        ...example(w, 'ENGAGEMENTS', { end_time: `${m}/${d}/${y} 10:00` }, 'times-iso-8601'),
        ...example(w, 'ENGAGEMENTS', { start_time: new Date(futureTime(3)).toUTCString() }, 'times-iso-8601'),
        ...example(w, 'ENGAGEMENTS', { start_time: futureTime(1), end_time: futureTime(30, 18) }, 'valid'),
      ];
    },
    // an ISO 8601 time with an offset other than Z is ISO 8601 too: accepted, as the same instant
    more: async (ctx: AdsCtx, w: PutWorld) => {
      const id = await plainLineItem(ctx, w, 'ENGAGEMENTS');
      const utc = futureTime(5, 10);
      const offset = `${utc.slice(0, 11)}12:00:00+02:00`;
      const res = await ctx.api.ads.call('PUT', `/accounts/${w.account}/line_items/${id}`, { query: { start_time: offset } });
      ctx.check(ok(res), `PUT start_time=${offset} (ISO 8601 with an offset) was refused: ${what(res)}`, res);
      const got = record(res).start_time;
      ctx.check(
        typeof got === 'string' && Date.parse(got) === Date.parse(utc),
        `PUT start_time=${offset}: the answer's start_time is ${JSON.stringify(got)}, not the instant ${utc}`,
      );
      // the record's time is written in UTC, whatever offset it was given in ("Timestamps are ISO 8601 UTC")
      ctx.check(
        !notUtc(record(res), 'start_time'),
        `PUT start_time=${offset}: the answer's start_time ${JSON.stringify(got)} is the instant, but not in UTC (Timestamps are ISO 8601 UTC: Z or +00:00)`,
      );
    },
  }),

  'ADS-LI-015': putRule({
    mutations: [],
    valid: {},
    options: { verify: 'all', shape: true },
    examples: (w, ctx) => [
      ...example(w, 'ENGAGEMENTS', { name: ctx.api.name('renamed') }, 'valid'),
      ...example(w, 'ENGAGEMENTS', { total_budget_amount_local_micro: 7_000_000 }, 'valid'),
      ...example(
        w,
        'WEBSITE_CLICKS',
        {
          name: ctx.api.name('renamed'),
          audience_expansion: 'EXPANDED',
          goal: 'LINK_CLICKS',
          bid_strategy: 'MAX',
          bid_amount_local_micro: BID,
        },
        'valid',
      ),
      // "AUTO (ignores bid amount)": accepted; whether the bid is kept is not said (not verified)
      ...example(w, 'ENGAGEMENTS', { bid_strategy: 'AUTO', bid_amount_local_micro: BID }, 'valid'),
    ],
  }),
};
