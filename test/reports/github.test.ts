import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RuleResult, RunReport } from '../../harness/model/result.ts';
import { escapeData, escapeProperty, githubAnnotations, githubSummary } from '../../reports/github.ts';
import { BEARER, CONTROL, SECRETS, sampleReport } from './sample.ts';

describe('githubSummary', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'conform-gh-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('appends compliance.md to the file GITHUB_STEP_SUMMARY names, after what is there, redacted', async () => {
    const file = join(dir, 'step_summary.md');
    writeFileSync(file, '# earlier step');
    const written = await githubSummary(sampleReport(), { GITHUB_STEP_SUMMARY: file }, { secrets: SECRETS });
    expect(written).toBe(file);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# earlier step\n## ❌ FAIL · acme &lt;staging&gt;')).toBe(true);
    expect(text).toContain('## Failures (1)');
    expect(text).toContain('conform run --rule WH-CRC-002 --seed 99');
    for (const s of SECRETS) expect(text).not.toContain(s);
    expect(text).toContain('[REDACTED]');
    // a second run (another step, a shard) appends again
    await githubSummary(sampleReport(), { GITHUB_STEP_SUMMARY: file }, { secrets: SECRETS });
    expect(readFileSync(file, 'utf8').match(/^## ❌ FAIL/gm)?.length).toBe(2);
  });

  test('creates the file when missing; does nothing without GITHUB_STEP_SUMMARY', async () => {
    const file = join(dir, 'new.md');
    await githubSummary(sampleReport(), { GITHUB_STEP_SUMMARY: file });
    expect(readFileSync(file, 'utf8').startsWith('## ❌ FAIL')).toBe(true);
    expect(await githubSummary(sampleReport(), {})).toBeUndefined();
    expect(await githubSummary(sampleReport(), { GITHUB_STEP_SUMMARY: '' })).toBeUndefined();
  });
});

function rule(r: Partial<RuleResult>): RuleResult {
  return {
    id: 'X-1',
    title: 't',
    source: 'doc.md § S 1',
    level: 'MUST',
    suite: 's',
    area: 'a',
    status: 'passed',
    evidence: [],
    durationMs: 1,
    ...r,
  };
}

function run(rules: RuleResult[], extra: Partial<RunReport> = {}): RunReport {
  return { ...sampleReport(), rules, observations: [], rerun: ['--config', 'acme.json'], ...extra };
}

