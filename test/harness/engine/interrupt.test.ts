// Stopping a run (Ctrl-C through ConformOptions.stop): the rule under way finishes and cleans up,
// no further rule starts, the report says it was interrupted, and the exit code is 130.
import { describe, expect, test } from 'vitest';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

const RULES = ['TOY-LIST-001', 'TOY-LIM-001', 'TOY-OBS-001'];

describe('interrupting a run', () => {
  test('aborted in the middle of a rule: that rule finishes and cleans up, the next never starts; exit 130', async () => {
    const stop = new AbortController();
    // the first item created (by TOY-LIM-001, which goes on to fill every slot) stops the run
    const t = toyTarget({ onCreate: () => stop.abort() });
    // without control nothing resets the service: only the engine's cleanup can empty it
    const out = await runToy(t, {
      rules: RULES,
      stop: stop.signal,
      local: { factory: t.factory, withoutControl: true, limits: { maxItems: 3 } },
    });
    expect(out.exitCode).toBe(130);
    expect(out.report.interrupted).toBe(true);
    const ran = out.report.rules.filter((r) => r.status !== 'not-run');
    expect(ran.map((r) => [r.id, r.status])).toEqual([
      ['TOY-LIST-001', 'passed'],
      ['TOY-LIM-001', 'passed'],
    ]);
    const s = t.last();
    expect(s.log.filter((l) => l === 'POST /toy/items')).toHaveLength(4);
    expect(s.log.filter((l) => l.startsWith('DELETE /toy/items/i'))).toHaveLength(3);
    expect(s.log).not.toContain('DELETE /toy/items/no-such-item');
    expect(s.items.size).toBe(0);
  });

  test('aborted before the run: no rule runs, exit 130', async () => {
    const stop = new AbortController();
    stop.abort();
    const t = toyTarget();
    const out = await runToy(t, { rules: RULES, stop: stop.signal });
    expect(out.exitCode).toBe(130);
    expect(out.report.interrupted).toBe(true);
    expect(out.report.rules.filter((r) => r.status !== 'not-run')).toEqual([]);
    expect(t.last().log.some((l) => l.startsWith('POST /toy/') || l.startsWith('DELETE '))).toBe(false);
  });
});
