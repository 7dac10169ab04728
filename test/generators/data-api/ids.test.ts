import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  ABSENT_POST_ID,
  ID_MUTATIONS,
  WEBHOOK_ID_PATTERN,
  fixedIdMutations,
  fixedUnknownWebhookIds,
  invalidIdMutation,
  postId,
  unknownWebhookId,
  webhookId,
} from '../../../generators/data-api/index.ts';
import { validate } from '../../../schemas/data-api/index.ts';

describe('id generators', () => {
  it('WEBHOOK_ID_PATTERN is the pattern of the webhook-config schema', () => {
    expect(WEBHOOK_ID_PATTERN.source).toBe('^[0-9]{1,19}$');
  });

  test.prop([webhookId], { seed: 201, numRuns: 500 })('webhook ids fit the schema', (id) => {
    expect(validate('replay-request', { webhook_id: id, from_date: '202611221000', to_date: '202611221000' }).ok).toBe(true);
  });

  it('no generated post has the id a rule looks up as absent (ERR-005), though post ids reach the top of their range', () => {
    const ids = fc.sample(postId, { seed: 1, numRuns: 20_000 });
    expect(ids).not.toContain(ABSENT_POST_ID);
    expect(ids).toContain(String(2n ** 63n - 1n));
  });

  it('webhook ids reach the edges of the pattern', () => {
    const ids = fc.sample(webhookId, { seed: 11, numRuns: 1000 });
    expect(ids.some((id) => id.length === 19)).toBe(true);
    expect(ids.some((id) => id.length <= 3)).toBe(true);
    expect(ids.some((id) => id.length > 1 && id.startsWith('0'))).toBe(true);
    expect(ids.some((id) => id.length === 19 && BigInt(id) > 2n ** 63n - 1n)).toBe(true);
    expect(ids.filter((id) => id.length === 19).length).toBeGreaterThan(ids.length / 2);
  });

  test.prop([fc.uniqueArray(webhookId, { maxLength: 20 }), fc.integer()], { seed: 202, numRuns: 100 })(
    'unknown ids are none of the excluded ones, also not numerically',
    (exclude, seed) => {
      for (const id of fc.sample(unknownWebhookId(exclude), { seed, numRuns: 20 })) {
        expect(WEBHOOK_ID_PATTERN.test(id)).toBe(true);
        expect(exclude.some((e) => BigInt(e) === BigInt(id))).toBe(false);
      }
    },
  );

  test.prop([webhookId.chain((id) => invalidIdMutation(id))], { seed: 203, numRuns: 500 })('every id mutation breaks the pattern', (m) => {
    expect(ID_MUTATIONS).toContain(m.mutation);
    expect(WEBHOOK_ID_PATTERN.test(m.value)).toBe(false);
    expect(validate('replay-request', { webhook_id: m.value, from_date: '202611221000', to_date: '202611221000' }).errors).toEqual([
      '/webhook_id: must match pattern "^[0-9]{1,19}$"',
    ]);
  });

  it('invalidIdMutation refuses an input that is not a valid id', () => {
    expect(() => invalidIdMutation('12a')).toThrow(RangeError);
    expect(() => invalidIdMutation('')).toThrow(RangeError);
  });

  test.prop([postId], { seed: 204, numRuns: 300 })('post ids are snowflake-like', (id) => {
    expect(id).toMatch(/^[1-9][0-9]{0,18}$/);
    expect(BigInt(id) <= 2n ** 63n - 1n).toBe(true);
  });

  it('fixedIdMutations: one value of each mutation, each off the pattern, the valid id kept where the mutation keeps it', () => {
    const fixed = fixedIdMutations('1146654567674912769');
    expect(fixed.map((m) => m.mutation)).toEqual([...ID_MUTATIONS]);
    for (const m of fixed) expect(WEBHOOK_ID_PATTERN.test(m.value), `${m.mutation}: ${m.value}`).toBe(false);
    expect(() => fixedIdMutations('12a')).toThrow(RangeError);
  });

  it('fixedUnknownWebhookIds: the edges of the pattern, of the pattern, none equal in number to an excluded id', () => {
    expect(fixedUnknownWebhookIds([])).toEqual(['0', '9999999999999999999', '9223372036854775807']);
    for (const id of fixedUnknownWebhookIds([])) expect(WEBHOOK_ID_PATTERN.test(id)).toBe(true);
    expect(fixedUnknownWebhookIds(['000', '9223372036854775807'])).toEqual(['9999999999999999999']);
  });
});
