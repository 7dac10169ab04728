// The shared resources ads rules hold, so that a scheduler can keep rules that would disturb each
// other apart (see Hold in harness/model/rule.ts).
import type { ResourceDef } from '../../harness/domain/types.ts';
import { exclusive, type Hold, shared, CLOCK_AS_FOUND, CLOCK_EXACT_STEPS, CLOCK_PASSING } from '../../harness/model/rule.ts';

export const ADS_RESOURCES: ResourceDef[] = [
  {
    id: 'ads.account',
    description:
      'the ads account the run works in: shared while a rule adds and removes its own records, exclusive when it reads or fills a whole collection (the active-campaign limit, pagination over every record)',
    perTenant: true,
  },
  {
    id: 'ads.creatives',
    description:
      "the ads account's cards, draft posts and media (the catalog document's collections of an account): shared while a rule adds and removes its own, exclusive when it walks a whole list of them; the campaigns' side of the account (ads.account) is apart",
    perTenant: true,
  },
  {
    id: 'ads.accounts',
    description:
      "the user's list of accounts: sandbox accounts and features come and go, fresh fixtures add an account; rules that compare whole account lists share it",
    perTenant: true,
  },
  { id: 'ads.total-count', description: 'the with_total_count rate limit (200 requests per 15 minutes) of the user' },
  {
    id: 'ads.catalog',
    description: "the user's one product catalog (one per user): creating or deleting it disturbs every catalog rule",
    perTenant: true,
  },
];

export const ACCOUNT: Hold = shared('ads.account');
export const WHOLE_ACCOUNT: Hold = exclusive('ads.account');
/**
 * the account shared, but on a tenant of its own where the target offers them: a rule that fills the
 * account with many records of its own, which no other rule's need then wait for or walk past
 */
export const OWN_ACCOUNT: Hold = { ...ACCOUNT, ownTenant: true };
/** the account's cards, draft posts and media: rules that add and remove their own */
export const CREATIVES: Hold = shared('ads.creatives');
/**
 * a walk over the pages of a list of the account's cards, draft posts or media: nobody adds or
 * removes one meanwhile (a cursor may skip or repeat records that change under it: an offset cursor
 * skips one when a record before it is deleted, which the documents do not rule out)
 */
export const WALKS_CREATIVES: Hold[] = [exclusive('ads.creatives')];
export const ACCOUNT_LIST: Hold = exclusive('ads.accounts');
/** rules that compare whole account lists: no sandbox account may come or go meanwhile */
export const ACCOUNT_LIST_READ: Hold = shared('ads.accounts');
export const TOTAL_COUNT: Hold = shared('ads.total-count');
/** a rule that asks for total_count on a list of the account's cards or media: it spends the user's with_total_count limit too */
export const CREATIVES_COUNTED: Hold[] = [CREATIVES, TOTAL_COUNT];
/** the rule that spends the whole with_total_count limit to prove it: no other such request meanwhile */
export const TOTAL_COUNT_ALONE: Hold = exclusive('ads.total-count');
/**
 * the target's clock (the engine's resource) as the run found it: scheduled promoted posts are
 * deletable only before scheduled_at, so these rules run before any rule moves the clock on
 */
export const SCHEDULED_CLOCK: Hold = CLOCK_AS_FOUND;
/**
 * the target's clock, for a rule that only needs time to pass (the with_total_count window): shared,
 * waited on in exact steps (CLOCK_EXACT_STEPS in harness/model/rule.ts: the window passed by itself alone)
 */
export const PASSING_CLOCK: Hold[] = [CLOCK_PASSING, CLOCK_EXACT_STEPS];
/** the user's product catalog and what it holds */
export const CATALOG: Hold = exclusive('ads.catalog');
