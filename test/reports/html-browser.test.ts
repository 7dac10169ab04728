// compliance.html as a person sees it: a run with one reference fault on writes the report, headless
// Chromium (Debian's chromium driven by playwright-core) opens it from disk, and the test checks the
// verdict, the failing rule with its reason, its exchanges and its reproducer, that the page loads
// nothing but itself, and that the status, area and text filters work; it saves a screenshot.
// Chromium that cannot start fails this test: it is never skipped.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpExchange, RuleResult } from '../../harness/model/result.ts';
import { embeddedReference } from '../../domains/reference.ts';
import { ROOT } from '../runners/paths.ts';
import { runLocal } from '../runners/run-local.ts';

const CHROMIUM = '/usr/bin/chromium';
const FAULT = 'consumer-no-dedup';
const SCREENSHOT = join(ROOT, 'reports', 'out', 'screenshots', 'compliance-html.png');

describe('compliance.html in headless Chromium', () => {
  let dir: string;
  let url: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let rules: RuleResult[];
  let seed: number;
  /** every request the page made, and every one that was not a file:// load */
  const requests: string[] = [];
  const blocked: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conform-html-'));
    const out = await runLocal(`embedded reference with fault ${FAULT}`, embeddedReference({ fault: FAULT }), {
      suites: ['consumer'],
      reportDir: dir,
    });
    rules = out.report.rules;
    seed = out.report.seed;
    url = pathToFileURL(join(dir, 'compliance.html')).href;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 1800 } });
    // anything but a file:// load is recorded and refused
    await context.route(
      (u) => u.protocol !== 'file:',
      (route) => {
        blocked.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    context.on('request', (r) => requests.push(r.url()));
    page = await context.newPage();
    page.on('websocket', (ws) => blocked.push(ws.url()));
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.goto(url, { waitUntil: 'load' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const failed = () => rules.filter((r) => r.status === 'failed');
  const visibleRuleStatuses = () =>
    page
      .locator('details.rule')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-status')));

  test('the run failed the rules the fault breaks', () => {
    expect(failed().map((r) => r.id)).toEqual(expect.arrayContaining(['CON-EVT-001']));
    expect(statSync(join(dir, 'compliance.html')).size).toBeGreaterThan(10_000);
  });

  test('the summary shows the verdict, the target and the counts', async () => {
    await expect.poll(() => page.title()).toContain(`fault ${FAULT}`);
    const verdict = page.locator('#verdict');
    expect(await verdict.getAttribute('data-verdict')).toBe('FAIL');
    expect(await verdict.locator('.v-label').isVisible()).toBe(true);
    expect(await verdict.locator('.v-label').textContent()).toBe('FAIL');
    expect(await verdict.textContent()).toContain(`${failed().length} MUST rules failed`);
    const meta = await page.locator('section.meta').textContent();
    expect(meta).toContain(`embedded reference with fault ${FAULT}`);
    expect(meta).toContain(String(seed));
    expect(meta).toMatch(/Harness version\s*conform \d+\.\d+\.\d+/);
    expect(await page.locator('.cards [data-filter="failed"] .n').textContent()).toBe(String(failed().length));
    expect(await page.locator('.cards [data-filter="all"] .n').textContent()).toBe(String(rules.length));
  });

  test('the failing rule comes first with its reason, its exchanges collapsed and a reproducer', async () => {
    const rule = rules.find((r) => r.id === 'CON-EVT-001')!;
    const card = page.locator('#fail-CON-EVT-001');
    await expect.poll(() => card.isVisible()).toBe(true);
    // failures come before the rule list
    const order = await page.evaluate(() => {
      const f = document.getElementById('failures')!;
      const r = document.getElementById('rules')!;
      return f.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    expect(await card.locator('.f-title').textContent()).toBe(rule.title);
    expect(await card.locator('.reason').textContent()).toBe(rule.reason);

    // every exchange, collapsed; opening the last one shows its request and response
    const exchanges = card.locator('details.ex');
    // exchanges and inbound requests are collapsible; notes (a settle wait, say) are plain lines
    expect(await exchanges.count()).toBe(rule.evidence.filter((e) => !('note' in e)).length);
    expect(await exchanges.evaluateAll((els) => els.filter((e) => (e as HTMLDetailsElement).open).length)).toBe(0);
    const last = rule.evidence.filter((e) => !('note' in e)).at(-1) as HttpExchange;
    const lastEx = exchanges.last();
    expect(await lastEx.locator('.ex-body').isVisible()).toBe(false);
    await lastEx.locator('summary').click();
    expect(await lastEx.locator('.ex-body').isVisible()).toBe(true);
    const shown = await lastEx.textContent();
    expect(shown).toContain(`${last.request.method} ${last.request.url}`);
    expect(shown).toContain(`Response ${last.response!.status}`);
    for (const name of Object.keys(last.response!.headers)) expect(shown).toContain(name);

    // the exchange the curl line repeats is marked, and only it
    const marked = card.locator('details.ex.failing');
    expect(await marked.count()).toBe(1);
    const failing = rule.evidence[rule.failingExchange!] as HttpExchange;
    expect(await marked.locator('summary').textContent()).toContain(
      `#${rule.failingExchange! + 1}the failing exchange${failing.request.method}`,
    );
    expect(rule.curl).toContain(`-X ${failing.request.method} `);

    // the reproducer: the CLI line with the run's seed and the curl line, each with a copy button
    const commands = card.locator('.repro pre.cmdline');
    expect(await commands.count()).toBe(2);
    const cli = await commands.nth(0).textContent();
    expect(cli).toMatch(/^conform run .*--rule CON-EVT-001 --seed \d+ --report-dir reports\/repro\/CON-EVT-001$/);
    expect(cli).toContain(`--seed ${seed}`);
    expect(await commands.nth(1).textContent()).toBe(rule.curl);
    expect(rule.curl).toMatch(/^curl /);
    const copy = card.locator('.repro button.copy').first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toMatch(/^(Copied|Select and copy)$/);
  });

  test('the status filter shows only failed rules; area and search narrow the list', async () => {
    await page.locator('.fbtn[data-filter="failed"]').click();
    expect(await visibleRuleStatuses()).toEqual(failed().map(() => 'failed'));
    expect(await page.locator('#shown').textContent()).toBe(`${failed().length} of ${rules.length} rules shown`);
    expect(await page.locator('.fbtn[data-filter="failed"]').getAttribute('aria-pressed')).toBe('true');
    // sections with no failed rule are hidden
    const hiddenSections = await page.locator('#rules .sec').evaluateAll((els) => els.filter((e) => (e as HTMLElement).hidden).length);
    expect(hiddenSections).toBeGreaterThan(0);

    await page.locator('.fbtn[data-filter="all"]').click();
    expect((await visibleRuleStatuses()).length).toBe(rules.length);
    await page.locator('#area').selectOption('consumer / events');
    const inArea = rules.filter((r) => r.suite === 'consumer' && r.area === 'events').length;
    expect((await visibleRuleStatuses()).length).toBe(inArea);
    await page.locator('#area').selectOption('');
    await page.locator('#q').fill('con-evt-002');
    expect(await visibleRuleStatuses()).toEqual(['failed']);
    await page.locator('#q').fill('');
  });

  test('saves a screenshot: verdict, the failure with an exchange open, its reproducer', async ({ annotate }) => {
    await page.locator('.fbtn[data-filter="failed"]').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    mkdirSync(join(ROOT, 'reports', 'out', 'screenshots'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    await annotate('compliance.html in headless Chromium', { path: SCREENSHOT, contentType: 'image/png' });
  });

  test('the page loaded nothing but itself and threw no error', () => {
    expect(blocked).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    expect(new Set(requests)).toEqual(new Set([url]));
    expect(pageErrors).toEqual([]);
  });
});
