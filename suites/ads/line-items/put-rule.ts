// The machinery of the PUT rules of the line item table (put-rules.ts, categories-rule.ts): a rule
// checks fixed examples of its rule first, then random cases from the generators: valid PUTs, and
// PUTs breaking exactly the rule's mutations (generators/ads/line-items.ts).
import fc from 'fast-check';
import { inLanes } from '../../../harness/domain/lanes.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import {
  PUBLISHER_NETWORK,
  type BudgetOptimization,
  type LineItemContext,
  type LineItemContextOptions,
  type LineItemParams,
  type LineItemUpdateMutation,
  lineItemUpdateCase,
  lineItemUpdateMutation,
  type Objective,
} from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { needOk } from '../reading/answers.ts';
import { type CaseOptions, type Intent, type PutCase, caseProperty, postCaseLineItem, runExample, showCase } from './put-case.ts';
import { type PutWorld, putWorld } from './world.ts';
import { createdLineItemId } from '../setup/line-item-creation.ts';

export type Example = PutCase & { need?: LineItemParams };

interface ExampleOptions {
  /** on a PUBLISHER_NETWORK placement combination (the example is left out when the target lists none) */
  pn?: boolean;
  optimization?: BudgetOptimization;
  current?: LineItemParams;
  /** for a context that breaks the rule: what makes it creatable */
  need?: LineItemParams;
}

export const BID = 2_000_000;
export const ANDROID = 'com.example.conform';
export const IOS = '333903271';

export function example(w: PutWorld, objective: Objective, params: LineItemParams, intent: Intent, o: ExampleOptions = {}): Example[] {
  if (o.pn && w.publisherNetwork.length === 0) return [];
  const context: LineItemContext = {
    objective,
    placements: o.pn ? w.publisherNetwork[0] : w.plain[0],
    campaignBudgetOptimization: o.optimization ?? 'CAMPAIGN',
    current: o.current ?? {},
  };
  return [{ context, params, intent, ...(o.need ? { need: o.need } : {}) }];
}

interface PutRule {
  /** the mutations of the generators this rule is about */
  mutations: readonly LineItemUpdateMutation[];
  /** valid cases beside them: narrower options and a filter (none: mutations only) */
  valid?: { options?: LineItemContextOptions; keep?: (c: PutCase) => boolean };
  examples: (w: PutWorld, ctx: AdsCtx) => Example[];
  options?: CaseOptions;
  /** more checks after the examples */
  more?: (ctx: AdsCtx, w: PutWorld) => Promise<void>;
}

/** mutations that need a PUBLISHER_NETWORK placement combination */
const NEEDS_PN: readonly string[] = ['advertiser-domain-required-for-publisher-network', 'categories-required-for-publisher-network'];
/** mutations that need one without it */
const NEEDS_PLAIN: readonly string[] = ['preroll-categories-required'];

function arbitraryOf(w: PutWorld, r: PutRule): fc.Arbitrary<PutCase> | undefined {
  const plain = w.plain.some((c) => !c.includes(PUBLISHER_NETWORK));
  const mutations = r.mutations.filter(
    (m) => (w.publisherNetwork.length > 0 || !NEEDS_PN.includes(m)) && (plain || !NEEDS_PLAIN.includes(m)),
  );
  const parts: fc.Arbitrary<PutCase>[] = [];
  if (mutations.length > 0)
    parts.push(lineItemUpdateMutation(w.options, mutations).map((m): PutCase => ({ ...m.value, intent: m.mutation })));
  if (r.valid) {
    const keep = r.valid.keep ?? (() => true);
    parts.push(
      lineItemUpdateCase({ ...w.options, ...r.valid.options })
        .map((c): PutCase => ({ ...c, intent: 'valid' }))
        .filter(keep),
    );
  }
  return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : fc.oneof(...parts);
}

export function putRule(r: PutRule): AdsCheck {
  return async (ctx: AdsCtx) => {
    const w = await putWorld(ctx);
    // the examples and the extra check each work on a line item of their own: side by side (the
    // first to fail, in this order, gives the verdict, as one after another would)
    const steps = r.examples(w, ctx).map((e) => () => runExample(ctx, w, e, r.options));
    const more = r.more;
    if (more) steps.push(() => more(ctx, w));
    await inLanes(steps, (step) => step());
    const arb = arbitraryOf(w, r);
    // each case makes its own line item and PUTs only that
    if (arb) await checkProperty(ctx, arb, caseProperty(ctx, w, r.options), { show: showCase, independent: true });
    ctx.setup(w.problems.length === 0, w.problems[0] ?? '');
  };
}

export const has = (k: string) => (c: PutCase) => c.params[k] !== undefined;

/** a line item of the world's CAMPAIGN-optimised campaign, made for an extra check */
export async function plainLineItem(ctx: AdsCtx, w: PutWorld, objective: Objective): Promise<string> {
  const c: PutCase = {
    context: { objective, placements: w.plain[0], campaignBudgetOptimization: 'CAMPAIGN', current: {} },
    params: {},
    intent: 'valid',
  };
  const res = await postCaseLineItem(ctx, w, c);
  needOk(ctx, res, `creating a ${objective} line item`);
  return createdLineItemId(ctx, res);
}
