/**
 * The shared generator contract (../contracts.ts: same seed -> same values; every
 * value keeps the rule it claims; every declared mutation is produced) applied to
 * every arbitrary of generators/ads/, with oracles written from the document
 * (./oracles.ts: the ads schemas plus cross-member predicates). Valid values pass
 * their schema; each mutation breaks exactly the rule it names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as ads from '../../../generators/ads/index.ts';
import { validateAds } from '../../../schemas/ads/index.ts';
import { assertArbitraryContract, violations, type ArbitraryContract } from '../data-api/contracts.ts';
import {
  breaksExactly,
  campaignCreateRulesBroken,
  campaignUpdateRulesBroken,
  keepsAll,
  lineItemRulesBroken,
  type Case,
} from './oracles.ts';

const schemaErrors = (name: Parameters<typeof validateAds>[0], v: unknown) => validateAds(name, v).errors.map((e) => `${name} ${e}`);
const paths = (name: Parameters<typeof validateAds>[0], v: unknown) =>
  [...new Set(validateAds(name, v).errors.map((e) => e.slice(0, e.indexOf(':'))))].sort();
const STORED: ads.StoredCampaign[] = [
  { budget_optimization: 'CAMPAIGN' },
  { budget_optimization: 'LINE_ITEM', daily_budget_amount_local_micro: 5_000_000, total_budget_amount_local_micro: 9_000_000 },
];
const ISO_UTC = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;
const chars = (s: string) => [...s].length;
/** posts a target knows, more than one promoted post creation takes */
const KNOWN_POSTS = Array.from({ length: 60 }, (_, i) => String(1_460_000_000_000_000_000n + BigInt(i)));

/** The generators' own rule functions agree with the independent oracle. */
function agrees(ours: string[], oracle: string[]): string[] {
  return JSON.stringify([...ours].sort()) === JSON.stringify(oracle) ? [] : [`rules.ts says [${ours}], the oracle [${oracle}]`];
}

