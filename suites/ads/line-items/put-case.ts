// One PUT case of the line item table on a live target: create a line item in the case's context
// (objective, placements, campaign optimisation, current values), read back what the target made
// of it, predict with the generators' rules (generators/ads/parameter-rules.ts) what the PUT must get, and
// send it. A case whose outcome the document leaves open on this target is skipped, never judged:
// pay_by the service derived (IMPRESSION against a later TARGET), a pay_by equal to the current
// one on an objective other than APP_INSTALLS, values a "required when" rule needs but the PUT
// leaves out (sent again, since "required" may be read per call or per line item): a
// PUBLISHER_NETWORK line item's domain and categories, a PREROLL_VIEWS one's categories, an app
// line item's store identifier.
import fc from 'fast-check';
import type { HttpResult } from '../../../harness/target/http.ts';
import {
  APP_OBJECTIVES,
  type LineItemContext,
  type LineItemParams,
  type LineItemRule,
  type LineItemUpdateMutation,
  lineItemUpdateViolations,
  PAY_BY,
  PUBLISHER_NETWORK,
} from '../../../generators/ads/index.ts';
import { validateAds } from '../../../schemas/ads/index.ts';
import type { AdsCtx } from '../api.ts';
import { expectRefused, expectShape, ok, record, refused, what } from '../reading/answers.ts';
import { createdLineItemId, PROBE_PRODUCT_TYPE } from '../setup/line-item-creation.ts';
import { LINE_ITEM_FIELDS } from './fields.ts';
import type { PutWorld } from './world.ts';

/** what a case means to show: valid, one rule of the table broken, or a refusal the generators have no rule for */
export type Intent = 'valid' | LineItemUpdateMutation | { refused: string };

export interface PutCase {
  context: LineItemContext;
  params: LineItemParams;
  intent: Intent;
}

export type Outcome = 'checked' | 'skipped' | 'not-created' | 'setup-problem';

export interface CaseOptions {
  /** parameters whose value the answer must carry after an accepted PUT ('all': every one sent but entity_status) */
  verify?: readonly string[] | 'all';
  /** check the answer against the line item schema */
  shape?: boolean;
}

/** the PUT parameters of the table, as a line item record names them */
const PUT_PARAMETERS = [
  'advertiser_domain',
  'advertiser_user_id',
  'android_app_store_identifier',
  'ios_app_store_identifier',
  'audience_expansion',
  'bid_strategy',
  'bid_amount_local_micro',
  'categories',
  'duration_in_days',
  'frequency_cap',
  'start_time',
  'end_time',
  'goal',
  'name',
  'pay_by',
  'total_budget_amount_local_micro',
  'daily_budget_amount_local_micro',
] as const;

/** mutations whose context itself breaks the rule: the line item may not be creatable at all */
const CONTEXT_BREAKS: readonly string[] = [
  'advertiser-domain-required-for-publisher-network',
  'categories-required-for-publisher-network',
  'preroll-categories-required',
  'app-store-identifier-required-for-app-objectives',
];

export const intentName = (i: Intent): string => (typeof i === 'string' ? i : `refused: ${i.refused}`);
const isApp = (o: string) => (APP_OBJECTIVES as readonly string[]).includes(o);

export function showCase(c: PutCase): string {
  const { objective, placements, campaignBudgetOptimization, current } = c.context;
  return `${intentName(c.intent)}: PUT ${JSON.stringify(c.params)} on a ${objective} line item (placements ${placements.join(',')}, campaign ${campaignBudgetOptimization}, created with ${JSON.stringify(current)})`;
}

/** the values the line item is created with: pay_by only where it may be set (APP_INSTALLS) */
function creationValues(c: PutCase): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(c.context.current)) {
    if (v === undefined || v === null) continue;
    if (k === 'pay_by' && c.context.objective !== 'APP_INSTALLS') continue;
    out[k] = v as string | number;
  }
  return out;
}

