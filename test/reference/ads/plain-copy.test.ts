// The copy batch.ts takes of an account's tables is deep: changing the live records after it
// changes nothing in the copy; values that are not plain data are copied whole.
import { describe, expect, test } from 'vitest';
import { plainCopy } from '../../../reference/ads/plain-copy.ts';

describe('plainCopy', () => {
  test('a deep copy of plain data: equal, and shares no object or array with the original', () => {
    const rec = { id: '1', n: 2, ok: true, none: null, gone: undefined, list: [1, { a: [2] }], nested: { b: { c: 'x' } } };
    const copy = plainCopy(rec);
    expect(copy).toStrictEqual(rec);
    rec.list.push(3);
    (rec.list[1] as { a: number[] }).a.push(4);
    rec.nested.b.c = 'y';
    expect(copy).toStrictEqual({ id: '1', n: 2, ok: true, none: null, gone: undefined, list: [1, { a: [2] }], nested: { b: { c: 'x' } } });
  });

  test('a value that is not plain data is copied whole (structuredClone)', () => {
    const at = new Date(0);
    const copy = plainCopy({ at, tags: new Map([['k', 'v']]) });
    expect(copy.at).toBeInstanceOf(Date);
    expect(copy.at).not.toBe(at);
    expect(copy.at.getTime()).toBe(0);
    expect([...copy.tags]).toEqual([['k', 'v']]);
  });
});