describe('githubAnnotations', () => {
  test('escapes %, CR and LF in messages, and : and , in properties too', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab%3A c%2C d');
  });

  test('::error for each failed or error MUST rule: title "<id> <title>", the reason problem by problem, the reproducer', () => {
    const lines = githubAnnotations(
      run([
        rule({
          id: 'WH-CRC-002',
          title: 'response_token: sha256=, Base64',
          status: 'failed',
          reason: 'status 500; body: 100% wrong\nsee x',
        }),
        rule({ id: 'WH-CRC-003', title: 'setup', status: 'error', reason: 'could not create a webhook' }),
        rule({ id: 'OBS-1', level: 'OBSERVE', status: 'failed', reason: 'observe failed' }),
        rule({ id: 'NC-1', status: 'not-checkable', reason: 'needs control.clock' }),
        rule({ id: 'OK-1' }),
        rule({ id: 'W-1', status: 'waived', reason: 'waived' }),
      ]),
    );
    expect(lines).toEqual([
      '::error title=WH-CRC-002 response_token%3A sha256=%2C Base64::status 500%0Abody: 100%25 wrong%0Asee x%0A%0Areproduce: conform run --config acme.json --rule WH-CRC-002 --seed 1234 --report-dir reports/repro/WH-CRC-002',
      '::error title=WH-CRC-003 setup::the check could not run: could not create a webhook%0A%0Areproduce: conform run --config acme.json --rule WH-CRC-003 --seed 1234 --report-dir reports/repro/WH-CRC-003',
    ]);
    for (const l of lines) expect(l).not.toMatch(/[\r\n]/);
  });

  test('under --strict a not-checkable MUST rule is an error too; property rules reproduce with their own command', () => {
    const lines = githubAnnotations(
      run(
        [
          rule({ id: 'NC-1', status: 'not-checkable', reason: 'needs control.clock' }),
          rule({
            id: 'P-1',
            status: 'failed',
            reason: 'shrunk',
            property: { seed: 5, runs: 9, reproduce: 'conform run --rule P-1 --seed 5' },
          }),
        ],
        { strict: true },
      ),
    );
    // the failed rule first, then the not-checkable one --strict makes a failure
    expect(lines).toEqual([
      '::error title=P-1 t::shrunk%0A%0Areproduce: conform run --rule P-1 --seed 5',
      '::error title=NC-1 t::not checkable (--strict): needs control.clock%0A%0Areproduce: conform run --config acme.json --rule NC-1 --seed 1234 --report-dir reports/repro/NC-1',
    ]);
  });

  test('::warning for stale waivers, an early stop and what the run could not remove; secrets redacted', () => {
    const lines = githubAnnotations(
      run([rule({ id: 'A-1', status: 'failed', reason: `echoed Bearer ${BEARER}` })], {
        staleWaivers: [{ id: 'GONE-1', note: `fixed, see ${CONTROL}` }],
        interrupted: true,
        stopReason: 'the run was interrupted (SIGINT)',
        cleanupProblems: [`item 7: DELETE https://api.example.test/items/7?token=${CONTROL}: not sent`],
      }),
      { secrets: SECRETS },
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^::error title=A-1 t::echoed Bearer \[REDACTED\]/);
    expect(lines[1]).toBe(
      '::warning title=stale waiver GONE-1::fixed, see [REDACTED]: a stale waiver fails the run: remove it from the waivers file',
    );
    expect(lines[2]).toBe('::warning title=conform stopped early::the run was interrupted (SIGINT)');
    expect(lines[3]).toBe(
      '::warning title=conform left records on the target::the run could not remove everything it created: 1 cleanup problem(s) at its last try (the first: item 7: DELETE https://api.example.test/items/7?token=[REDACTED]: not sent); once the target answers, conform sweep removes what it can name (cleanupProblems in compliance.json lists them all)',
    );
    for (const l of lines) for (const s of SECRETS) expect(l).not.toContain(s);
  });

  test('at most `max` error lines, then a notice with how many more', () => {
    const rules = Array.from({ length: 60 }, (_, i) => rule({ id: `F-${i}`, status: 'failed', reason: 'x' }));
    const lines = githubAnnotations(run(rules));
    expect(lines).toHaveLength(51);
    expect(lines[49]).toMatch(/^::error title=F-49 t::/);
    expect(lines[50]).toBe(
      '::notice title=conform::10 more MUST rules fail the run (failed, in error): see compliance.md or compliance.html',
    );
    expect(githubAnnotations(run(rules), { max: 5 })).toHaveLength(6);
    // an outside sandbox's run had 68 rules in error listed before its 5 failed ones: the failed go first
    const mixed = [
      ...Array.from({ length: 55 }, (_, i) => rule({ id: `E-${i}`, status: 'error', reason: 'x' })),
      ...Array.from({ length: 5 }, (_, i) => rule({ id: `F-${i}`, status: 'failed', reason: 'x' })),
    ];
    const shown = githubAnnotations(run(mixed));
    expect(shown.slice(0, 5).map((l) => /title=(\S+)/.exec(l)?.[1])).toEqual(['F-0', 'F-1', 'F-2', 'F-3', 'F-4']);
    expect(shown[5]).toMatch(/^::error title=E-0 /);
  });

  test('a passing run has no annotation', () => {
    expect(githubAnnotations(run([rule({}), rule({ id: 'O-1', level: 'OBSERVE', status: 'observed' })]))).toEqual([]);
  });
});
