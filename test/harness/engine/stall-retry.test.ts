// A rule that fails while the harness process stalls runs once more (harness/engine/stalls.ts,
// stall-retry.ts): a stall of a second or more leaves the receiver answering nobody, so a target
// may rightly time out what a rule needed. Without a stall a failure stands; a target that is
// wrong fails the second attempt as well; and the evidence says the rule ran twice and why.
import { describe, expect, test } from 'vitest';
import { progressLines, summaryLines } from '../../../cli/output.ts';
import { STALL_MS, StallWatch } from '../../../harness/engine/stalls.ts';
import type { HttpExchange } from '../../../harness/model/result.ts';
import { renderHtml } from '../../../reports/html/index.ts';
import { renderMarkdown } from '../../../reports/markdown/index.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

/** blocks the process as a loaded machine would */
const stallFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

/** the toy service stalls the process while it makes its first item */
const stallingFirstCreate = () => {
  let made = 0;
  return () => {
    if (made++ === 0) stallFor(STALL_MS + 300);
  };
};

const firstNote = (e: unknown[] | undefined) => (e?.[0] as { note?: string } | undefined)?.note ?? '';

describe('the stall watch', () => {
  test('a tick a second or more late is a stall; it counts for the times it overlapped', () => {
    let now = 1000;
    const w = new StallWatch(() => now);
    w.tick(); // the first tick sets the mark
    for (let i = 0; i < 5; i++) {
      now += 100;
      w.tick();
    }
    const before = now;
    expect(w.longestSince(0)).toBeUndefined();
    now += 100 + STALL_MS + 200;
    w.tick();
    expect(w.longestSince(before)).toEqual({ endedAt: now, ms: STALL_MS + 200 });
    expect(w.longestSince(now + 1)).toBeUndefined();
  });
});

describe('a rule that failed while the harness stalled', () => {
  test('runs again: the second attempt passes, and its evidence first says why it ran twice', async () => {
    const out = await runToy(toyTarget({ omitIdTimes: 1, onCreate: stallingFirstCreate() }), { rules: ['TOY-CREATE-002'] });
    const r = out.byId.get('TOY-CREATE-002')!;
    expect(r.status).toBe('passed');
    expect(firstNote(r.evidence)).toMatch(
      /^run twice: its first attempt ended failed \(the created item was answered without an id\) while the harness process stalled for 1\.\d s/,
    );
    expect(r.ranTwice).toMatchObject({ first: { status: 'failed', reason: 'the created item was answered without an id' } });
    expect(r.ranTwice!.stallMs).toBeGreaterThanOrEqual(STALL_MS);
    // the Markdown and HTML reports, the terminal's summary and the rule's own line say so too
    const line = '1 rule(s) ran twice, the harness process having stalled during their first attempt (a loaded machine): TOY-CREATE-002';
    expect(renderMarkdown(out.report)).toContain(line);
    expect(renderHtml(out.report)).toContain(line);
    expect(summaryLines(out.report, [])).toContain(line);
    expect(progressLines(r, (t) => t)[0]).toMatch(
      /PASS TOY-CREATE-002 .* ms, ran twice: the harness stalled 1\.\d s in the first attempt\)$/,
    );
    expect(out.exitCode).toBe(0);
  });

  test('without a stall, the failure stands and the rule ran once', async () => {
    const out = await runToy(toyTarget({ omitIdTimes: 1 }), { rules: ['TOY-CREATE-002'] });
    const r = out.byId.get('TOY-CREATE-002')!;
    expect(r.status).toBe('failed');
    expect(JSON.stringify(r.evidence)).not.toContain('run twice');
    expect(r.ranTwice).toBeUndefined();
    expect(summaryLines(out.report, []).join('\n')).not.toContain('ran twice');
  });

  test('a target that is wrong fails the second attempt too, and the failing exchange is still the one named', async () => {
    const out = await runToy(toyTarget({ omitId: true, onCreate: stallingFirstCreate() }), { rules: ['TOY-CREATE-002'] });
    const r = out.byId.get('TOY-CREATE-002')!;
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('the created item was answered without an id');
    expect(firstNote(r.evidence)).toContain('run twice');
    const failing = r.evidence[r.failingExchange!] as HttpExchange;
    expect(failing.request.method).toBe('POST');
    expect(failing.response?.status).toBe(201);
    expect(out.exitCode).toBe(1);
  });
});