export async function postCaseLineItem(ctx: AdsCtx, world: PutWorld, c: PutCase, extra: LineItemParams = {}): Promise<HttpResult> {
  return ctx.api.ads.call('POST', `/accounts/${world.account}/line_items`, {
    query: {
      campaign_id: world.campaigns[c.context.campaignBudgetOptimization],
      name: ctx.api.name('li'),
      objective: c.context.objective,
      product_type: PROBE_PRODUCT_TYPE,
      placements: [...c.context.placements],
      entity_status: 'PAUSED',
      ...creationValues(c),
      ...(extra as Record<string, string | number>),
    },
  });
}

/** the line item as the target made it: what was sent, overlaid with what the record says */
function currentOf(c: PutCase, li: Record<string, unknown>): LineItemParams {
  const cur: LineItemParams = { ...creationValues(c) };
  for (const k of PUT_PARAMETERS) {
    if (!(k in li)) continue;
    const v = li[k];
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) delete cur[k];
    else cur[k] = Array.isArray(v) ? v.join(',') : v;
  }
  return cur;
}

/** the parameters to send: the case's, with the values a "required when" rule needs repeated from the line item */
function adapt(c: PutCase, ctx: LineItemContext): LineItemParams | undefined {
  const p: LineItemParams = { ...c.params };
  const cur = ctx.current;
  if (ctx.placements.includes(PUBLISHER_NETWORK)) {
    if (c.intent !== 'advertiser-domain-required-for-publisher-network' && p.advertiser_domain === undefined)
      p.advertiser_domain = cur.advertiser_domain;
    if (c.intent !== 'categories-required-for-publisher-network' && p.categories === undefined) p.categories = cur.categories;
  }
  if (ctx.objective === 'PREROLL_VIEWS' && c.intent !== 'preroll-categories-required' && p.categories === undefined)
    p.categories = cur.categories;
  if (
    isApp(ctx.objective) &&
    c.intent !== 'app-store-identifier-required-for-app-objectives' &&
    p.android_app_store_identifier === undefined &&
    p.ios_app_store_identifier === undefined
  ) {
    if (cur.android_app_store_identifier !== undefined) p.android_app_store_identifier = cur.android_app_store_identifier;
    else p.ios_app_store_identifier = cur.ios_app_store_identifier;
  }
  // IMPRESSION with TARGET: only an explicit pair is refused on every reading
  if (c.intent === 'pay-by-impression-not-with-target') p.pay_by = 'IMPRESSION';
  if (c.intent === 'pay-by-changeable-only-for-app-installs') {
    if (cur.pay_by === undefined) return undefined; // the answer does not say the current pay_by: a change cannot be told
    if (p.pay_by === cur.pay_by) {
      const target = (p.bid_strategy ?? cur.bid_strategy) === 'TARGET';
      p.pay_by = PAY_BY.find((v) => v !== cur.pay_by && !(target && v === 'IMPRESSION'));
    }
  }
  for (const k of Object.keys(p)) if (p[k] === undefined) delete p[k];
  return p;
}

/**
 * What a PUT must get on every reading: refused (for these rules), accepted, or, for a change of
 * pay_by on an objective other than APP_INSTALLS ("changeable only for APP_INSTALLS": the document
 * does not say such a PUT is refused), refused or accepted without the change ('or-unchanged');
 * undefined when the case's verdict is open.
 */
type Verdict = { refuse: true | false | 'or-unchanged'; because: LineItemRule[] };

/** the rules that hold only if the pay_by sent is applied */
const PAY_BY_APPLIED: readonly LineItemRule[] = ['pay-by-changeable-only-for-app-installs', 'pay-by-impression-not-with-target'];

function verdict(c: PutCase, p: LineItemParams, ctx: LineItemContext): Verdict | undefined {
  const broken = lineItemUpdateViolations(p, ctx);
  // IMPRESSION from the line item (derived by the service) against a TARGET the PUT asks for: open
  const open = (r: LineItemRule) => r === 'pay-by-impression-not-with-target' && p.pay_by !== 'IMPRESSION';
  const firm = broken.filter((r) => !open(r));
  const payByChange = firm.includes('pay-by-changeable-only-for-app-installs');
  const refuse = (because: LineItemRule[]): Verdict =>
    payByChange && because.every((r) => PAY_BY_APPLIED.includes(r)) ? { refuse: 'or-unchanged', because } : { refuse: true, because };
  if (typeof c.intent === 'object') return { refuse: true, because: firm };
  if (c.intent === 'valid') return broken.length === 0 ? { refuse: false, because: [] } : undefined;
  return firm.includes(c.intent) ? refuse(firm) : undefined;
}

