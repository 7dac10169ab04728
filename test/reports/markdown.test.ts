import { describe, expect, test } from 'vitest';
import type { RuleResult, RunReport } from '../../harness/model/result.ts';
import { renderMarkdown } from '../../reports/markdown/index.ts';
import { problemsOf } from '../../reports/markdown/text.ts';
import { catalogue, heavy, syntheticReport } from './markdown-synthetic.ts';
import { sampleReport } from './sample.ts';

const LIMIT = 65_000;
const size = (s: string) => Buffer.byteLength(s, 'utf8');

/** The text GitHub reads as Markdown and HTML: code blocks and code spans (shown literally) taken out. */
function outsideCode(md: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of md.split('\n')) {
    const m = /^(`{3,})/.exec(line);
    if (fence === undefined && m) fence = m[1];
    else if (fence !== undefined && line.trim() === fence) fence = undefined;
    else if (fence === undefined) kept.push(line.replace(/(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)/g, ''));
  }
  return kept.join('\n');
}

/** Markdown structure a cut must never break: balanced <details>, closed code fences. */
function structure(md: string): string[] {
  const errors: string[] = [];
  let fence: string | undefined;
  for (const line of md.split('\n')) {
    const m = /^(`{3,})/.exec(line);
    if (!m) continue;
    if (fence === undefined) fence = m[1];
    else if (line.trim() === fence) fence = undefined;
  }
  if (fence !== undefined) errors.push(`code fence ${fence} left open`);
  const html = outsideCode(md);
  const open = html.match(/<details( open)?>/g)?.length ?? 0;
  const close = html.match(/<\/details>/g)?.length ?? 0;
  if (open !== close) errors.push(`<details> ${open} opened, ${close} closed`);
  return errors;
}

/** Where the first folded section starts (failure blocks fold their evidence in a one-line <details><summary>). */
const firstFolded = (md: string) =>
  md.indexOf('<details>\n<summary>') >= 0 ? md.indexOf('<details>\n<summary>') : md.indexOf('<details open>\n<summary>');

