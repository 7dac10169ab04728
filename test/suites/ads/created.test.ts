// Which records a successful ads POST created, so that cleanup removes exactly those.
import { describe, expect, test } from 'vitest';
import { createdRecords } from '../../../suites/ads/client/created.ts';

describe('records a POST created', () => {
  test('a single record under an account collection', () => {
    const c = createdRecords('/accounts/18ce54d4x5t/campaigns', false, { data: { id: '8wku2' } });
    expect(c.map((x) => x.path)).toEqual(['/accounts/18ce54d4x5t/campaigns/8wku2']);
  });

  test('several records (promoted posts answer an array)', () => {
    const c = createdRecords('/accounts/a/promoted_tweets', false, { data: [{ id: '1' }, { id: '2' }] });
    expect(c.map((x) => x.path)).toEqual(['/accounts/a/promoted_tweets/1', '/accounts/a/promoted_tweets/2']);
  });

  test('batch: only the Create items, matched by position, whatever the container', () => {
    const body = { data: [{ id: 'x1' }, { id: 'x2', deleted: true }, { id: 'x3' }] };
    const items = [
      { operation_type: 'Create', params: {} },
      { operation_type: 'Delete', params: {} },
      { operation_type: 'Update', params: {} },
    ];
    expect(createdRecords('/batch/accounts/a/campaigns', false, body, items).map((x) => x.path)).toEqual(['/accounts/a/campaigns/x1']);
    expect(createdRecords('/batch/accounts/a/campaigns', false, body, { batch: items }).map((x) => x.path)).toEqual([
      '/accounts/a/campaigns/x1',
    ]);
  });

  test('sandbox accounts are deleted on the sandbox address', () => {
    const c = createdRecords('/accounts', true, { data: [{ id: 'gq1' }] });
    expect(c).toEqual([{ path: '/accounts/gq1', sandbox: true, key: 'sandbox:/accounts/gq1', query: undefined }]);
  });

  // an outside catalog implementation answered 405 to its DELETE, which the document does not list
  test('an image conversation card: its DELETE is the real interface, and its refusal says the document shows none', () => {
    const [c] = createdRecords('/accounts/a/cards/image_conversation', false, { data: { id: 'icc1' } });
    expect(c.path).toBe('/accounts/a/cards/image_conversation/icc1');
    expect(c.stays).toMatch(/the document shows no DELETE of an image conversation card/);
    expect(createdRecords('/accounts/a/cards', false, { data: { id: 'c1' } })[0].stays).toBeUndefined();
  });

  test('lookups, estimates and refused calls create nothing', () => {
    expect(createdRecords('/accounts/a/audience_estimate', false, { data: { id: 'e' } })).toEqual([]);
    expect(createdRecords('/accounts/a/campaigns', false, { errors: [] })).toEqual([]);
  });
});