function same(key: string, sent: unknown, got: unknown): boolean {
  if (key === 'categories') {
    const want = String(sent)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const have = Array.isArray(got) ? got.map(String) : typeof got === 'string' ? got.split(',') : [];
    return want.length === have.length && want.every((w) => have.includes(w));
  }
  if (key === 'start_time' || key === 'end_time') return typeof got === 'string' && Date.parse(got) === Date.parse(String(sent));
  return got === sent;
}

/**
 * whether the line item keeps the bid amount it is sent: bid_strategy "AUTO (ignores bid amount)",
 * so a target may drop it under AUTO, and under a strategy the record does not show
 */
function bidKept(p: LineItemParams, live: LineItemContext): boolean {
  const strategy = p.bid_strategy ?? live.current.bid_strategy;
  return strategy === 'MAX' || strategy === 'TARGET';
}

/**
 * The problems of a line item's time member `key` by schemas/ads/line-item.json, whose timestamps
 * are common.json's reading of "Timestamps are ISO 8601 UTC" (the designator Z, or +00:00): an
 * offset of another zone names the same instant, but not in UTC. False when it is UTC, or null.
 */
export function notUtc(li: Record<string, unknown>, key: 'start_time' | 'end_time'): boolean {
  return validateAds('line-item', li).errors.some((e) => e.startsWith(`/${key}:`));
}

function verifyCarried(
  ctx: AdsCtx,
  res: HttpResult,
  p: LineItemParams,
  live: LineItemContext,
  verify: CaseOptions['verify'],
  shown: string,
): void {
  if (!verify) return;
  const li = record(res);
  const keys = (verify === 'all' ? Object.keys(p).filter((k) => k !== 'entity_status') : verify.filter((k) => k in p))
    .filter((k) => k !== 'bid_amount_local_micro' || bidKept(p, live))
    // a field the document does not list for a line item (audience_expansion) is compared when shown
    .filter((k) => k in li || LINE_ITEM_FIELDS.has(k));
  for (const k of keys) {
    ctx.check(
      same(k, p[k], li[k]),
      `${shown}: accepted, but the answer's line item has ${k} ${JSON.stringify(li[k])}, not ${JSON.stringify(p[k])}`,
      res,
    );
    if (k === 'start_time' || k === 'end_time')
      ctx.check(
        !notUtc(li, k),
        `${shown}: accepted, but the answer's line item has ${k} ${JSON.stringify(li[k])}: the same instant, not in UTC (Timestamps are ISO 8601 UTC: Z or +00:00)`,
        res,
      );
  }
}

/**
 * a PUT changing pay_by where it is not changeable: refused, or accepted with pay_by not the value
 * sent; open when the PUT also names bid_strategy or goal, from which the service derives pay_by
 */
function refusedOrUnchanged(ctx: AdsCtx, res: HttpResult, p: LineItemParams, shown: string): Outcome {
  if (refused(res)) {
    ctx.observe('a PUT changing pay_by on an objective other than APP_INSTALLS', `refused (${res.status})`);
    return 'checked';
  }
  ctx.check(ok(res), `${shown}: answered ${what(res)}, neither refused nor accepted`, res);
  if (p.bid_strategy !== undefined || p.goal !== undefined) return 'skipped';
  const now = record(res).pay_by;
  ctx.check(now !== p.pay_by, `${shown}: accepted, and pay_by changed to ${JSON.stringify(now)} (changeable only for APP_INSTALLS)`, res);
  ctx.observe('a PUT changing pay_by on an objective other than APP_INSTALLS', `accepted, pay_by left ${JSON.stringify(now)}`);
  return 'checked';
}