const contracts: Array<ArbitraryContract<any>> = [
  // values
  { name: 'adsId', make: () => ads.adsId, check: (v: string) => violations([[/^[0-9a-z]{1,12}$/.test(v), `${v} is not a base-36 id`]]) },
  {
    name: 'numericId',
    make: () => ads.numericId,
    check: (v: string) => violations([[/^[1-9][0-9]{0,18}$/.test(v), `${v} is not a numeric id`]]),
  },
  {
    name: 'notALong',
    make: () => ads.notALong,
    check: (v: string) => violations([[!/^-?[0-9]+$/.test(v) && v !== '', `${v} is a long`]]),
  },
  {
    name: 'outside (budget_optimization, entity_status)',
    make: () => fc.oneof(ads.outside(ads.BUDGET_OPTIMIZATIONS), ads.outside(ads.CAMPAIGN_STATUSES)),
    check: (v: unknown) =>
      violations([
        [
          !(ads.BUDGET_OPTIMIZATIONS as readonly unknown[]).includes(v) && !(ads.CAMPAIGN_STATUSES as readonly unknown[]).includes(v),
          `${v} is in the set`,
        ],
        // whether "" counts as a value or as not given is not said: never generated
        [v !== '', 'the empty value'],
      ]),
  },
  {
    name: 'microAmount',
    make: () => ads.microAmount,
    check: (v: number) => violations([[Number.isSafeInteger(v) && v > 0, `${v} is not a positive integer`]]),
  },
  {
    name: 'budgetPair',
    make: () => ads.budgetPair,
    check: (b: { daily: number; total: number }) =>
      violations([[Number.isSafeInteger(b.daily) && Number.isSafeInteger(b.total) && b.daily <= b.total, 'daily > total']]),
  },
  {
    name: 'nameOf(255, prefix)',
    make: () => ads.nameOf(255, 'conform-run-7 '),
    check: (v: string) =>
      violations([
        [chars(v) >= 15 && chars(v) <= 255 && v.startsWith('conform-run-7 '), `bad name length ${chars(v)}`],
        [v === v.trim(), `${JSON.stringify(v)} has surrounding spaces`],
      ]),
  },
  {
    name: 'isoTimestamp',
    make: () => ads.isoTimestamp,
    check: (v: string) => violations([[ISO_UTC.test(v) && !Number.isNaN(Date.parse(v)), `${v}`]]),
  },
  {
    name: 'wholeHourTimestamp',
    make: () => ads.wholeHourTimestamp,
    check: (v: string) => violations([[ISO_UTC.test(v) && v.endsWith(':00:00Z'), `${v}`]]),
  },
  {
    name: 'wholeHourRange',
    make: () => ads.wholeHourRange,
    check: (r: { start_time: string; end_time: string }) =>
      violations([[Date.parse(r.start_time) < Date.parse(r.end_time) && r.end_time.endsWith(':00:00Z'), 'not a whole-hour range']]),
  },
  {
    name: 'timestampMutation',
    make: () => ads.wholeHourTimestamp.chain((t) => ads.timestampMutation(t)),
    check: (m: ads.Mutated<string>) =>
      violations([
        [
          paths('account-history-params', {
            entity_type: 'CAMPAIGN',
            entity_id: 'a',
            start_time: m.value,
            end_time: '2030-01-01T00:00:00Z',
          }).join() === '/start_time',
          `${m.mutation} ${m.value} is accepted`,
        ],
      ]),
    mutations: ads.TIMESTAMP_MUTATIONS,
  },
  { name: 'digitsId', make: () => ads.digitsId, check: (v: string) => violations([[/^[1-9][0-9]{5,11}$/.test(v), v]]) },
  // campaigns
  {
    name: 'campaignCreateParams',
    make: () => ads.campaignCreateParams({ namePrefix: 'run-1 ' }),
    check: (p: any) => [
      ...keepsAll(campaignCreateRulesBroken(p)),
      ...agrees(ads.campaignCreateViolations(p), []),
      ...violations([[p.name.startsWith('run-1 '), 'prefix lost']]),
    ],
  },
  {
    name: 'campaignCreateParams(statuses: PAUSED)',
    make: () => ads.campaignCreateParams({ statuses: ['PAUSED'], fundingInstrumentId: 'lygyi' }),
    check: (p: any) => [
      ...keepsAll(campaignCreateRulesBroken(p)),
      ...violations([[p.entity_status === 'PAUSED' && p.funding_instrument_id === 'lygyi', 'options ignored']]),
    ],
  },
  {
    name: 'campaignCreateMutation',
    make: () => ads.campaignCreateMutation(),
    check: (m: ads.Mutated<any>) => [
      ...breaksExactly(campaignCreateRulesBroken(m.value), m.mutation),
      ...agrees(ads.campaignCreateViolations(m.value), [m.mutation]),
    ],
    mutations: ads.CAMPAIGN_CREATE_MUTATIONS,
  },
  ...STORED.flatMap(
    (stored, i): Array<ArbitraryContract<any>> => [
      {
        name: `campaignUpdateParams(stored ${i})`,
        make: () => ads.campaignUpdateParams(stored),
        check: (p: any) => [
          ...keepsAll(campaignUpdateRulesBroken(p, stored)),
          ...agrees(ads.campaignUpdateViolations(p, stored), []),
          ...violations([[Object.keys(p).length > 0, 'empty PUT']]),
        ],
      },
      {
        name: `campaignUpdateMutation(stored ${i})`,
        make: () => ads.campaignUpdateMutation(stored),
        check: (m: ads.Mutated<any>) => [
          ...breaksExactly(campaignUpdateRulesBroken(m.value, stored), m.mutation),
          ...agrees(ads.campaignUpdateViolations(m.value, stored), [m.mutation]),
        ],
        mutations: ads.CAMPAIGN_UPDATE_MUTATIONS,
      },
    ],
  ),
  {
    name: 'storedCampaign',
    make: () => ads.storedCampaign,
    check: (s: ads.StoredCampaign) =>
      violations([
        [(s.daily_budget_amount_local_micro ?? 0) <= (s.total_budget_amount_local_micro ?? Number.MAX_SAFE_INTEGER), 'daily > total'],
      ]),
  },
  // line items
  {
    name: 'iabCategories',
    make: () => ads.iabCategories,
    check: (v: string) =>
      violations([
        [/^IAB[0-9]+(-[0-9]+)?(,IAB[0-9]+(-[0-9]+)?)?$/.test(v), `${v} is not one or two IAB codes`],
        [new Set(v.split(',')).size === v.split(',').length, `${v} repeats a code`],
      ]),
  },
  {
    name: 'lineItemContext',
    make: () => ads.lineItemContext(),
    check: (c: Case['context']) => keepsAll(lineItemRulesBroken({ context: c, params: {} })),
  },
  {
    name: 'lineItemUpdateCase',
    make: () => ads.lineItemUpdateCase(),
    check: (c: Case) => [
      ...keepsAll(lineItemRulesBroken(c)),
      ...agrees(ads.lineItemUpdateViolations(c.params, c.context as ads.LineItemContext), []),
      ...schemaErrors('line-item-update-params', c.params),
    ],
  },
  {
    name: 'lineItemUpdateMutation',
    make: () => ads.lineItemUpdateMutation(),
    check: (m: ads.Mutated<Case>) => [
      ...breaksExactly(lineItemRulesBroken(m.value), m.mutation),
      ...agrees(ads.lineItemUpdateViolations(m.value.params, m.value.context as ads.LineItemContext), [m.mutation]),
    ],
    mutations: ads.LINE_ITEM_UPDATE_MUTATIONS,
  },
  // lists
  {
    name: 'listParams',
    make: () => ads.listParams({ sortBy: ads.sortByValues(['name', 'created_at']) }),
    check: (p: unknown) => schemaErrors('list-params', p),
  },
  {
    name: 'listParams(countMax 100)',
    make: () => ads.listParams({ countMax: 100, cursors: ['c1', 'c2'] }),
    check: (p: any) => [
      ...schemaErrors('list-params', p),
      ...violations([
        [(p.count ?? 1) <= 100, 'count above 100'],
        [p.cursor === undefined || ['c1', 'c2'].includes(p.cursor), 'unknown cursor'],
      ]),
    ],
  },
  {
    name: 'listParamsMutation',
    make: () => ads.listParamsMutation(),
    check: (m: ads.Mutated<any>) =>
      violations([
        [
          paths('list-params', m.value).join() === (m.mutation === 'with-total-count-with-cursor' ? '(root)' : '/count'),
          `${m.mutation} rejected at ${paths('list-params', m.value)}`,
        ],
      ]),
    mutations: ads.LIST_PARAMS_MUTATIONS,
  },
  {
    name: 'listParamsMutation(countMax 200)',
    make: () => ads.listParamsMutation({ countMax: 200 }),
    check: (m: ads.Mutated<any>) =>
      m.mutation === 'count-above-max'
        ? violations([[m.value.count > 200 && Number.isInteger(m.value.count), 'not above 200']])
        : violations([[!validateAds('list-params', m.value).ok, 'accepted']]),
  },
  {
    name: 'countOutOfRange',
    make: () => ads.countOutOfRange(),
    check: (c: number) => violations([[paths('list-params', { count: c }).join() === '/count', `count ${c} is accepted`]]),
  },
  {
    name: 'idFilter',
    make: () => ads.idFilter(),
    check: (ids: string[]) => [
      ...schemaErrors('list-params', { campaign_ids: ids }),
      ...violations([[new Set(ids).size === ids.length, 'repeats']]),
    ],
  },
  {
    name: 'idFilterTooLong',
    make: () => ads.idFilterTooLong(),
    check: (ids: string[]) =>
      violations([
        [
          ids.length > 200 &&
            ids.length <= 400 &&
            new Set(ids).size === ids.length &&
            paths('list-params', { campaign_ids: ids }).join() === '/campaign_ids',
          `${ids.length} ids`,
        ],
      ]),
  },
  {
    name: 'idList(3, 5)',
    make: () => ads.idList(3, 5),
    check: (ids: string[]) => violations([[ids.length >= 3 && ids.length <= 5 && new Set(ids).size === ids.length, 'bad list']]),
  },
  {
    name: 'tweetIds',
    make: () => ads.tweetIds,
    check: (ids: string[]) => schemaErrors('promoted-tweets-create-params', { line_item_id: 'l', tweet_ids: ids }),
  },
  {
    name: 'tweetIdsTooMany',
    make: () => ads.tweetIdsTooMany,
    check: (ids: string[]) =>
      violations([
        [paths('promoted-tweets-create-params', { line_item_id: 'l', tweet_ids: ids }).join() === '/tweet_ids', `${ids.length} accepted`],
      ]),
  },
  {
    name: 'tweetIdsOf(known)',
    make: () => ads.tweetIdsOf(KNOWN_POSTS),
    check: (ids: string[]) => [
      ...schemaErrors('promoted-tweets-create-params', { line_item_id: 'l', tweet_ids: ids }),
      ...violations([[new Set(ids).size === ids.length && ids.every((i) => KNOWN_POSTS.includes(i)), 'not distinct known posts']]),
    ],
  },
  {
    name: 'tweetIdsTooManyOf(known)',
    make: () => ads.tweetIdsTooManyOf(KNOWN_POSTS),
    check: (ids: string[]) =>
      violations([
        [paths('promoted-tweets-create-params', { line_item_id: 'l', tweet_ids: ids }).join() === '/tweet_ids', `${ids.length} accepted`],
        [new Set(ids).size === ids.length && ids.every((i) => KNOWN_POSTS.includes(i)), 'not distinct known posts'],
      ]),
  },
  {
    name: 'countryCodes',
    make: () => ads.countryCodes,
    check: (cs: string[]) => schemaErrors('curated-categories-params', { country_codes: cs }),
  },
  {
    name: 'countryCodesMutation',
    make: () => ads.countryCodesMutation,
    check: (m: ads.Mutated<string[]>) =>
      violations([
        [
          paths('curated-categories-params', { country_codes: m.value }).every((p) => p.startsWith('/country_codes')) &&
            !validateAds('curated-categories-params', { country_codes: m.value }).ok,
          m.mutation,
        ],
      ]),
    mutations: ads.COUNTRY_CODES_MUTATIONS,
  },
  {
    name: 'assignedCountryCodes',
    make: () => ads.assignedCountryCodes,
    check: (cs: string[]) => [
      ...schemaErrors('curated-categories-params', { country_codes: cs }),
      ...violations([
        [cs.every((c) => ads.ISO_COUNTRY_CODES.includes(c)) && new Set(cs).size === cs.length, `${cs} not distinct ISO codes`],
      ]),
    ],
  },
  {
    name: 'assignedCountryCodesTooMany',
    make: () => ads.assignedCountryCodesTooMany,
    check: (cs: string[]) =>
      violations([
        [paths('curated-categories-params', { country_codes: cs }).join() === '/country_codes', `${cs.length} codes accepted`],
        [cs.every((c) => ads.ISO_COUNTRY_CODES.includes(c)) && new Set(cs).size === cs.length, 'not distinct ISO codes'],
      ]),
  },
  {
    name: 'sandboxFeatureKeys',
    make: () => ads.sandboxFeatureKeys,
    check: (ks: string[]) => schemaErrors('feature-keys-params', { feature_keys: ks }),
  },
  {
    name: 'featureKeysMutation',
    make: () => ads.featureKeysMutation,
    check: (m: ads.Mutated<string[]>) =>
      violations([[!validateAds('feature-keys-params', { feature_keys: m.value }).ok, `${m.mutation} accepted`]]),
    mutations: ads.FEATURE_KEYS_MUTATIONS,
  },
  // audience estimate
  {
    name: 'audienceEstimateBody',
    make: () => ads.audienceEstimateBody(),
    check: (b: ads.AudienceEstimateBody) => [
      ...schemaErrors('audience-estimate-request', b),
      ...violations([
        [
          b.targeting_criteria.some((c) => (ads.PRIMARY_TARGETING_TYPES as readonly string[]).includes(c.targeting_type)),
          'no primary criterion',
        ],
      ]),
    ],
  },
  {
    name: 'audienceEstimateMutation',
    make: () => ads.audienceEstimateMutation(),
    check: (m: ads.Mutated<any>) => {
      const p = paths('audience-estimate-request', m.value);
      const expected: Record<string, (ps: string[]) => boolean> = {
        'no-primary-criterion': (ps) =>
          ps.length === 0 &&
          !m.value.targeting_criteria.some((c: any) => (ads.PRIMARY_TARGETING_TYPES as readonly string[]).includes(c.targeting_type)),
        'empty-targeting-criteria': (ps) => ps.join() === '/targeting_criteria',
        'missing-targeting-criteria': (ps) => ps.join() === '(root)',
        'operator-type-outside-set': (ps) => ps.length === 1 && ps[0].endsWith('/operator_type'),
      };
      return violations([[expected[m.mutation]?.(p) === true, `${m.mutation}: errors at ${p}`]]);
    },
    mutations: ads.AUDIENCE_ESTIMATE_MUTATIONS,
  },
  {
    name: 'audienceEstimateBadOperator',
    make: () => ads.audienceEstimateBadOperator(),
    check: (b: any) =>
      violations([
        [
          paths('audience-estimate-request', b).every((p) => p.endsWith('/operator_type')) &&
            !['EQ', 'NE'].includes(b.operator_type) &&
            b.targeting_criteria.every((c: any) => c.operator_type === b.operator_type),
          `operator_type ${b.operator_type} is not outside EQ/NE everywhere`,
        ],
        [
          validateAds('audience-estimate-request', {
            ...b,
            operator_type: 'EQ',
            targeting_criteria: b.targeting_criteria.map((c: any) => ({ ...c, operator_type: 'NE' })),
          }).ok,
          'breaks more than operator_type',
        ],
      ]),
  },
  // accounts
  {
    name: 'accountName',
    make: () => ads.accountName('conform '),
    check: (n: string) => violations([[n.startsWith('conform ') && chars(n) <= 80, n]]),
  },
  {
    name: 'namePrefixQuery',
    make: () => ads.accountName().chain((name) => ads.namePrefixQuery(name).map((q) => ({ name, q }))),
    check: ({ name, q }: { name: string; q: string }) =>
      violations([[q.length > 0 && name.toLowerCase().startsWith(q.toLowerCase()), `${q} is not a case-insensitive prefix of ${name}`]]),
  },
  {
    name: 'accountUpdateParams',
    make: () => ads.accountUpdateParams(),
    check: (p: unknown) => [...schemaErrors('account-update-params', p), ...violations([[Object.keys(p as object).length > 0, 'empty']])],
  },
  {
    name: 'industryTypeOutsideList',
    make: () => ads.industryTypeOutsideList,
    check: (t: string) =>
      violations([[paths('account-update-params', { industry_type: t }).join() === '/industry_type', `${t} is accepted`]]),
  },
  {
    name: 'accountHistoryParams',
    make: () => ads.accountHistoryParams(),
    check: (p: ads.AccountHistoryParams) => [
      ...schemaErrors('account-history-params', p),
      ...violations([[Date.parse(p.start_time) < Date.parse(p.end_time), 'start not before end']]),
    ],
  },
  {
    name: 'accountHistoryMutation',
    make: () => ads.accountHistoryMutation(),
    check: (m: ads.Mutated<any>) => {
      const p = paths('account-history-params', m.value).join();
      const member = m.mutation.startsWith('missing-')
        ? '(root)'
        : `/${m.mutation.replace('-not-whole-hour', '').replace('-outside-set', '').replace(/-/g, '_')}`;
      return violations([[p === member, `${m.mutation}: errors at ${p}, expected ${member}`]]);
    },
    mutations: ads.ACCOUNT_HISTORY_MUTATIONS,
  },
  // batches
  {
    name: 'campaignBatch',
    make: () => ads.campaignBatch({ existingCampaignIds: ['c1', 'c2', 'c3'] }),
    check: (items: ads.BatchItem[]) => {
      const ids = items.filter((i) => i.operation_type !== 'Create').map((i) => i.params.campaign_id as string);
      return [
        ...schemaErrors('batch-items', items),
        ...items.flatMap((i) => (i.operation_type === 'Create' ? keepsAll(campaignCreateRulesBroken(i.params)) : [])),
        ...items.flatMap((i) => (i.operation_type === 'Update' ? keepsAll(campaignUpdateRulesBroken(i.params, STORED[1])) : [])),
        ...violations([
          [items.length >= 1 && items.length <= 40, `${items.length} items`],
          [new Set(ids).size === ids.length && ids.every((id) => ['c1', 'c2', 'c3'].includes(id)), 'ids reused or unknown'],
        ]),
      ];
    },
  },
  {
    name: 'poisonedCampaignBatch',
    make: () => ads.poisonedCampaignBatch(),
    check: (b: ads.PoisonedBatch) => {
      const bad = b.items
        .map((item, i) => ({ i, ok: validateAds('batch-item', item).ok && campaignCreateRulesBroken(item.params).length === 0 }))
        .filter((x) => !x.ok)
        .map((x) => x.i);
      const item = b.items[b.poisonedIndex] as any;
      const named =
        b.mutation === 'operation-type-outside-set'
          ? paths('batch-item', item).join() === '/operation_type'
          : b.mutation === 'params-missing'
            ? paths('batch-item', item).join() === '(root)'
            : breaksExactly(campaignCreateRulesBroken(item.params), b.mutation).length === 0;
      return violations([
        [b.items.length >= 1 && b.items.length <= 40, `${b.items.length} items`],
        [bad.length === 1 && bad[0] === b.poisonedIndex, `invalid items at ${bad}, poisoned index ${b.poisonedIndex}`],
        [named, `item ${b.poisonedIndex} does not break ${b.mutation}`],
      ]);
    },
    mutations: ads.POISON_MUTATIONS,
  },
  {
    name: 'oversizedCampaignBatch',
    make: () => ads.oversizedCampaignBatch(),
    check: (items: ads.BatchItem[]) =>
      violations([
        [items.length > 40 && items.length <= 60, `${items.length} items`],
        [paths('batch-items', items).join() === '(root)', 'the item list is accepted'],
        [items.every((i) => campaignCreateRulesBroken(i.params).length === 0), 'an item is invalid'],
      ]),
  },
  // model descriptors
  {
    name: 'adsCommand',
    make: () => ads.adsCommand(),
    check: (c: ads.AdsCommand) => {
      if (c.kind === 'createCampaign')
        return c.intent === 'valid'
          ? keepsAll(campaignCreateRulesBroken(c.params))
          : breaksExactly(campaignCreateRulesBroken(c.params), c.intent);
      return violations([[typeof c.kind === 'string', 'no kind']]);
    },
  },
  {
    name: 'adsCommandSequence',
    make: () => ads.adsCommandSequence({ maxLength: 10 }),
    check: (cs: ads.AdsCommand[]) => violations([[cs.length >= 1 && cs.length <= 10, 'length']]),
  },
];

