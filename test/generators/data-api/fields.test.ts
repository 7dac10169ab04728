import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  MEDIA_FIELDS,
  POST_FIELDS,
  USER_FIELDS,
  fieldListParam,
  fieldSubset,
  mediaFixture,
  postFixture,
  toTweetsResponse,
  tweetWorld,
  userFixture,
} from '../../../generators/data-api/index.ts';
import { validate } from '../../../schemas/data-api/index.ts';

const schemaProps = (name: string) =>
  Object.keys(
    (JSON.parse(readFileSync(new URL(`../../../schemas/data-api/${name}.json`, import.meta.url), 'utf8')) as { properties: object })
      .properties,
  );

function pick<T extends object>(obj: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => keys.includes(k))) as Partial<T>;
}

describe('field lists', () => {
  it('are the document table minus the default fields', () => {
    expect([...POST_FIELDS, 'id', 'text'].sort()).toEqual(schemaProps('post').sort());
    expect([...MEDIA_FIELDS, 'media_key', 'type'].sort()).toEqual(schemaProps('media').sort());
    expect([...USER_FIELDS, 'id'].sort()).toEqual(schemaProps('user').sort());
    expect(() => fieldSubset([])).toThrow(RangeError);
    expect(() => fieldListParam([])).toThrow(RangeError);
  });

  test.prop([fieldSubset(POST_FIELDS).chain((s) => fc.tuple(fc.constant(s), fieldListParam(s)))], { seed: 401, numRuns: 300 })(
    'fieldListParam joins exactly the subset with commas, without spaces',
    ([subset, param]) => {
      expect(param).not.toMatch(/\s|,,|^,|,$/);
      expect(param.split(',').sort()).toEqual([...subset].sort());
    },
  );

  it('subsets reach single fields and the full list; orders are shuffled', () => {
    const subsets = fc.sample(fieldSubset(POST_FIELDS), { seed: 3, numRuns: 500 });
    expect(subsets.some((s) => s.length === 1)).toBe(true);
    expect(subsets.some((s) => s.length === POST_FIELDS.length)).toBe(true);
    const orders = new Set(fc.sample(fieldListParam(POST_FIELDS), { seed: 3, numRuns: 50 }));
    expect(orders.size).toBeGreaterThan(10);
  });
});

describe('fixtures', () => {
  test.prop([postFixture(), fieldSubset(POST_FIELDS)], { seed: 402, numRuns: 100 })(
    'a post reduced to id, text and any requested field subset is still a valid post',
    (post, subset) => {
      expect(validate('post', post).errors).toEqual([]);
      expect(validate('post', pick(post, ['id', 'text', ...subset])).errors).toEqual([]);
    },
  );

  test.prop([mediaFixture(), userFixture()], { seed: 403, numRuns: 100 })('media and users are valid and complete', (media, user) => {
    expect(validate('media', media).errors).toEqual([]);
    expect(validate('user', user).errors).toEqual([]);
    expect(Object.keys(media).sort()).toEqual(schemaProps('media').sort());
    expect(Object.keys(user).sort()).toEqual(schemaProps('user').sort());
  });

  test.prop([tweetWorld()], { seed: 404, numRuns: 60 })('a world is a valid GET /2/tweets body with expansions', (world) => {
    expect(validate('tweets-response', toTweetsResponse(world)).errors).toEqual([]);
    const keys = new Set(world.media.map((m) => m.media_key));
    const users = new Set(world.users.map((u) => u.id));
    for (const p of world.posts) {
      expect(users.has(p.author_id)).toBe(true);
      for (const k of p.attachments.media_keys) expect(keys.has(k)).toBe(true);
    }
  });

  it('worlds vary in size', () => {
    const worlds = fc.sample(tweetWorld(), { seed: 8, numRuns: 100 });
    expect(new Set(worlds.map((w) => w.posts.length)).size).toBeGreaterThanOrEqual(4);
    expect(worlds.some((w) => w.users.length > 1 && w.media.length > 1)).toBe(true);
  });
});
