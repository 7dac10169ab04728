// Only what the reports show of a passed rule's evidence is redacted and rendered: every default
// report comes out byte for byte as from the whole evidence redacted, of a run of the reference
// (long evidence, secrets in it, a fault so that rules fail) and of a made-up report (notes after
// the items shown, secrets in the items left out); Allure, the HAR and --evidence all still get
// every exchange.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runConform } from '../../cli/app.ts';
import { embeddedReference } from '../../domains/reference.ts';
import type { Evidence, RuleResult, RunReport } from '../../harness/model/result.ts';
import { redact, renderHtml, renderJson, renderJunit, renderMarkdown, writeReports } from '../../reports/index.ts';
import { evidenceSummary } from '../../reports/common.ts';
import { onlyShownEvidence, SHOWN_ITEMS, showsAllEvidence } from '../../reports/shown-evidence.ts';
import { TEST_SEED } from '../runners/run-local.ts';
import { BEARER, CONSUMER, SECRETS, sampleReport } from './sample.ts';

const RENDERERS: [string, (r: RunReport) => string][] = [
  ['compliance.json', (r) => renderJson(r)],
  ['compliance.html', renderHtml],
  ['compliance.md', renderMarkdown],
  ['junit.xml', renderJunit],
];

/** each default report rendered from the whole evidence redacted and from only what is shown, side by side */
function sideBySide(report: RunReport, secrets: string[]): [string, string, string][] {
  const whole = redact(report, secrets);
  const shown = redact(onlyShownEvidence(report), secrets);
  return RENDERERS.map(([name, render]) => [name, render(whole), render(shown)]);
}

/** an item of each kind a line is made of: an exchange (with and without a time), one that got no answer, a request the receiver got */
function item(i: number, secret: string): Evidence {
  const request = {
    method: 'POST',
    url: `https://api.example.test/2/webhooks?n=${i}&t=${secret}`,
    headers: { authorization: `Bearer ${secret}` },
    body: { i, secret },
  };
  switch (i % 4) {
    case 0:
      return { request, response: { status: 200, headers: { 'x-echo': secret }, text: `{"echo":"${secret}","i":${i}}` }, durationMs: i };
    case 1:
      return { request, error: `socket hang up after ${secret}` };
    case 2:
      return { request, response: { status: 400, headers: {}, body: { secret } } };
    default:
      return {
        inbound: {
          at: '2025-01-02T03:04:05.000Z',
          method: 'POST',
          url: `/cb/${i}?crc_token=${secret}`,
          headers: { 'x-vendor-webhooks-signature': `sha256=${secret}` },
          body: secret,
          ...(i % 8 === 3 ? { signature: { header: `sha256=${secret}`, valid: false }, answered: 200 } : { answered: 'held' as const }),
        },
      };
  }
}

/** a passed rule whose evidence runs well past what is shown: notes, an omitted-count note and secrets after it */
function longRule(id: string, status: RuleResult['status']): RuleResult {
  const evidence: Evidence[] = [];
  for (let i = 0; i < 3 * SHOWN_ITEMS; i++) {
    evidence.push(item(i, i % 3 ? BEARER : CONSUMER));
    if (i % 7 === 3) evidence.push({ note: `note ${i} naming ${CONSUMER}` });
    if (i === 2 * SHOWN_ITEMS) evidence.push({ note: '13 further exchanges omitted' });
  }
  return {
    id,
    title: `a rule with long evidence (${status})`,
    source: 'data-api-webhooks-replay.md § CRC rules 1',
    level: 'MUST',
    suite: 'data-api',
    area: 'webhooks',
    status,
    evidence,
    durationMs: 10,
  };
}

