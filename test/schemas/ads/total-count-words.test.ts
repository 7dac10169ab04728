// total_count answered without with_total_count=true is said in the document's words, not as the
// schema's path ("/request/params: must have required property 'with_total_count'"): an outside
// sandbox's GET /bidding_rules failed ADS-LKP-009 with the schema's line.
import { describe, expect, test } from 'vitest';
import { validateAdsResponse } from '../../../schemas/ads/index.ts';

describe('total_count without with_total_count=true', () => {
  test('names total_count and what the request echoed', () => {
    const body = { request: { params: { currency: 'USD' } }, data: [], total_count: 1 };
    const v = validateAdsResponse('array', 'bidding-rule', body);
    expect(v.errors).toEqual([
      '/total_count: 1 is answered although request.params echoes no with_total_count (total_count comes on lists only when with_total_count=true)',
    ]);
  });

  test('with_total_count=false echoed', () => {
    const body = { request: { params: { with_total_count: false } }, data: [], total_count: 0 };
    expect(validateAdsResponse('array', 'bidding-rule', body).errors).toEqual([
      '/total_count: 0 is answered although request.params echoes with_total_count=false (total_count comes on lists only when with_total_count=true)',
    ]);
  });

  test('asked for, it is no error', () => {
    const body = { request: { params: { with_total_count: 'true' } }, data: [], total_count: 0 };
    expect(validateAdsResponse('array', 'bidding-rule', body).errors).toEqual([]);
  });
});
