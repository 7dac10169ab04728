import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { redact } from '../../reports/redact.ts';
import { writeReports } from '../../reports/index.ts';
import { CONSUMER, CONTROL, SECRETS, sampleReport } from './sample.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Every form of a secret that must never reach the disk. */
function forbidden(secret: string): string[] {
  const b = Buffer.from(secret, 'utf8');
  const uri = encodeURIComponent(secret);
  return [
    secret,
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    b.toString('base64'),
    b.toString('base64').replace(/=+$/, ''),
    b.toString('base64url'),
  ];
}

function leaks(text: string): string[] {
  const found: string[] = [];
  for (const s of SECRETS) for (const f of forbidden(s)) if (text.includes(f)) found.push(f);
  // the stable middle of Base64 blobs where a secret sits at byte offset 1 and 2
  const mid = (prefix: string, secret: string) =>
    Buffer.from(`${prefix + secret}zzz`)
      .toString('base64')
      .slice(8, 20);
  for (const f of [mid('xy', CONSUMER), mid('q', CONTROL)]) if (text.includes(f)) found.push(f);
  return found;
}

describe('writeReports', () => {
  let dir: string;
  let written: string[];
  let allureMs = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conform-reports-'));
    const t0 = Date.now();
    written = await writeReports(sampleReport(), {
      dir,
      secrets: SECRETS,
      formats: ['json', 'md', 'html', 'junit', 'allure'],
      evidence: 'all',
    });
    allureMs = Date.now() - t0;
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('writes the four files and the allure results', () => {
    const names = written.map((p) => p.slice(dir.length + 1));
    expect(names).toEqual(['compliance.json', 'compliance.html', 'compliance.md', 'junit.xml', 'allure-results']);
    expect(allureMs).toBeLessThan(20_000);
  });

  test('no file contains a secret, raw, URL-encoded or Base64', () => {
    const files = filesUnder(dir);
    expect(files.some((f) => f.includes('allure-results'))).toBe(true);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect({ file: f, leaks: leaks(text) }).toEqual({ file: f, leaks: [] });
      // the raw bytes too, for binary attachments
      const latin = readFileSync(f).toString('latin1');
      for (const s of SECRETS) expect(latin.includes(Buffer.from(s).toString('latin1'))).toBe(false);
    }
  });

  test('the sample does contain the secrets before redaction', () => {
    expect(leaks(JSON.stringify(sampleReport())).length).toBeGreaterThan(5);
  });

  test('compliance.json is exactly the redacted RunReport, with its integrity digest', () => {
    const { integrity, ...json } = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));
    expect(json).toEqual(redact(sampleReport(), SECRETS));
    expect(integrity.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(json.rules[0].evidence[0].request.headers.Authorization).toBe('Bearer [REDACTED]');
    expect(json.rules[1].evidence[0].inbound.headers.authorization).toBe('Basic [REDACTED]');
  });

  test('junit.xml: one testcase per rule, one failure, two skipped', () => {
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(wellFormed(xml)).toEqual([]);
    expect(xml.match(/<testcase /g)?.length).toBe(5);
    expect(xml.match(/<failure /g)?.length).toBe(1);
    expect(xml.match(/<skipped /g)?.length).toBe(2);
    expect(xml.match(/<testsuite /g)?.length).toBe(3); // data-api.webhooks, data-api.replay, ads.campaigns
    expect(xml).toMatch(/<testsuites [^>]*tests="5" failures="1" errors="0" skipped="2"/);
    expect(xml).toContain(
      'classname="data-api.webhooks" name="WH-CRC-002 response_token is sha256= + Base64 HMAC &lt;keyed&gt; with the consumer secret &amp; nothing else"',
    );
    expect(xml).toContain('<skipped message="not checkable: needs control.events');
    expect(xml).toContain('<skipped message="waived: known deviation VEND-123');
    expect(xml).toMatch(/name="RP-OBS-001[^"]*"[^>]*>[\s\S]*?<system-out>Observations:\n- status code for CrcValidationFailed: 400/);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  });

  test('compliance.html is self-contained and lists every rule', () => {
    const html = readFileSync(join(dir, 'compliance.html'), 'utf8');
    expect(html).not.toMatch(/\b(?:src|href|action|poster|data)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b|@import|url\(\s*["']?(?:https?:)?\/\//i);
    expect(html).toMatch(/<style>[\s\S]+<\/style>/);
    expect(html).toMatch(/<script>[\s\S]+<\/script>/);
    for (const r of sampleReport().rules) expect(html).toContain(r.id);
    expect(html).toContain('acme &lt;staging&gt; &amp; &quot;co&quot;');
    expect(html).toContain('data-filter="failed"');
    expect(html).not.toContain('<keyed>');
  });

  test('compliance.md has the verdict and counts, failed rules first, the rest folded', () => {
    const md = readFileSync(join(dir, 'compliance.md'), 'utf8');
    expect(md.startsWith('## ❌ FAIL · acme &lt;staging&gt;')).toBe(true);
    expect(md).toMatch(/\| ❌ Failed \| 1 \|/);
    expect(md).toMatch(/\| ✅ Passed \| 1 \|/);
    expect(md.indexOf('## Failures (1)')).toBeGreaterThan(0);
    expect(md.indexOf('## Failures (1)')).toBeLessThan(md.indexOf('<details>'));
    expect(md).toContain('### ❌ WH-CRC-002 · ');
    expect(md).toContain('conform run --rule WH-CRC-002 --seed 99');
    expect(md).toMatch(/<summary>👁️ Observations \(2\)/);
    expect(md).toMatch(/<summary>⚪ Not checkable on this target \(1, 1 MUST\)<\/summary>/);
    for (const r of sampleReport().rules.filter((r) => r.status !== 'failed')) expect(md).toMatch(new RegExp(`\\| (?:👁️ )?${r.id} \\|`));
    expect(md).not.toMatch(/[\u0000-\u0008]/);
  });

  test('allure results: one result per rule with its status, labels and evidence', () => {
    const adir = join(dir, 'allure-results');
    const results = readdirSync(adir)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(adir, f), 'utf8')));
    expect(results.length).toBe(5);
    const byId = new Map(results.map((r) => [r.name.split(' ')[0], r]));
    expect(byId.get('WH-CRC-002').status).toBe('failed');
    expect(byId.get('WH-CRC-002').statusDetails.message).toContain('[REDACTED]');
    expect(byId.get('WH-SIG-001').status).toBe('passed');
    expect(byId.get('RP-OBS-001').status).toBe('passed');
    expect(byId.get('RP-DEL-003').status).toBe('skipped');
    expect(byId.get('ADS-CAMP-010').status).toBe('skipped');
    const labels = (r: { labels: { name: string; value: string }[] }, n: string) =>
      r.labels.filter((l) => l.name === n).map((l) => l.value);
    expect(labels(byId.get('WH-CRC-002'), 'severity')).toEqual(['critical']);
    expect(labels(byId.get('RP-OBS-001'), 'severity')).toEqual(['minor']);
    expect(labels(byId.get('WH-CRC-002'), 'feature')).toEqual(['webhooks']);
    expect(labels(byId.get('WH-CRC-002'), 'epic')).toEqual(['data-api']);
    expect(labels(byId.get('WH-CRC-002'), 'parentSuite')).toEqual(['data-api']);
    // without `where`, document and section come from the source text
    expect(labels(byId.get('WH-CRC-002'), 'suite')).toEqual(['data-api-webhooks-replay.md']);
    expect(labels(byId.get('WH-CRC-002'), 'subSuite')).toEqual(['CRC rules']);
    expect(labels(byId.get('WH-CRC-002'), 'ALLURE_ID')).toEqual(['WH-CRC-002']);
    expect(byId.get('WH-CRC-002').links[0].name).toBe('data-api-webhooks-replay.md § CRC rules 2');
    // "CRC rules" names no heading of the document: the link goes to the document itself
    expect(byId.get('WH-CRC-002').links[0].url).toBe('../shared/spec/data-api-webhooks-replay.md');
    expect(byId.get('WH-CRC-002').statusDetails.message).toContain('counterexample: {"crc_token":"[REDACTED]"}');
    expect(byId.get('WH-CRC-002').statusDetails.trace).toContain('conform run --rule WH-CRC-002 --seed 99');
    expect(byId.get('RP-DEL-003').statusDetails.message).toBe(
      'not checkable: needs control.events: the control API refused token [REDACTED]',
    );
    expect(byId.get('ADS-CAMP-010').statusDetails.message).toMatch(/^waived: known deviation VEND-123/);
    // a rule without startedAt sits at the run's end, with its duration
    const crc = byId.get('WH-CRC-002');
    expect([crc.start, crc.stop - crc.start]).toEqual([Date.parse('2025-01-02T03:05:17.250Z'), 1530]);
    const exchange = crc.attachments.find((a: { name: string }) => a.name.startsWith('exchange #1: GET https://api.example.test/'));
    expect(exchange.type).toBe('application/json');
    expect(JSON.parse(readFileSync(join(adir, exchange.source), 'utf8')).response.status).toBe(400);
    expect(byId.get('WH-SIG-001').attachments.some((a: { name: string }) => a.name.startsWith('inbound #1: inbound POST'))).toBe(true);
  });
});