describe('a made-up report', () => {
  const report = sampleReport();
  report.rules.push(longRule('WH-LC-001', 'passed'), longRule('WH-LC-002', 'failed'), longRule('WH-LC-003', 'not-checkable'));

  test('every default report is the same as from the whole evidence redacted', () => {
    for (const [name, whole, shown] of sideBySide(report, SECRETS)) expect(shown, name).toBe(whole);
  });

  test('a passed rule keeps its count, the items shown and every note; the others are left out', () => {
    const cut = onlyShownEvidence(report).rules.find((r) => r.id === 'WH-LC-001') as RuleResult;
    const full = report.rules.find((r) => r.id === 'WH-LC-001') as RuleResult;
    expect(cut.evidence).toHaveLength(full.evidence.length);
    expect(cut.evidence.slice(0, SHOWN_ITEMS).map(evidenceSummary)).toEqual(full.evidence.slice(0, SHOWN_ITEMS).map(evidenceSummary));
    expect(JSON.stringify(cut.evidence)).not.toContain('"body"');
    expect(cut.evidence.filter((e) => 'note' in e && e.note.startsWith('note '))).toEqual(
      full.evidence.filter((e) => 'note' in e && e.note.startsWith('note ')),
    );
    expect(cut.evidence.slice(SHOWN_ITEMS).some((e) => !('note' in e))).toBe(false);
    expect(JSON.stringify(cut.evidence.slice(SHOWN_ITEMS))).not.toContain(BEARER);
    // a rule that did not pass keeps its evidence whole
    for (const id of ['WH-LC-002', 'WH-LC-003'])
      expect(onlyShownEvidence(report).rules.find((r) => r.id === id)).toBe(report.rules.find((r) => r.id === id));
  });

  test('Allure, the HAR and --evidence all show every exchange: nothing is left out', async () => {
    expect(showsAllEvidence(new Set(['json', 'html']), undefined)).toBe(false);
    expect(showsAllEvidence(new Set(['json', 'har']), undefined)).toBe(true);
    expect(showsAllEvidence(new Set(['json', 'allure']), undefined)).toBe(true);
    expect(showsAllEvidence(new Set(['json']), 'all')).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'conform-shown-'));
    try {
      const last = `?n=${3 * SHOWN_ITEMS - 2}&`; // an exchange (the last item is received)
      await writeReports(report, { dir, secrets: SECRETS });
      const digest = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8')).rules.find((r: RuleResult) => r.id === 'WH-LC-001');
      expect(digest.evidenceDigest.items).toBe((report.rules.at(-3) as RuleResult).evidence.length);
      await writeReports(report, { dir, secrets: SECRETS, evidence: 'all' });
      const all = readFileSync(join(dir, 'compliance.json'), 'utf8');
      expect(all).toContain(last);
      expect(all).not.toContain(BEARER);
      await writeReports(report, { dir, secrets: SECRETS, formats: ['json', 'har'] });
      const har = readFileSync(join(dir, 'compliance.har'), 'utf8');
      expect(har.split(last).length).toBe(4); // the passed, failed and not-checkable rules' last exchange
      expect(har).not.toContain(BEARER);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a run of the reference', () => {
  let report: RunReport;
  let secrets: string[];
  beforeAll(async () => {
    const out = await runConform({
      local: { name: 'reference with a fault', factory: embeddedReference({ fault: 'crc-key-bearer' }) },
      rules: ['WH-URL-001', 'WH-CRC-002', 'RP-REQ-003', 'WH-LC-010'],
      runs: 5,
      seed: TEST_SEED,
      allure: false,
    });
    report = out.report;
    secrets = out.secrets;
  }, 120_000);

  test('has passed rules with evidence past what is shown, and failures', () => {
    expect(report.rules.some((r) => r.status === 'passed' && r.evidence.length > SHOWN_ITEMS)).toBe(true);
    expect(report.rules.some((r) => r.status === 'failed')).toBe(true);
    expect(secrets.length).toBeGreaterThan(0);
  });

  test('every default report is the same as from the whole evidence redacted', () => {
    for (const [name, whole, shown] of sideBySide(report, secrets)) expect(shown, name).toBe(whole);
  });
});
