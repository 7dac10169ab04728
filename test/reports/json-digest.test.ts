// compliance.json keeps a passed rule's evidence as a digest: its first lines, and the notes after
// them. A note past the first lines (what the rule could not try, e.g. "replay steps were left
// out") was dropped, so the report no longer said what the pass rests on.
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../harness/model/result.ts';
import { DIGEST_LINES, renderJson } from '../../reports/json.ts';
import { sampleReport } from './sample.ts';

describe('compliance.json digest of a passed rule', () => {
  test('keeps its first lines and every later note, not the omitted counts', () => {
    const report: RunReport = sampleReport();
    const passed = report.rules.find((r) => r.status === 'passed');
    if (!passed) throw new Error('the sample has a passed rule');
    const exchange = report.rules.flatMap((r) => r.evidence).find((e) => 'request' in e);
    if (!exchange) throw new Error('the sample has an exchange');
    passed.evidence = [
      ...Array.from({ length: DIGEST_LINES + 3 }, () => exchange),
      { note: '12 further exchanges omitted' },
      { note: 'replay steps were left out: the target cannot hold replay jobs' },
    ];
    const out = JSON.parse(renderJson(report)).rules.find((r: { id: string }) => r.id === passed.id);
    expect(out.evidence).toEqual([]);
    expect(out.evidenceDigest.items).toBe(DIGEST_LINES + 5);
    expect(out.evidenceDigest.lines).toHaveLength(DIGEST_LINES + 1);
    expect(out.evidenceDigest.lines.at(-1)).toBe('replay steps were left out: the target cannot hold replay jobs');
  });
});
