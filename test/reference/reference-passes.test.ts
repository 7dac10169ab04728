// The correct reference passes every rule, and nothing is left not checkable. Snapshots keep the
// rule list (`conform rules --json`) and one seeded run's statuses, so that a change to either is
// deliberate: refresh them with `npx conform rules --json > test/reference/snapshots/rules.json`
// and from a `--seed 4242` run's compliance.json.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_RULES } from '../../cli/app.ts';
import { embeddedReference as embedded } from '../../domains/reference.ts';
import { cli } from '../runners/cli.ts';
import { runLocal, unexpected } from '../runners/run-local.ts';

const embeddedReference = embedded();
const snapshot = (name: string) => JSON.parse(readFileSync(new URL(`./snapshots/${name}`, import.meta.url), 'utf8'));

describe('the embedded reference', () => {
  test('passes every MUST rule and observes every OBSERVE rule', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-passes-'));
    const out = await runLocal('embedded reference', embeddedReference, { runs: 25, seed: 4242, reportDir: dir });
    // light by default: no Allure results, and a passing run's compliance.json under 2 MB
    expect(readdirSync(dir).sort()).toEqual(['compliance.html', 'compliance.json', 'compliance.md', 'junit.xml']);
    expect(statSync(join(dir, 'compliance.json')).size).toBeLessThan(2 * 1024 * 1024);
    expect(out.report.rules.map((r) => r.id).sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
    const statuses = Object.fromEntries(out.report.rules.map((r) => [r.id, r.status]));
    expect(statuses).toEqual(snapshot('statuses-seed-4242.json').rules);
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(out.exitCode).toBe(0);
    expect(out.report.observations.length).toBeGreaterThan(0);
    // everything the run made was removed, and no undo step failed (one on a tenant already gone answered 404)
    expect(out.report.cleanupProblems).toBeUndefined();
    const notes = out.report.rules.flatMap((r) =>
      (r.evidence ?? []).flatMap((e) => ('note' in e && /cleanup problem/.test(e.note) ? [`${r.id}: ${e.note}`] : [])),
    );
    expect(notes).toEqual([]);
  });

  test('conform rules --json is the snapshot: ids, titles, sources, levels, needs and holds of every rule', async () => {
    const out = await cli(['rules', '--json']);
    expect(JSON.parse(out.stdout)).toEqual(snapshot('rules.json'));
  });

  test('keeps the Data API rule ids and statuses of the snapshot (a change of status must be deliberate)', async () => {
    const before = JSON.parse(readFileSync(new URL('./snapshots/data-api-statuses.json', import.meta.url), 'utf8')) as {
      rules: Record<string, string>;
    };
    const out = await runLocal('embedded reference', embeddedReference, { runs: 10, suites: ['data-api'] });
    expect(Object.fromEntries(out.report.rules.map((r) => [r.id, r.status]))).toEqual(before.rules);
  });
});
