// Coverage you can prove: a covered statement names the reference faults that break it and, for
// each, the rules that catch it. Each such fault is a fault of the statement's document, and the
// rules named for it are among its `breaks`, which the kill matrix runs at three seeds
// (test/runners/kill-matrix.ts): so a covered statement's rules fail on its faults at every seed.
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../domains/reference.ts';
import { countStatements, faultedStatements, statementsOf } from '../../harness/traceability/check.ts';
import { DOCUMENTS } from '../runners/documents.ts';

const byId = new Map(FAULTS.map((f) => [f.id, f]));

for (const d of DOCUMENTS) {
  const map = d.map();
  const named = faultedStatements(map);
  describe(`the faults of ${d.doc}'s statements`, () => {
    test('counts', () => {
      const c = countStatements(map);
      const faults = new Set(named.flatMap((n) => Object.keys(n.faults)));
      const own = FAULTS.filter((f) => d.ownsFault(f)).length;
      console.log(
        `${d.doc}: ${c.covered} covered with a fault, ${c.partly} partly, ${c.uncovered} uncovered (claimed covered without a fault among them), ` +
          `${c['not-checkable']} not checkable, ${c['not-a-requirement']} not a requirement; ${faults.size} of the document's ${own} faults named by a statement`,
      );
      expect(named.length).toBeGreaterThanOrEqual(0);
    });

    test('every fault a statement names is a fault of the reference that deviates from this document', () => {
      const wrong = named.flatMap(({ key, faults }) =>
        Object.keys(faults)
          .filter((id) => !byId.has(id) || !d.ownsFault(byId.get(id) as (typeof FAULTS)[number]))
          .map((id) => `${key}: ${id}${byId.has(id) ? ' is a fault of another document' : ' is no fault of the reference'}`),
      );
      expect(wrong).toEqual([]);
    });

    test("every rule named as catching a fault is among the fault's breaks (the kill matrix runs those at three seeds)", () => {
      const missing = named.flatMap(({ key, faults }) =>
        Object.entries(faults).flatMap(([id, rules]) =>
          rules.filter((r) => byId.has(id) && !byId.get(id)?.breaks.includes(r)).map((r) => `${key}: ${id} does not list ${r} in breaks`),
        ),
      );
      expect(missing).toEqual([]);
    });

    test('every covered statement names a fault (one without would count as uncovered)', () => {
      const unproven = Object.entries(map).flatMap(([key, e]) =>
        statementsOf(e)
          .filter((s) => s.status === 'covered' && Object.keys(s.faults ?? {}).length === 0)
          .map((s) => `${key}: ${s.text}`),
      );
      expect(unproven).toEqual([]);
    });
  });
}
