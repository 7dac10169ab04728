// Reading batch answers (suites/ads/batch/answers.ts) and the request containers the probe tries
// (suites/ads/batch/form.ts): shapes the document leaves open must be read without guessing.
import { describe, expect, test } from 'vitest';
import type { HttpResult } from '../../../harness/target/http.ts';
import { hasOperationErrors, holdsErrors, perItemErrors, structureDiff } from '../../../suites/ads/batch/answers.ts';
import { CANDIDATES, describeForm, wrap } from '../../../suites/ads/batch/form.ts';

const answer = (body: unknown): HttpResult => ({ status: 400, headers: {}, contentType: 'application/json', body, text: '' }) as HttpResult;

describe('batch answers', () => {
  test('an error is anything not empty', () => {
    expect(holdsErrors([[], null, {}])).toBe(false);
    expect(holdsErrors([[], [{ code: 'MISSING_PARAMETER' }]])).toBe(true);
    expect(holdsErrors(['too large'])).toBe(true);
    expect(hasOperationErrors(answer({ operation_errors: [[], []] }))).toBe(false);
    expect(hasOperationErrors(answer({ operation_errors: [[], [{ code: 'X' }]] }))).toBe(true);
    expect(hasOperationErrors(answer({ errors: [{ code: 'X' }] }))).toBe(false);
  });

  test('operation_errors is read per item only when it is one list (or null) per item', () => {
    expect(perItemErrors(answer({ operation_errors: [[], [{ code: 'X' }], null] }), 3)).toEqual([[], [{ code: 'X' }], null]);
    expect(perItemErrors(answer({ operation_errors: [[], [{ code: 'X' }]] }), 3)).toBeUndefined();
    expect(
      perItemErrors(
        answer({
          operation_errors: [
            { code: 'X', index: 1 },
            { code: 'Y', index: 1 },
          ],
        }),
        2,
      ),
    ).toBeUndefined();
  });

  test('structure: members and JSON types, null matching any type', () => {
    const single = { id: 'a', name: 'n', purchase_order_number: 'po', daily_budget_amount_local_micro: 5, created_at: 't' };
    expect(
      structureDiff({ id: 'b', name: 'm', purchase_order_number: null, daily_budget_amount_local_micro: 7, created_at: 'u' }, single),
    ).toEqual([]);
    expect(
      structureDiff({ id: 'b', name: 'm', purchase_order_number: 'x', daily_budget_amount_local_micro: '7', extra: 1 }, single),
    ).toEqual(['created_at is missing', 'extra is extra', 'daily_budget_amount_local_micro is string, the single-item answer has number']);
  });
});

describe('batch request containers', () => {
  test('the bare array first (as the vendor examples send), then objects under plausible keys', () => {
    expect(CANDIDATES[0]).toBe('array');
    const items = [{ operation_type: 'Create', params: {} }];
    expect(wrap('array', items)).toEqual(items);
    expect(wrap({ key: 'operations' }, items)).toEqual({ operations: items });
    expect(CANDIDATES.map(describeForm)).toContain('a JSON object holding the items under "operations"');
  });
});
