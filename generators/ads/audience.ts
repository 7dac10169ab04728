/**
 * Audience estimate bodies: targeting_criteria with at least one primary
 * criterion, operator_type EQ or NE.
 */
import fc from 'fast-check';
import { oneMutationOf, type Mutated } from '../builders.ts';
import { OPERATOR_TYPES, PRIMARY_TARGETING_TYPES, SECONDARY_TARGETING_TYPES } from './constants.ts';
import { adsId, numericId } from './values.ts';

export interface TargetingCriterion {
  targeting_type: string;
  targeting_value: string;
  operator_type?: 'EQ' | 'NE';
}
export interface AudienceEstimateBody {
  targeting_criteria: TargetingCriterion[];
  operator_type?: 'EQ' | 'NE';
}

const keyword = fc.stringMatching(/^[a-z]{2,12}( [a-z]{2,12})?$/);
function valueFor(type: string): fc.Arbitrary<string> {
  if (/KEYWORD|CONVERSATION|INTEREST/.test(type)) return keyword;
  if (/USER/.test(type)) return numericId;
  if (type === 'LOCATION') return fc.stringMatching(/^[0-9a-f]{16}$/);
  if (type === 'LANGUAGE') return fc.constantFrom('en', 'fr', 'ja', 'es');
  return adsId;
}

function criterion(types: readonly string[]): fc.Arbitrary<TargetingCriterion> {
  return fc
    .constantFrom(...types)
    .chain((type) =>
      fc
        .record({ value: valueFor(type), op: fc.option(fc.constantFrom(...OPERATOR_TYPES), { nil: undefined }) })
        .map(({ value, op }) =>
          op === undefined
            ? { targeting_type: type, targeting_value: value }
            : { targeting_type: type, targeting_value: value, operator_type: op },
        ),
    );
}

/** Valid bodies: 1..3 primary criteria and 0..3 secondary ones, shuffled; operator_type EQ/NE per criterion and/or on the body. */
export function audienceEstimateBody(
  primary: readonly string[] = PRIMARY_TARGETING_TYPES,
  secondary: readonly string[] = SECONDARY_TARGETING_TYPES,
): fc.Arbitrary<AudienceEstimateBody> {
  return fc
    .record({
      primaries: fc.array(criterion(primary), { minLength: 1, maxLength: 3 }),
      secondaries: fc.array(criterion(secondary), { maxLength: 3 }),
      order: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
      op: fc.option(fc.constantFrom(...OPERATOR_TYPES), { nil: undefined }),
    })
    .map(({ primaries, secondaries, order, op }) => {
      const all = [...primaries, ...secondaries].map((c, i) => ({ c, k: order[i % order.length] * 10 + i }));
      const targeting_criteria = all.sort((a, b) => a.k - b.k).map((x) => x.c);
      return op === undefined ? { targeting_criteria } : { targeting_criteria, operator_type: op };
    });
}

export const AUDIENCE_ESTIMATE_MUTATIONS = [
  'no-primary-criterion',
  'empty-targeting-criteria',
  'missing-targeting-criteria',
  'operator-type-outside-set',
] as const;
export type AudienceEstimateMutation = (typeof AUDIENCE_ESTIMATE_MUTATIONS)[number];

/** A valid body with one rule broken, named. */
export function audienceEstimateMutation(
  primary: readonly string[] = PRIMARY_TARGETING_TYPES,
  secondary: readonly string[] = SECONDARY_TARGETING_TYPES,
): fc.Arbitrary<Mutated<Record<string, unknown>, AudienceEstimateMutation>> {
  const valid = audienceEstimateBody(primary, secondary);
  const badOp = fc.constantFrom('NEQ', 'eq', 'IN', 'NOT', '');
  return oneMutationOf<Record<string, unknown>, AudienceEstimateMutation>({
    'no-primary-criterion': fc
      .array(criterion(secondary), { minLength: 1, maxLength: 4 })
      .map((targeting_criteria) => ({ targeting_criteria })),
    'empty-targeting-criteria': valid.map((b) => ({ ...b, targeting_criteria: [] })),
    'missing-targeting-criteria': valid.map(({ targeting_criteria: _, ...rest }) => rest),
    'operator-type-outside-set': fc.tuple(valid, badOp, fc.nat(), fc.boolean()).map(([b, op, i, onBody]) =>
      onBody
        ? { ...b, operator_type: op }
        : {
            ...b,
            targeting_criteria: b.targeting_criteria.map((c, j) =>
              j === i % b.targeting_criteria.length ? { ...c, operator_type: op } : c,
            ),
          },
    ),
  });
}

/**
 * A valid body whose operator_type is outside EQ/NE both on the body (where the document's table
 * lists it) and on every criterion (where the vendor's example carries it), so that a target
 * reading either place meets the broken value.
 */
export function audienceEstimateBadOperator(
  primary: readonly string[] = PRIMARY_TARGETING_TYPES,
  secondary: readonly string[] = SECONDARY_TARGETING_TYPES,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(audienceEstimateBody(primary, secondary), fc.constantFrom('NEQ', 'IN', 'NOT', 'GT', 'EQUALS', 'NOT_EQ'))
    .map(([b, op]) => ({ targeting_criteria: b.targeting_criteria.map((c) => ({ ...c, operator_type: op })), operator_type: op }));
}
