// Cleanup: whatever a rule ends with, the engine has its domain remove what it created; each
// property case rolls back to the checkpoint taken before the property; a cleanup that fails is
// a note in the evidence, not a verdict.
import { describe, expect, test } from 'vitest';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

/** Without control nothing resets the service between rules: what is gone, the engine removed. */
const noControl = (t: ReturnType<typeof toyTarget>) => ({ factory: t.factory, withoutControl: true, limits: { maxItems: 3 } });

describe('cleanup', () => {
  test('an item created by a failing rule is deleted by the engine after the rule', async () => {
    const t = toyTarget({ acceptMissingName: true });
    const out = await runToy(t, { rules: ['TOY-CREATE-001'], local: noControl(t) });
    expect(out.byId.get('TOY-CREATE-001')!.status).toBe('failed');
    const s = t.last();
    expect(s.log.filter((l) => /^(POST|DELETE) \/toy\/items/.test(l))).toEqual(['POST /toy/items', 'DELETE /toy/items/i1']);
    expect(s.items.size).toBe(0);
    expect(out.report.cleanupProblems).toBeUndefined();
  });

  test('items of a rule that ends in error are deleted too', async () => {
    const t = toyTarget({ garbleItem: true });
    const out = await runToy(t, { rules: ['TOY-GET-001'], local: noControl(t) });
    expect(out.byId.get('TOY-GET-001')!.status).toBe('error');
    expect(t.last().log).toContain('DELETE /toy/items/i1');
    expect(t.last().items.size).toBe(0);
  });

  test("a cleanup the target refuses is noted in the rule's evidence and leaves its status alone", async () => {
    const t = toyTarget({ failDeletes: true });
    const out = await runToy(t, { rules: ['TOY-CREATE-002'], local: noControl(t) });
    const r = out.byId.get('TOY-CREATE-002')!;
    expect(r.status).toBe('passed');
    expect(r.evidence).toContainEqual({ note: 'cleanup problems: item i1: DELETE answered 500' });
    // tried again at the run's end, and still refused: the report names it once, as left
    expect(out.report.cleanupProblems).toEqual(['item i1: DELETE answered 500']);
    expect(t.last().items.size).toBe(1);
  });

  test("a rule's own undo step the target refuses is the run's cleanup problem, named with the rule", async () => {
    const t = toyTarget({ failDeletes: true });
    const out = await runToy(t, { rules: ['TOY-UNDO-001'], local: noControl(t) });
    expect(out.byId.get('TOY-UNDO-001')!.status).toBe('passed');
    expect(out.report.cleanupProblems).toEqual(['TOY-UNDO-001: undo-probe: DELETE answered 500']);
    const ok = toyTarget();
    expect((await runToy(ok, { rules: ['TOY-UNDO-001'], local: noControl(ok) })).report.cleanupProblems).toBeUndefined();
  });

  test('each property case rolls back to the checkpoint: what existed before stays, what the case made goes', async () => {
    // the service keeps 3 items at most: 20 cases pass only if every case's item is removed
    const t = toyTarget();
    const out = await runToy(t, { rules: ['TOY-PROP-001'], runs: 20, local: noControl(t) });
    expect(out.byId.get('TOY-PROP-001')!.status).toBe('passed');
    const s = t.last();
    expect(s.peak).toBe(2);
    // one DELETE per case, then the item made before the property, by the rule's cleanup
    const deletes = s.log.filter((l) => l.startsWith('DELETE /toy/items/'));
    expect(deletes).toHaveLength(21);
    expect(deletes.at(-1)).toBe('DELETE /toy/items/i1');
    expect(s.items.size).toBe(0);
    expect(out.stats.propertyCases).toBe(20);
  });

  test('a failing property leaves nothing behind either, shrinking included', async () => {
    const t = toyTarget({ maxNameLength: 3 });
    const out = await runToy(t, { rules: ['TOY-PROP-001'], local: noControl(t) });
    expect(out.byId.get('TOY-PROP-001')!.status).toBe('failed');
    expect(t.last().peak).toBe(2);
    expect(t.last().items.size).toBe(0);
  });
});
