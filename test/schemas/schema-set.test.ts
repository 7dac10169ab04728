// What a schema's verdict says of an answer stays bounded whatever the answer: a hostile target's
// array of hundreds of thousands of wrong items (one Ajv error each, all alike) gives a few lines,
// at once. Repeats were once removed by a search of every line kept: quadratic, an array of 500 000
// items held the run (and its signal handlers) for good.
import { describe, expect, test } from 'vitest';
import { MAX_ERROR_LINES } from '../../schemas/schema-set.ts';
import { validate } from '../../schemas/data-api/index.ts';

describe('schema verdicts', () => {
  test('an array of 500 000 wrong items: at most MAX_ERROR_LINES distinct lines, then how many more errors there were', () => {
    const v = validate('webhook-list-response', { data: new Array(500_000).fill(0) });
    expect(v.ok).toBe(false);
    expect(v.errors.length).toBeLessThanOrEqual(MAX_ERROR_LINES + 1);
    expect(new Set(v.errors).size).toBe(v.errors.length);
    expect(v.errors.at(-1)).toMatch(/^… and \d+ more errors$/);
    expect(v.errors.some((e) => e.startsWith('/data/0: '))).toBe(true);
  });

  test('a few errors are all listed, without a "more" line', () => {
    const v = validate('webhook-list-response', { data: [0, 1] });
    expect(v.ok).toBe(false);
    expect(v.errors.some((e) => /more errors/.test(e))).toBe(false);
    expect(v.errors.some((e) => e.startsWith('/data/1: '))).toBe(true);
  });
});