/** Exports that are not arbitraries, with why (checked elsewhere in this file). */
const NOT_ARBITRARIES = [
  ...Object.keys(ads).filter((k) => /^[A-Z][A-Z0-9_]+$/.test(k)), // constants and mutation lists
  'campaignCreateViolations',
  'campaignUpdateViolations',
  'lineItemUpdateViolations',
  'charLength',
  'isoUtc',
  'sortByValues',
  'commaList',
  'countParam',
  'initialAdsModel',
  'applyAdsCommand',
  'adsCommandApplies',
  'adsCommandKey',
  'adsCommands',
  'lineItemUpdateParams',
  'campaignCreateMutation',
];

describe('ads generator contract', () => {
  it('covers every export of generators/ads/index.ts', () => {
    const covered = new Set([...contracts.map((c) => c.name.replace(/[ (].*$/, '')), ...NOT_ARBITRARIES]);
    expect(Object.keys(ads).filter((e) => !covered.has(e))).toEqual([]);
  });

  contracts.forEach((c, i) => {
    const heavy = /Batch|Command|lineItem|Too|Mutation/.test(c.name);
    it(`${c.name}: same seed -> same values; every value keeps its rule${c.mutations ? '; every mutation is produced' : ''}`, () => {
      assertArbitraryContract(c, { seed: 0xad5 + i, numRuns: heavy ? 80 : 150 });
    });
  });
});

describe('document values', () => {
  it('the lists and limits are the document', () => {
    expect(ads.LIMITS).toMatchObject({
      countDefault: 200,
      countMax: 1000,
      idsPerFilter: 200,
      tweetIdsPerPromotedPostCreation: 50,
      batchSize: 40,
      activeCampaignsDefault: 200,
      campaignName: 255,
      purchaseOrderNumber: 50,
    });
    expect(ads.FREQUENCY_CAP_DURATIONS).toEqual([1, 7, 30]);
    expect(ads.SANDBOX_FEATURE_KEYS).toHaveLength(22);
    expect(ads.INDUSTRY_TYPES).toHaveLength(14);
    expect(ads.GOALS).toHaveLength(15);
    expect(ads.OBJECTIVES).toHaveLength(8);
    expect(ads.commaList(['a', 'b'])).toBe('a,b');
    expect(ads.isoUtc(new Date('2026-03-01T10:20:30.456Z'))).toBe('2026-03-01T10:20:30Z');
    expect(ads.sortByValues(['name'])).toEqual(['name-asc', 'name-desc']);
    expect(ads.charLength('a😀')).toBe(2);
  });

  it('the generators rule functions reject what the schemas and oracles reject (spot checks)', () => {
    expect(
      ads.campaignCreateViolations({
        funding_instrument_id: 'f',
        name: 'x',
        daily_budget_amount_local_micro: 2,
        total_budget_amount_local_micro: 1,
      }),
    ).toEqual(['daily-budget-at-most-total']);
    expect(ads.campaignUpdateViolations({ standard_delivery: true }, { budget_optimization: 'LINE_ITEM' })).toEqual([
      'standard-delivery-only-with-campaign-optimization',
    ]);
    const ctx: ads.LineItemContext = {
      objective: 'FOLLOWERS',
      placements: ['ALL_ON_TWITTER'],
      campaignBudgetOptimization: 'CAMPAIGN',
      current: {},
    };
    expect(ads.lineItemUpdateViolations({ frequency_cap: 3 }, ctx)).toEqual(['frequency-cap-only-for-listed-objectives']);
    expect(ads.lineItemUpdateViolations({ bid_strategy: 'MAX', bid_amount_local_micro: 1 }, ctx)).toEqual([
      'bid-strategy-max-not-for-reach-or-followers',
    ]);
  });
});

describe('values a strict target may check beyond the document', () => {
  // android_app_store_identifier is only "string" in the document; a target may check it as Android
  // does, and an id with a hyphen (com.a-a.a) is none (found by an implementation written outside)
  it('every Android application id the line item generators give is one Android accepts', () => {
    const androidPackage = /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/;
    const ids = fc
      .sample(ads.lineItemUpdateCase(), { numRuns: 2000, seed: 7 })
      .flatMap((c) => [c.params.android_app_store_identifier, c.context.current?.android_app_store_identifier])
      .filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id) => !androidPackage.test(String(id)))).toEqual([]);
  });
});