/** Just enough of an XML parser to catch broken nesting, stray `<`/`&` and bad attributes. */
function wellFormed(xml: string): string[] {
  const errors: string[] = [];
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g;
  for (const m of body.matchAll(re)) {
    if (m[0] === '<' || m[0] === '&') {
      errors.push(`stray ${m[0]} at ${m.index}: ${body.slice(m.index, m.index + 40)}`);
      continue;
    }
    const [, close, name, , self] = m;
    if (close) {
      const top = stack.pop();
      if (top !== name) errors.push(`</${name}> closes <${top}>`);
    } else if (!self) stack.push(name);
  }
  if (stack.length) errors.push(`unclosed: ${stack.join(', ')}`);
  return errors;
}

describe('writeReports edge cases', () => {
  test('allure: false writes only the four files; an empty run still renders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-reports-'));
    try {
      const empty = {
        ...sampleReport(),
        rules: [],
        observations: [],
        summary: { passed: 0, failed: 0, notCheckable: 0, waived: 0, observed: 0, error: 0, notRun: 0 },
      };
      const written = await writeReports(empty, { dir, secrets: SECRETS, allure: false });
      expect(written.map((p) => p.slice(dir.length + 1))).toEqual(['compliance.json', 'compliance.html', 'compliance.md', 'junit.xml']);
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('tests="0"');
      expect(readdirSync(dir)).not.toContain('allure-results');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("stale waivers fail in junit and allure; an earlier run's allure results are replaced", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-reports-'));
    try {
      const one = { ...sampleReport(), staleWaivers: [{ id: 'ZZ-GONE-001', note: `fixed upstream ${CONTROL}` }] };
      one.rules = one.rules.filter((r) => r.status === 'passed');
      const formats = ['json', 'md', 'html', 'junit', 'allure'];
      await writeReports(sampleReport(), { dir, secrets: SECRETS, formats });
      await writeReports(one, { dir, secrets: SECRETS, formats });
      const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
      expect(xml).toContain('name="stale waiver ZZ-GONE-001"');
      expect(xml).toMatch(/<testsuites [^>]*tests="2" failures="1"/);
      const adir = join(dir, 'allure-results');
      const results = readdirSync(adir)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => JSON.parse(readFileSync(join(adir, f), 'utf8')));
      expect(results.map((r) => `${r.name}:${r.status}`).sort()).toEqual([
        'WH-SIG-001 every event POST carries a valid x-vendor-webhooks-signature:passed',
        'stale waiver ZZ-GONE-001:failed',
      ]);
      for (const f of filesUnder(dir)) expect(leaks(readFileSync(f, 'utf8'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
