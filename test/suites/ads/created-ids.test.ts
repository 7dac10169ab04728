// "All identifiers are strings unless stated." A creation answered with data.id as a JSON number
// is reported as that (the rule still fails or ends in error as before), not as an answer without
// data.id: the id is there, of the wrong type.
import { describe, expect, test } from 'vitest';
import { noStringId } from '../../../suites/ads/reading/answers.ts';

describe('what a created record carries instead of a string id', () => {
  test('a number is named as a number, not as a missing data.id', () => {
    expect(noStringId(123)).toBe('data.id as a JSON number, not a string (all identifiers are strings unless stated)');
    expect(noStringId(123)).not.toMatch(/no data\.id/);
  });
  test('a missing id, and one of another type', () => {
    expect(noStringId(undefined)).toBe('no data.id');
    expect(noStringId(null)).toBe('data.id null, not a string (all identifiers are strings unless stated)');
    expect(noStringId(['a'])).toBe('data.id ["a"], not a string (all identifiers are strings unless stated)');
  });
});
