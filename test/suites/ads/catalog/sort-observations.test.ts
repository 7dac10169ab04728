// An observation says only what was seen. CAT-CARD-OBS-002 made no image conversation card and
// recorded "ascending by name" for sort_by=name-asc and name-desc alike from empty answers (outside
// sandbox cat4, D2); at concurrency 8 it read other rules' cards and said the opposite. It now makes
// three records of each list, in an order that is not their names' order, and reads only those.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../../domains/reference.ts';
import { nameOrderSeen } from '../../../../suites/ads/reading/answers.ts';
import { runLocal } from '../../../runners/run-local.ts';

describe('the order by name a list shows', () => {
  test('is not observable from fewer than two records, nor from the rule records not all listed', () => {
    expect(nameOrderSeen([])).toMatch(/^not observable: the answer listed 0 record/);
    expect(nameOrderSeen([{ id: '1', name: 'a' }])).toMatch(/^not observable/);
    expect(nameOrderSeen([{ name: 'a' }, { name: 'b' }])).toBe('ascending by name');
    const made = [
      { id: '1', name: 'x-b' },
      { id: '2', name: 'x-c' },
      { id: '3', name: 'x-a' },
    ];
    expect(nameOrderSeen([{ id: '1' }, { id: '2' }], made)).toBe(
      'not observable: the answer listed 2 of the 3 records the rule made to see an order',
    );
    // other records listed beside them change nothing
    expect(nameOrderSeen([{ id: '9', name: 'z' }, { id: '3' }, { id: '1' }, { id: '2' }, { id: '8', name: 'a' }], made)).toBe(
      'ascending by name',
    );
    expect(nameOrderSeen([{ id: '2' }, { id: '1' }, { id: '3' }], made)).toBe('descending by name');
    expect(nameOrderSeen([{ id: '1' }, { id: '2' }, { id: '3' }], made)).toBe(
      "neither ascending nor descending by name (the rule's records listed in the order they were made)",
    );
  });

  test('CAT-CARD-OBS-002 observes the reference order both lists by name in both directions', async () => {
    const out = await runLocal('reference', embeddedReference(), { rules: ['CAT-CARD-OBS-002'], runs: 5 });
    expect(out.byId.get('CAT-CARD-OBS-002')?.status).toBe('observed');
    const orders = Object.fromEntries(out.report.observations.filter((o) => o.topic.startsWith('order of')).map((o) => [o.topic, o.seen]));
    expect(orders).toEqual({
      'order of GET cards with sort_by=name-asc': 'ascending by name',
      'order of GET cards with sort_by=name-desc': 'descending by name',
      'order of GET cards/image_conversation with sort_by=name-asc': 'ascending by name',
      'order of GET cards/image_conversation with sort_by=name-desc': 'descending by name',
    });
  }, 60_000);
});
