// One cause behind many failures is said first, once, with where to fix it: the terminal summary,
// Markdown, HTML and --json; the terminal summary names each failing rule with its reproducer and
// the run's wall time.
import { describe, expect, test } from 'vitest';
import { summaryLines } from '../../cli/output.ts';
import { summarize } from '../../harness/engine/summary.ts';
import type { RuleResult, RunReport } from '../../harness/model/result.ts';
import { sharedCauses } from '../../reports/causes.ts';
import { renderHtml, renderMarkdown } from '../../reports/index.ts';

const rule = (id: string, status: RuleResult['status'], reason: string): RuleResult =>
  ({
    id,
    title: `rule ${id}`,
    source: 'doc.md § s',
    level: 'MUST',
    suite: 'data-api',
    area: 'crc',
    status,
    reason,
    evidence: [],
    startedAt: '2025-01-02T03:04:05.000Z',
    durationMs: 5,
  }) as RuleResult;

const CALLBACK =
  'setup failed: registering a callback (POST /2/webhooks): got 400 {"errors":[{"message":"CrcValidationFailed: the callback could not be reached (connect ECONNREFUSED 127.0.0.1:9443)"}]}';

function report(rules: RuleResult[]): RunReport {
  return {
    target: { name: 't' },
    startedAt: '2025-01-02T03:04:05.000Z',
    finishedAt: '2025-01-02T03:04:17.500Z',
    harnessVersion: '0.1.0',
    seed: 7,
    runs: 10,
    rerun: ['--config', 'acme.json'],
    summary: summarize(rules),
    rules,
    observations: [],
  };
}

describe('one cause behind many failures', () => {
  const rules = [
    rule('A-001', 'failed', 'the target refused without sending a CRC to the callback'),
    rule('A-002', 'error', CALLBACK),
    rule('A-003', 'error', CALLBACK),
    rule('A-004', 'failed', 'the answer lacks data.id'),
    rule('B-001', 'error', 'GET /2/webhooks answered 401 {"title":"Unauthorized"}'),
    rule('B-002', 'passed', ''),
  ];

  test('found across reasons that differ, with the address one of them names; a cause of fewer rules is not said', () => {
    const causes = sharedCauses(report(rules));
    expect(causes).toEqual([
      {
        cause: "the target's callbacks do not reach conform's receiver (ECONNREFUSED 127.0.0.1:9443)",
        fix: expect.stringContaining('receiver.listenPort'),
        rules: ['A-001', 'A-002', 'A-003'],
      },
    ]);
    expect(
      sharedCauses(report([rule('B-001', 'error', '401'), rule('B-002', 'failed', 'answered 401'), rule('B-003', 'error', '401 x')])),
    ).toEqual([expect.objectContaining({ cause: 'the target answered 401 Unauthorized', fix: expect.stringContaining('bearerToken') })]);
  });

  test('said first in the terminal summary, Markdown and HTML; the summary names each failing rule with its reproducer and the wall time', () => {
    const r = report(rules);
    const lines = summaryLines(r, []).join('\n');
    expect(lines.indexOf('3 rules failed or erred for one cause')).toBeGreaterThan(-1);
    expect(lines.indexOf('3 rules failed or erred for one cause')).toBeLessThan(lines.indexOf('t: 1 passed'));
    expect(lines).toContain('reproduce: conform run --config acme.json --rule A-004 --seed 7 --report-dir reports/repro/A-004');
    expect(lines).toContain('ERR B-001 rule B-001');
    expect(lines).toContain('12.5 s');
    const md = renderMarkdown(r);
    expect(md.indexOf('one cause')).toBeLessThan(md.indexOf('| Status | Rules |'));
    expect(md).toContain('Rules: A-001, A-002, A-003');
    expect(renderHtml(r)).toContain('<section class="alert" id="causes">');
  });
});
