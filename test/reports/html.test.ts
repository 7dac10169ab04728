// compliance.html as markup: verdict, failures first with every problem, evidence kept for failures
// and trimmed for the rest, waived rules with expiry, observations, coverage, interrupted runs.
import { reasonHtml } from '../../reports/html/rule-parts.ts';
import { percentText, readableKey } from '../../reports/html/summary.ts';
import { describe, expect, test } from 'vitest';
import type { HttpExchange, RuleResult, RunReport } from '../../harness/model/result.ts';
import { renderHtml } from '../../reports/html/index.ts';
import { MAX_SUMMARY_LINES, PAGE_EVIDENCE_BUDGET } from '../../reports/html/evidence.ts';
import { placeOf, problemsOf, verdictOf } from '../../reports/html/view.ts';
import { sampleReport } from './sample.ts';

/** The markup from the element with this id to the next top-level section (or the end of <main>). */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `#${id}`).toBeGreaterThan(0);
  const next = html.indexOf('<section id="', start);
  return html.slice(start, next > 0 ? next : html.indexOf('</main>'));
}

function exchange(i: number, body: unknown): HttpExchange {
  return {
    request: { method: 'GET', url: `https://api.example.test/2/things/${i}`, headers: { accept: 'application/json' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
    durationMs: 3,
  };
}

describe('compliance.html', () => {
  test('a schema failure shows every problem, one per line, and the reason in full', () => {
    const report = sampleReport();
    const rule = report.rules[0];
    rule.reason = '/data/0/id must be string; /data/0 must NOT have additional properties (extra: "a; b"); status 500 | status 502';
    const html = renderHtml(report);
    const card = section(html, 'failures');
    expect(card).toContain('Problems found <span class="muted">(4)</span>');
    for (const p of [
      '/data/0/id must be string',
      '/data/0 must NOT have additional properties (extra: &quot;a; b&quot;)',
      'status 500',
      'status 502',
    ])
      expect(card).toContain(`<li>${p}</li>`);
    expect(problemsOf(rule.reason)).toHaveLength(4);
    expect(problemsOf('one thing (a; b) failed')).toEqual(['one thing (a; b) failed']);
    expect(problemsOf('x broke — counterexample after 3 run(s) and 1 shrink(s): {"a":1}; seed 5; reproduce: conform run')).toEqual([
      'x broke',
    ]);
  });

  test('failures come first, with their exchanges in full, collapsed, and the CLI and curl reproducers', () => {
    const report = sampleReport();
    report.rules[0].curl = 'curl -sS -i "https://api.example.test/2/webhooks/1" -H "authorization: Bearer $DATA_API_TOKEN"';
    const html = renderHtml(report);
    expect(html.indexOf('id="failures"')).toBeLessThan(html.indexOf('id="rules"'));
    const card = section(html, 'failures');
    expect(card).toContain('id="fail-WH-CRC-002"');
    expect(card).toMatch(/<details class="ex"><summary>/);
    expect(card).not.toMatch(/<details class="ex" open/);
    expect(card).toContain('<span class="method">GET</span>');
    expect(card).toContain('<h5>Response <span class="http st-4">400</span></h5>');
    expect(card).toMatch(/<pre class="code cmdline" id="cmd\d+"><code>conform run --rule WH-CRC-002 --seed 99<\/code><\/pre>/);
    expect(card).toContain(
      'curl -sS -i &quot;https://api.example.test/2/webhooks/1&quot; -H &quot;authorization: Bearer $DATA_API_TOKEN&quot;',
    );
    expect(card.match(/class="copy" data-copy="cmd\d+"/g)).toHaveLength(2);
    // the rule list points to the failure instead of repeating its exchanges
    expect(section(html, 'rules')).toContain('href="#fail-WH-CRC-002"');
  });

  test('rules are grouped by document and section; passed rules list their exchanges one line each, at most a few', () => {
    const report = sampleReport();
    const passed = report.rules[1];
    passed.evidence = Array.from({ length: 30 }, (_, i) => exchange(i, { big: 'x'.repeat(5000) }));
    const html = renderHtml(report);
    const rules = section(html, 'rules');
    expect(rules.indexOf('data-api-webhooks-replay.md')).toBeLessThan(rules.indexOf('ads-api-accounts-campaigns.md'));
    expect(rules).toContain('<h4 class="sec-h">CRC rules');
    expect(rules).toContain('<h4 class="sec-h">Replay');
    const entry = rules.slice(rules.indexOf('id="rule-WH-SIG-001"'));
    expect(entry.slice(0, entry.indexOf('</details>'))).toContain(`… and ${30 - MAX_SUMMARY_LINES} more`);
    expect(html).not.toContain('x'.repeat(5000));
    expect(html.length).toBeLessThan(80_000);
  });

  test('one filter control per status present, an area filter and a search box', () => {
    const html = renderHtml(sampleReport());
    expect(html).toContain('<button type="button" class="fbtn active" data-filter="all" aria-pressed="true">');
    for (const s of ['failed', 'not-checkable', 'waived', 'observed', 'passed'])
      expect(html).toMatch(new RegExp(`<button type="button" class="fbtn [^"]*" data-filter="${s}"`));
    expect(html).toContain('<option value="data-api / webhooks">');
    expect(html).toContain('<option value="ads / campaigns">');
    expect(html).toContain('<input type="search" id="q"');
    expect(html).toMatch(/data-status="failed" data-area="data-api \/ webhooks" data-search="wh-crc-002 /);
  });

  test('waived rules get their own section with the waiver note and its expiry', () => {
    const report = sampleReport();
    const waived = report.rules.find((r) => r.status === 'waived')!;
    waived.waiver = { note: 'vendor ticket VEND-123', expires: '2031-05-01' };
    waived.reason = 'waived (vendor ticket VEND-123, until 2031-05-01); failure: budget 0.5 was accepted';
    const html = renderHtml(report);
    const w = section(html, 'waivers');
    expect(w).toContain('href="#rule-ADS-CAMP-010"');
    expect(w).toContain('vendor ticket VEND-123');
    expect(w).toContain('2031-05-01');
    expect(w).toContain('budget 0.5 was accepted');
  });

  test('observations of undocumented behaviour have their own section linking to their rule', () => {
    const html = renderHtml(sampleReport());
    const o = section(html, 'observations');
    expect(o).toContain('Observations of undocumented behaviour');
    expect(o).toContain('status code for CrcValidationFailed');
    expect(o).toContain('href="#rule-RP-OBS-001"');
    expect(o).toContain('problem type base');
  });

  test('coverage per document and section, with the traceability counts', () => {
    const report = sampleReport();
    report.traceability = { 'data-api-webhooks-replay.md': { covered: 57, partly: 27, uncovered: 0 } };
    const html = renderHtml(report);
    const c = section(html, 'coverage');
    expect(c).toContain('<h3 class="mono">data-api-webhooks-replay.md</h3>');
    expect(c).toContain('<span class="chip"><b>57</b> covered</span>');
    expect(c).toContain('<span class="chip"><b>0</b> uncovered</span>');
    // the document's four rules: 3 MUST, 1 OBSERVE; checked 3 (failed, passed, observed), 1 not checkable
    expect(c).toMatch(
      /<tfoot><tr><th>All sections<\/th><td class="num">4<\/td><td class="num">3<\/td><td class="num">1<\/td><td class="num">3<\/td>/,
    );
    expect(c).toContain('<h3 class="mono">ads-api-accounts-campaigns.md</h3>');
  });

  test('verdict: FAIL on a failed or errored MUST rule or a stale waiver, INTERRUPTED with the reason, else PASS', () => {
    const report = sampleReport();
    expect(verdictOf(report)).toMatchObject({ pass: false, label: 'FAIL', because: ['1 MUST rule failed'] });
    expect(renderHtml(report)).toContain('data-verdict="FAIL"');

    const clean: RunReport = { ...report, rules: report.rules.filter((r) => r.status !== 'failed') };
    expect(verdictOf(clean).label).toBe('PASS');
    expect(verdictOf(clean).because[0]).toContain('1 rule not checkable on this target');
    expect(renderHtml(clean)).toContain('data-verdict="PASS"');
    expect(renderHtml(clean)).not.toContain('id="failures"');

    const errored: RunReport = {
      ...clean,
      rules: clean.rules.map((r) => (r.id === 'WH-SIG-001' ? { ...r, status: 'error' as const } : r)),
    };
    expect(verdictOf(errored)).toMatchObject({ label: 'FAIL' });
    expect(renderHtml(errored)).toContain('id="fail-WH-SIG-001"');

    const stale: RunReport = { ...clean, staleWaivers: [{ id: 'ZZ-GONE-001', note: 'fixed upstream' }] };
    expect(verdictOf(stale).label).toBe('FAIL');
    expect(section(renderHtml(stale), 'failures')).toContain('ZZ-GONE-001');

    const notRun: RuleResult = { ...clean.rules[0], id: 'WH-CRC-002', status: 'not-run', reason: 'not reached: SIGINT', evidence: [] };
    const interrupted: RunReport = {
      ...clean,
      rules: [...clean.rules, notRun],
      interrupted: true,
      stopReason: 'the run was interrupted (SIGINT)',
    };
    const v = verdictOf(interrupted);
    expect(v.label).toBe('INTERRUPTED');
    expect(v.because).toContain('interrupted: the run was interrupted (SIGINT) (1 rule not run)');
    const html = renderHtml(interrupted);
    expect(html).toContain('data-verdict="INTERRUPTED"');
    expect(section(html, 'interrupted')).toContain('the run was interrupted (SIGINT)');
    expect(verdictOf({ ...interrupted, rules: [...report.rules, notRun] }).label).toBe('FAIL');

    // --strict: a MUST rule not checkable fails the gate and is listed with the failures
    const strict: RunReport = { ...clean, strict: true };
    expect(verdictOf(strict)).toMatchObject({ label: 'FAIL', because: ['1 MUST rule not checkable on this target (--strict fails them)'] });
    expect(section(renderHtml(strict), 'failures')).toContain('id="fail-RP-DEL-003"');
    expect(verdictOf({ ...clean, shard: { index: 2, count: 3 } }).because.at(-1)).toBe(
      'this report holds shard 2 of 3: merge the shards for the whole run',
    );
  });

  test('a run where every rule fails stays within the evidence budget; the first failures keep their exchanges', () => {
    const base = sampleReport().rules[0];
    const rules: RuleResult[] = Array.from({ length: 300 }, (_, i) => ({
      ...base,
      id: `GEN-${String(i).padStart(3, '0')}`,
      property: undefined,
      evidence: Array.from({ length: 20 }, (_, j) => exchange(j, { items: Array.from({ length: 40 }, (_, k) => ({ k, v: 'value' })) })),
    }));
    const report: RunReport = { ...sampleReport(), rules, observations: [] };
    const html = renderHtml(report);
    expect(html.length).toBeLessThan(PAGE_EVIDENCE_BUDGET + 3_000_000);
    const first = html.slice(html.indexOf('id="fail-GEN-000"'), html.indexOf('id="fail-GEN-001"'));
    expect(first.match(/<details class="ex">/g)).toHaveLength(20);
    const lastCard = html.slice(html.indexOf('id="fail-GEN-299"'));
    expect(lastCard).toContain('This page holds no more exchanges in full');
    expect(lastCard).toContain('GET https://api.example.test/2/things/19 → 200');
  });

  test('where is read from source when a result has none', () => {
    const r = { ...sampleReport().rules[0], where: undefined };
    expect(placeOf(r)).toEqual({ doc: 'data-api-webhooks-replay.md', section: 'CRC rules', item: '2' });
    expect(placeOf({ ...r, source: 'data-api-webhooks-replay.md § Errors table' })).toEqual({
      doc: 'data-api-webhooks-replay.md',
      section: 'Errors table',
      item: '',
    });
    expect(placeOf({ ...r, source: 'd.md § Events ¶4' }).section).toBe('Events');
    expect(placeOf({ ...r, where: { doc: 'a.md', section: 'S › T', item: '3' } })).toEqual({ doc: 'a.md', section: 'S › T', item: '3' });
  });
});

describe('compliance.html details for reading', () => {
  test('a share never hides a rule: one of 314 is <1%, 313 of 314 is >99%', () => {
    expect(percentText(1, 314)).toBe('<1%');
    expect(percentText(313, 314)).toBe('>99%');
    expect(percentText(157, 314)).toBe('50%');
    expect(percentText(0, 314)).toBe('0%');
    expect(percentText(314, 314)).toBe('100%');
  });

  test('config keys read as names: dataApi → Data API', () => {
    expect(readableKey('dataApi')).toBe('Data API');
    expect(readableKey('adsApi')).toBe('Ads API');
    expect(readableKey('consumer')).toBe('Consumer');
  });

  test("a reason's JSON answer is pretty-printed and folded, the text around it kept", () => {
    const html = reasonHtml(
      'the callback URL was refused: 400 {"type":"https://api.example.test/2/problems/invalid-request","title":"Invalid Request","errors":[{"message":"UrlValidationFailed"}]} — seed 5',
    );
    expect(html).toMatch(/^the callback URL was refused: 400 <details class="json"><summary>/);
    expect(html).toContain('<pre>{\n  &quot;type&quot;: &quot;https://api.example.test/2/problems/invalid-request&quot;,');
    expect(html).toMatch(/<\/details> — seed 5$/);
    expect(reasonHtml('short {"a":1} stays')).toBe('short {&quot;a&quot;:1} stays');
  });
});