describe('compliance.md size budget', () => {
  const rules = catalogue().length;

  test('the registry has a catalogue worth the test', () => {
    expect(rules).toBeGreaterThan(250);
  });

  test('every rule of every suite failing with long reasons and big curl lines: under 65,000 bytes, verdict first, failures first', () => {
    const report = syntheticReport('failed');
    expect(JSON.stringify(report).length).toBeGreaterThan(10_000_000);
    const t0 = performance.now();
    const md = renderMarkdown(report);
    const ms = performance.now() - t0;
    expect(size(md)).toBeLessThan(LIMIT);
    expect(size(md)).toBeGreaterThan(50_000); // the budget is used, not wasted
    expect(ms).toBeLessThan(5_000);
    expect(md.startsWith('## ❌ FAIL · ')).toBe(true);
    expect(md).toContain(`**${rules - catalogue().filter((r) => r.level === 'OBSERVE').length} MUST rules failed · 300 stale waivers.**`);
    const failures = md.indexOf(`## Failures (${rules})`);
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(firstFolded(md));
    // the first failure in full: its reason problem by problem, its reproducer and its (cut, commented-out) curl line
    const first = report.rules.find((r) => r.level === 'MUST')!;
    expect(md.indexOf(`### ❌ ${first.id} · `)).toBeGreaterThan(failures);
    expect(md).toMatch(/\*\*Reason\*\* \(40 problems\):\n\n- problem 0 of /);
    const block = md.slice(md.indexOf(`### ❌ ${first.id} · `), md.indexOf('\n### ', md.indexOf(`### ❌ ${first.id} · `)));
    const listed = block.match(/^- problem \d+ of /gm)?.length ?? 0;
    expect(listed).toBeGreaterThan(3);
    expect(block).toContain(`- … ${40 - listed} more problems: see compliance.html`);
    expect(md).toMatch(/# the curl line is \d+ bytes; cut here \(full line in compliance.json\):\n# curl -sS -X POST/);
    // the ones that did not fit: in short rows, then counted
    const full = md.match(/^### (?:❌|⛔) /gm)?.length ?? 0;
    const short = md.match(/^\| ❌ [A-Z]+-[A-Z0-9-]+ \|/gm)?.length ?? 0;
    const left = Number(/\*\*… (\d+) more failures are not listed here: see compliance.html or compliance.json\.\*\*/.exec(md)?.[1]);
    expect(full).toBeGreaterThanOrEqual(3);
    expect(full + short + left).toBe(rules);
    // the folded parts are still there, each saying what it left out
    expect(md).toContain('<details open>\n<summary>⚠️ Stale waivers (300)');
    expect(md).toMatch(/<summary>👁️ Observations \(2000\)/);
    expect(md).toContain('<summary>📊 Coverage by document and section</summary>');
    expect(md).toMatch(/… \d+ more observations: see compliance.html or compliance.json\./);
    expect(structure(md)).toEqual([]);
    expect(md.trimEnd().endsWith('the data: compliance.json._')).toBe(true);
  });

  test.each(['error', 'waived', 'not-checkable', 'not-run', 'passed', 'observed'] as const)(
    'every rule %s, oversize content: under 65,000 bytes and well formed',
    (status) => {
      const md = renderMarkdown(syntheticReport(status));
      expect(size(md)).toBeLessThan(LIMIT);
      expect(md.startsWith('## ❌ FAIL · ')).toBe(true); // the stale waivers fail it
      expect(structure(md)).toEqual([]);
    },
  );

  test('a smaller budget is kept too, the verdict and the first failure still in it', () => {
    const md = renderMarkdown(syntheticReport('failed'), { maxBytes: 20_000 });
    expect(size(md)).toBeLessThanOrEqual(20_000);
    expect(md.startsWith('## ❌ FAIL · ')).toBe(true);
    expect(md).toMatch(/^### ❌ /m);
    expect(structure(md)).toEqual([]);
  });
});

describe('compliance.md of a normal run', () => {
  test('a clean run: PASS, no failures section, the passed rules folded in one compact table', () => {
    const report = syntheticReport('passed', false);
    const md = renderMarkdown(report);
    expect(size(md)).toBeLessThan(LIMIT);
    expect(md.split('\n')[0]).toBe('## ✅ PASS · synthetic · seed 4242 · conform 0.1.0');
    expect(md).toContain('No MUST rule failed.');
    expect(md).not.toContain('## Failures');
    const passed = md.indexOf(`<details>\n<summary>✅ Passed rules (${report.rules.length})</summary>`);
    expect(passed).toBeGreaterThan(0);
    for (const r of report.rules) expect(md.indexOf(`| ${r.id} | `)).toBeGreaterThan(passed);
    expect(md).not.toMatch(/more rules: see/);
    expect(md.slice(passed)).toContain('</details>');
    expect(md.indexOf('📊 Coverage by document and section')).toBeLessThan(passed);
  });

  test('the sample run: verdict line, counts table, failure with reproducer, the rest folded', () => {
    const md = renderMarkdown(sampleReport());
    const lines = md.split('\n');
    expect(lines[0]).toBe('## ❌ FAIL · acme &lt;staging&gt; & "co" · seed 1234 · conform 0.1.0');
    expect(md).toContain(
      '| Status | Rules |\n|---|---:|\n| ❌ Failed | 1 |\n| ✅ Passed | 1 |\n| 👁️ Observed | 1 |\n| ⚪ Not checkable | 1 |\n| 🟡 Waived | 1 |\n| **Total** | **5** |',
    );
    const fail = md.indexOf(
      '### ❌ WH-CRC-002 · response_token is sha256= + Base64 HMAC &lt;keyed&gt; with the consumer secret & nothing else',
    );
    expect(fail).toBeGreaterThan(md.indexOf('## Failures (1)'));
    expect(md).toContain('Source: data-api-webhooks-replay.md § CRC rules 2');
    expect(md).toContain('```sh\nconform run --rule WH-CRC-002 --seed 99\n```');
    expect(md).toContain('**Property:** seed 99, 50 runs · counterexample: `{"crc_token":"ctl-token-1234567890"}`');
    const folded = firstFolded(md);
    expect(folded).toBeGreaterThan(fail);
    for (const part of [
      '🟡 Waived rules (1)',
      '⚪ Not checkable on this target (1, 1 MUST)',
      '👁️ Observations (2)',
      '📊 Coverage',
      '✅ Passed rules (1) and observed rules (1)',
    ])
      expect(md.indexOf(`<summary>${part}`)).toBeGreaterThan(folded);
    expect(structure(md)).toEqual([]);
  });
});

function report(rules: Partial<RuleResult>[], extra: Partial<RunReport> = {}): RunReport {
  const full = rules.map(
    (r, i): RuleResult => ({
      id: `T-${i}`,
      title: `rule ${i}`,
      source: 'doc.md § Section 1',
      where: { doc: 'doc.md', section: 'Section', item: '1' },
      level: 'MUST',
      suite: 's',
      area: 'a',
      status: 'passed',
      evidence: [],
      durationMs: 5,
      ...r,
    }),
  );
  const n = (s: string) => full.filter((r) => r.status === s).length;
  return {
    target: { name: 'acme', dataApi: 'https://api.acme.test' },
    startedAt: '2025-01-02T03:04:05.000Z',
    finishedAt: '2025-01-02T03:04:15.000Z',
    harnessVersion: '0.1.0',
    seed: 7,
    runs: 25,
    summary: {
      passed: n('passed'),
      failed: n('failed'),
      notCheckable: n('not-checkable'),
      waived: n('waived'),
      observed: n('observed'),
      error: n('error'),
      notRun: n('not-run'),
    },
    rules: full,
    observations: [],
    rerun: ['--config', 'acme config.json'],
    ...extra,
  };
}

describe('compliance.md failures', () => {
  test('a reason listing several problems shows each on its own line; "; " inside brackets or quotes does not split', () => {
    expect(problemsOf('a (1; 2); b [x; y]; c "p; q"; d')).toEqual(['a (1; 2)', 'b [x; y]', 'c "p; q"', 'd']);
    expect(problemsOf('one problem')).toEqual(['one problem']);
    const md = renderMarkdown(
      report([
        { status: 'failed', reason: '/data/0/id: must be string; /data/0/text: required (at /data/0; see schema); /meta: unexpected' },
      ]),
    );
    expect(md).toContain(
      '**Reason** (3 problems):\n\n- /data/0/id: must be string\n- /data/0/text: required (at /data/0; see schema)\n- /meta: unexpected\n',
    );
  });

  test('the reproducer: the run line with the rerun options, the rule and the seed, then the curl line, in one sh block', () => {
    const md = renderMarkdown(
      report([{ status: 'failed', reason: 'x', curl: "curl -sS -H 'Authorization: Bearer $DATA_API_TOKEN' https://api.acme.test/2/x" }]),
    );
    expect(md).toContain(
      "```sh\nconform run --config 'acme config.json' --rule T-0 --seed 7 --report-dir reports/repro/T-0\n# the failing exchange:\ncurl -sS -H 'Authorization: Bearer $DATA_API_TOKEN' https://api.acme.test/2/x\n```",
    );
  });

  test('error rules are listed with the failures, MUST first; OBSERVE failures too but said not to fail the run', () => {
    const md = renderMarkdown(
      report([
        { status: 'failed', level: 'OBSERVE', reason: 'observe broke' },
        { status: 'error', reason: 'setup failed: 500' },
        { status: 'failed', reason: 'broke' },
        { status: 'passed' },
      ]),
    );
    expect(md.split('\n')[2]).toBe('**1 MUST rule failed · 1 MUST rule could not run (error).**');
    const order = ['### ❌ T-2', '### ⛔ T-1', '### ❌ T-0'].map((h) => md.indexOf(h));
    expect(order.every((p) => p > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(md).toContain('⛔ ERROR: the check could not run (not a verdict on the target) · MUST');
    expect(md).toContain('2 MUST rule(s) fail the run; 1 OBSERVE rule(s) failed or errored without failing it.');
  });

  test('interrupted, strict and sharded runs say so in the verdict line', () => {
    const md = renderMarkdown(
      report([{ status: 'not-checkable', reason: 'needs control.clock' }, { status: 'not-run' }], {
        interrupted: true,
        stopReason: 'the run was interrupted (SIGINT)',
        strict: true,
        shard: { index: 2, count: 3 },
      }),
    );
    expect(md.split('\n')[0]).toBe(
      '## ❌ FAIL (interrupted: the run was interrupted (SIGINT)) · acme · seed 7 · conform 0.1.0 · shard 2/3 · strict',
    );
    expect(md).toContain('**1 MUST rule not checkable (--strict) · the run stopped before 1 rule ran.**');
    expect(md).toContain('### ⚪ T-0 · rule 0');
    expect(md).toContain('<summary>⏹️ Not run (1): the run stopped before they started</summary>');
    expect(md).toContain('| ⏹️ Not run | 1 |');
  });

  test('an interrupted run with nothing failed is no PASS', () => {
    const md = renderMarkdown(
      report([{ status: 'passed' }], { interrupted: true, stopReason: "the run's time limit (--timeout 60) ran out" }),
    );
    expect(md.startsWith("## ❌ FAIL (interrupted: the run's time limit (--timeout 60) ran out) · acme")).toBe(true);
  });

  test('text from the target cannot break the structure: </details>, pipes, fences and control characters stay text', () => {
    const nasty = 'x </details> | `` ``` ~~~ <script>alert(1)</script> [a](javascript:x) \u0001';
    const md = renderMarkdown(
      report(
        [
          { status: 'failed', title: nasty, reason: nasty, curl: `curl '${'```'}'`, property: { seed: 1, runs: 2, counterexample: nasty } },
          { status: 'waived', reason: nasty, waiver: { note: nasty } },
          { status: 'passed', title: nasty },
        ],
        { observations: [{ topic: nasty, seen: nasty, ruleId: 'T-2' }], staleWaivers: [{ id: 'Z-1', note: nasty }] },
      ),
    );
    expect(structure(md)).toEqual([]);
    const html = outsideCode(md);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('</details> |');
    expect(html).toContain('x &lt;/details&gt; \\| ');
    expect(html).not.toContain('[a](javascript');
    expect(md).not.toMatch(/[\u0000-\u0008]/);
  });
});

describe('compliance.md folded parts', () => {
  test('waived rules with their note, expiry and the failure they hide; stale waivers open', () => {
    const md = renderMarkdown(
      report(
        [
          {
            status: 'waived',
            reason: 'waived (VEND-9, until 2099-01-31); failure: wrong status 500',
            waiver: { note: 'VEND-9', expires: '2099-01-31' },
          },
          { status: 'waived', reason: 'waived (VEND-10); failure: no body', waiver: { note: 'VEND-10' } },
        ],
        { staleWaivers: [{ id: 'GONE-1', note: 'fixed in 2.3' }] },
      ),
    );
    expect(md).toContain('| T-0 | rule 0 | VEND-9 | 2099-01-31 | wrong status 500 |');
    expect(md).toContain('| T-1 | rule 1 | VEND-10 |  | no body |');
    expect(md).toContain('<details open>\n<summary>⚠️ Stale waivers (1): they fail the run until removed</summary>');
    expect(md).toContain('| GONE-1 | fixed in 2.3 |');
    expect(md.split('\n')[2]).toBe('**1 stale waiver.**');
  });

  test('not checkable rules grouped by reason; coverage per document and section with traceability counts', () => {
    const md = renderMarkdown(
      report(
        [
          { status: 'not-checkable', reason: 'needs control.clock', where: { doc: 'doc.md', section: 'Clock', item: '1' } },
          {
            status: 'not-checkable',
            reason: 'needs control.clock',
            level: 'OBSERVE',
            where: { doc: 'doc.md', section: 'Clock', item: '2' },
          },
          { status: 'failed', reason: 'x', where: { doc: 'other.md', section: 'S', item: '1' } },
          { status: 'passed', where: { doc: 'doc.md', section: 'Intro', item: '1' } },
        ],
        { traceability: { 'doc.md': { covered: 3, partly: 1, uncovered: 0 } } },
      ),
    );
    expect(md).toContain('| needs control.clock | T-0, T-1 |');
    expect(md).toContain('- **doc.md**: 3 rules (2 MUST, 1 OBSERVE), 1 checked; document items traced: 3 covered, 1 partly, 0 uncovered');
    expect(md).toContain('| **doc.md** | 3 | 2 | 1 | 1 | 1 | 0 | 2 | 0 |');
    expect(md).toContain('| Clock | 2 | 1 | 1 | 0 | 0 | 0 | 2 | 0 |');
    expect(md).toContain('| **other.md** | 1 | 1 | 0 | 1 | 0 | 1 | 0 | 0 |');
    expect(md).toContain('| No MUST rule failed'.slice(0, 0));
  });

  test('long titles in the passed table are cut with an ellipsis, every byte counted in UTF-8', () => {
    const md = renderMarkdown(report([{ status: 'passed', title: heavy(1000) }]));
    const row = md.split('\n').find((l) => l.startsWith('| T-0 |'))!;
    expect(row).toMatch(/… \| 5 ms \|$/);
    expect(size(row)).toBeLessThan(400);
  });
});