/** runs one case; 'not-created' only for a context that breaks its rule and that the target would not create */
export async function runPutCase(
  ctx: AdsCtx,
  world: PutWorld,
  c: PutCase,
  o: CaseOptions = {},
  problems: string[] = world.problems,
): Promise<Outcome> {
  const created = await postCaseLineItem(ctx, world, c);
  const li = record(created);
  // created, with an id that is not a string ("All identifiers are strings unless stated"): the
  // rule that owns it fails and the others are not checkable, naming it, as when the run's probe
  // found it (a config saying target.adsApi.lineItemCreation: true makes no probe); not a setup problem
  if (ok(created) && li.id !== undefined && li.id !== null && (typeof li.id !== 'string' || li.id === ''))
    createdLineItemId(ctx, created, `creating the line item of the case (${showCase(c)})`);
  if (!ok(created) || typeof li.id !== 'string') {
    if (typeof c.intent === 'string' && CONTEXT_BREAKS.includes(c.intent)) return 'not-created';
    problems.push(`creating the line item of the case (${showCase(c)}) answered ${what(created)}`);
    return 'setup-problem';
  }
  const live: LineItemContext = { ...c.context, current: currentOf(c, li) };
  const p = adapt(c, live);
  const v = p && verdict(c, p, live);
  if (!p || !v) return 'skipped';
  const shown = `${intentName(c.intent)}: PUT ${JSON.stringify(p)} on a ${live.objective} line item (placements ${live.placements.join(',')}, campaign ${live.campaignBudgetOptimization}, line item ${JSON.stringify(live.current)})`;
  const res = await ctx.api.ads.call('PUT', `/accounts/${world.account}/line_items/${li.id}`, {
    query: p as Record<string, string | number>,
  });
  if (v.refuse === 'or-unchanged') return refusedOrUnchanged(ctx, res, p, shown);
  if (v.refuse) {
    expectRefused(ctx, res, `${shown}${v.because.length ? ` (breaks ${v.because.join(', ')})` : ''}`);
    return 'checked';
  }
  ctx.check(ok(res), `${shown}: keeps every rule of the table but was refused: ${what(res)}`, res);
  if (o.shape) expectShape(ctx, res, 'single', 'line-item', shown);
  verifyCarried(ctx, res, p, live, o.verify, shown);
  return 'checked';
}

/**
 * One example of a rule: it must be judged, except when the target shows it open (skipped) or
 * would not create its context, which must then be creatable with the value the rule needs
 * (`need`): the refusal to create is the rule enforced. Each makes a line item of its own, so a
 * rule's examples go side by side.
 */
export async function runExample(ctx: AdsCtx, world: PutWorld, e: PutCase & { need?: LineItemParams }, o: CaseOptions = {}): Promise<void> {
  const problems: string[] = [];
  const outcome = await runPutCase(ctx, world, e, o, problems);
  if (outcome === 'skipped') ctx.note(`open on this target, not judged: ${showCase(e)}`);
  if (outcome === 'setup-problem') ctx.setup(false, problems[0] ?? 'creating the line item of a case failed');
  if (outcome === 'not-created') {
    const control = await postCaseLineItem(ctx, world, e, e.need ?? {});
    ctx.setup(
      ok(control),
      `a line item without the value ${intentName(e.intent)} needs was refused, and with ${JSON.stringify(e.need)} too: ${what(control)}`,
    );
    ctx.check(true, 'the target refuses to create a line item breaking the rule');
    ctx.note(`${intentName(e.intent)}: the target would not create the line item without ${JSON.stringify(e.need)}`);
  }
}

/** the property part of a rule: random cases; open ones and uncreatable contexts are skipped */
export function caseProperty(ctx: AdsCtx, world: PutWorld, o: CaseOptions = {}) {
  return async (c: PutCase): Promise<void> => {
    const outcome = await runPutCase(ctx, world, c, o);
    fc.pre(outcome === 'checked' || outcome === 'setup-problem');
  };
}