describe('the command model', () => {
  const seq = ads.adsCommandSequence({ maxLength: 40 });

  it('kinds restricts the commands drawn (e.g. campaigns only)', () => {
    const kinds = ['createCampaign', 'deleteCampaign'] as const;
    const drawn = fc.sample(ads.adsCommand({ kinds }), { numRuns: 200, seed: 7 }).map((c) => c.kind);
    expect(new Set(drawn)).toEqual(new Set(kinds));
    expect(() => ads.adsCommand({ kinds: [] })).toThrow(RangeError);
  });

  it('invariants over random sequences: deleted is final, a second DELETE is 404, DRAFT never comes from a PUT, the active limit holds, refusals change nothing', () => {
    fc.assert(
      fc.property(seq, fc.integer({ min: 1, max: 6 }), (cmds, limit) => {
        let state = ads.initialAdsModel(limit);
        for (const cmd of cmds) {
          if (!ads.adsCommandApplies(state, cmd)) continue;
          const before = state;
          const step = ads.applyAdsCommand(state, cmd);
          state = step.state;
          if (['rejected', 'not-found', 'unspecified', 'listed'].includes(step.expect.outcome)) expect(state).toBe(before);
          for (const c of before.campaigns) if (c.deleted) expect(state.campaigns.find((x) => x.key === c.key)?.deleted).toBe(true);
          for (const l of before.lineItems) if (l.deleted) expect(state.lineItems.find((x) => x.key === l.key)?.deleted).toBe(true);
          if (cmd.kind === 'deleteCampaign') {
            const key = ads.adsCommandKey(before, cmd);
            const was = before.campaigns.find((c) => c.key === key);
            expect(step.expect.outcome).toBe(was?.deleted ? 'not-found' : 'accepted');
          }
          const draftBefore = before.campaigns.find((c) => c.key === ads.adsCommandKey(before, cmd))?.entity_status === 'DRAFT';
          if (cmd.kind === 'updateCampaign' && step.expect.outcome === 'accepted' && !draftBefore)
            expect(state.campaigns.find((c) => c.key === ads.adsCommandKey(before, cmd))?.entity_status).not.toBe('DRAFT');
          if (cmd.kind === 'createCampaign' && cmd.intent !== 'valid') {
            expect(step.expect.outcome).toBe('rejected');
            if (step.expect.outcome === 'rejected') expect(step.expect.rules).toContain(cmd.intent);
          }
          if (cmd.kind === 'updateLineItem' && cmd.intent !== 'valid' && step.expect.outcome === 'rejected')
            expect(step.expect.rules.length).toBeGreaterThan(0);
          expect(state.campaigns.filter((c) => !c.deleted && c.entity_status === 'ACTIVE').length).toBeLessThanOrEqual(limit);
          // line item deletion never touches campaigns (and campaign deletion never touches line items)
          if (cmd.kind === 'deleteLineItem') expect(state.campaigns).toBe(before.campaigns);
          if (cmd.kind === 'deleteCampaign') expect(state.lineItems).toBe(before.lineItems);
        }
      }),
      { seed: 0xad5, numRuns: 150 },
    );
  });

  it('a worked sequence: create, DRAFT only at creation, delete, delete again, lists with and without with_deleted / with_draft', () => {
    let s = ads.initialAdsModel(1);
    const run = (cmd: ads.AdsCommand) => {
      const step = ads.applyAdsCommand(s, cmd);
      s = step.state;
      return step.expect;
    };
    const create = (extra: Record<string, unknown>) =>
      run({ kind: 'createCampaign', params: { funding_instrument_id: 'f', name: 'n', ...extra }, intent: 'valid' });
    expect(create({})).toMatchObject({
      outcome: 'accepted',
      key: 'c0',
      record: { entity_status: 'ACTIVE', standard_delivery: true, deleted: false },
    });
    expect(create({})).toEqual({ outcome: 'rejected', rules: ['active-campaign-limit'] });
    expect(create({ entity_status: 'DRAFT', budget_optimization: 'LINE_ITEM' })).toMatchObject({
      outcome: 'accepted',
      key: 'c1',
      record: { entity_status: 'DRAFT' },
    });
    expect(run({ kind: 'updateCampaign', target: 0, params: { entity_status: 'DRAFT' }, intent: 'draft-only-at-creation' })).toEqual({
      outcome: 'rejected',
      rules: ['draft-only-at-creation'],
    });
    expect(run({ kind: 'updateCampaign', target: 1, params: { entity_status: 'PAUSED' }, intent: 'valid' }).outcome).toBe('unspecified');
    expect(run({ kind: 'listCampaigns', with_deleted: false, with_draft: false })).toEqual({ outcome: 'listed', keys: ['c0'] });
    expect(run({ kind: 'deleteCampaign', target: 0 })).toMatchObject({ outcome: 'accepted', record: { deleted: true } });
    expect(run({ kind: 'deleteCampaign', target: 0 })).toEqual({ outcome: 'not-found' });
    expect(run({ kind: 'listCampaigns', with_deleted: true, with_draft: true })).toEqual({ outcome: 'listed', keys: ['c0', 'c1'] });
    expect(create({})).toMatchObject({ outcome: 'accepted', key: 'c2' }); // the deleted campaign no longer counts as active
    // line items: setup, PUT rules against the line item's objective and its campaign
    expect(
      run({
        kind: 'createLineItem',
        campaign: 1,
        params: {
          objective: 'FOLLOWERS',
          product_type: 'PROMOTED_TWEETS',
          placements: ['ALL_ON_TWITTER'],
          bid_strategy: 'AUTO',
          entity_status: 'PAUSED',
        },
      }),
    ).toEqual({ outcome: 'setup', key: 'l0' });
    expect(run({ kind: 'updateLineItem', target: 0, params: { frequency_cap: 2 }, intent: 'x' })).toEqual({
      outcome: 'rejected',
      rules: ['frequency-cap-only-for-listed-objectives'],
    });
    expect(
      run({
        kind: 'updateLineItem',
        target: 0,
        params: { daily_budget_amount_local_micro: 10, total_budget_amount_local_micro: 20 },
        intent: 'valid',
      }).outcome,
    ).toBe('accepted');
    expect(run({ kind: 'deleteLineItem', target: 0 }).outcome).toBe('accepted');
    expect(run({ kind: 'deleteLineItem', target: 0 })).toEqual({ outcome: 'not-found' });
    // a refused setup step adds nothing
    const refused = ads.applyAdsCommand(
      s,
      {
        kind: 'createLineItem',
        campaign: 2,
        params: {
          objective: 'REACH',
          product_type: 'PROMOTED_TWEETS',
          placements: ['ALL_ON_TWITTER'],
          bid_strategy: 'AUTO',
          entity_status: 'PAUSED',
        },
      },
      false,
    );
    expect(refused.state).toBe(s);
  });

  it('adsCommands binds descriptors to fast-check commands run by a suite-supplied runner (here an in-memory fake)', async () => {
    const seen: string[] = [];
    const runner: ads.AdsCommandRunner<{ calls: number }> = {
      async run(cmd, expected, _key, real) {
        real.calls++;
        seen.push(`${cmd.kind}:${expected.outcome}`);
        return cmd.kind === 'createLineItem' ? { setupSucceeded: real.calls % 2 === 0 } : undefined;
      },
    };
    await fc.assert(
      fc.asyncProperty(ads.adsCommands(runner, { maxCommands: 15 }), (cmds) =>
        fc.asyncModelRun(() => ({ model: { state: ads.initialAdsModel() }, real: { calls: 0 } }), cmds),
      ),
      { seed: 7, numRuns: 20 },
    );
    expect(seen.some((s) => s.startsWith('createCampaign:accepted'))).toBe(true);
    expect(seen.some((s) => s.endsWith(':rejected'))).toBe(true);
  });

  it('adsCommands with a campaign budget: no sequence makes more campaigns than it, yet creations it would refuse still run', async () => {
    let most = 0;
    let refusedPast = 0;
    const runner: ads.AdsCommandRunner<{ made: number }> = {
      async run(cmd, expected, _key, real) {
        if (cmd.kind !== 'createCampaign') return undefined;
        if (expected.outcome === 'accepted') most = Math.max(most, ++real.made);
        else if (real.made >= 3) refusedPast++;
        return undefined;
      },
    };
    await fc.assert(
      fc.asyncProperty(ads.adsCommands(runner, { maxCommands: 15, size: 'max', campaignBudget: 3 }), (cmds) =>
        fc.asyncModelRun(() => ({ model: { state: ads.initialAdsModel() }, real: { made: 0 } }), cmds),
      ),
      { seed: 11, numRuns: 60 },
    );
    expect(most).toBe(3);
    expect(refusedPast).toBeGreaterThan(0);
  });

  it('same seed, same command sequences', () => {
    expect(fc.sample(ads.adsCommandSequence(), { seed: 42, numRuns: 5 })).toEqual(
      fc.sample(ads.adsCommandSequence(), { seed: 42, numRuns: 5 }),
    );
  });
});
