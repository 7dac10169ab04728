// Terminal lines of a failed rule stay readable: a 255-character name, URL-encoded, is cut in the
// curl line and the reason (the reports keep it whole); secrets are redacted before anything is cut.
import { describe, expect, test } from 'vitest';
import { cutLine, MAX_VALUE, printable } from '../../cli/cut.ts';
import { progressLines } from '../../cli/output.ts';
import type { RuleResult } from '../../harness/model/result.ts';

const NAME = encodeURIComponent(`${'é '.repeat(127)}x`); // 255 characters, 1,144 URL-encoded
const TOKEN = 'sekret-token-0123456789abcdef';

const failed: RuleResult = {
  id: 'ADS-CMP-001',
  title: 'a campaign name of 255 characters is accepted',
  source: 'doc § 1',
  level: 'MUST',
  suite: 'ads',
  area: 'campaigns',
  status: 'failed',
  reason: `POST answered 400 {"errors":[{"name":"${NAME}","t":"${TOKEN}"}]}`,
  evidence: [],
  durationMs: 5,
  curl: `curl -sS -i -X POST "http://127.0.0.1:7001/12/accounts/a1/campaigns?name=${NAME}&k=${TOKEN}" --oauth2-bearer "\${ADS_TOKEN}"`,
  failingExchange: 2,
};

describe('terminal lines of a failure', () => {
  test('a long value is cut in its middle', () => {
    expect(cutLine('short line').cut).toBe(false);
    const cut = cutLine(`x ${'a'.repeat(500)} y`);
    expect(cut.text).toMatch(/^x a{140}…\(300 more characters\)…a{60} y$/);
    expect(cut.text.length).toBeLessThan(MAX_VALUE + 40);
  });

  test('the 255-character name fills neither the reason nor the curl line; the token is redacted first', () => {
    const redact = (s: string) => s.split(TOKEN).join('[REDACTED]');
    const [line, ...rest] = progressLines(failed, redact, { index: 3, total: 9 });
    const [curl, note] = rest.join('\n').split('\n');
    expect(line.length).toBeLessThan(400);
    expect(line).toContain('more characters)…');
    expect(curl).toMatch(
      /^ {5}the failing exchange \(#3\): curl -sS -i -X POST "http:\/\/127\.0\.0\.1:7001\/12\/accounts\/a1\/campaigns\?name=%C3%A9/,
    );
    expect(curl.length).toBeLessThan(400);
    expect(failed.curl!.length).toBeGreaterThan(1200);
    expect(note).toBe('     (long values cut here; whole in compliance.json, compliance.html)');
    const all = [line, curl, note].join('\n');
    expect(all).not.toContain(TOKEN.slice(0, 12));
    expect(failed.curl).toContain(NAME); // the result itself (and so the reports) keeps the whole line
  });

  test("a target's terminal controls are shown, not obeyed: a FAIL line cannot be rewritten as PASS; the CLI's own colours stay", () => {
    const hostile = 'oops\u001b[2K\u001b[1G[1/1] PASS WH-CRC-002 fine\u001b[8m\r\u0007\u0000\u009b\u202e';
    expect(printable(hostile)).toBe('oops\\x1b[2K\\x1b[1G[1/1] PASS WH-CRC-002 fine\\x1b[8m\\x0d\\x07\\x00\\x9b\\u202e');
    expect(printable('two\nlines\tand a tab, é and 中')).toBe('two\nlines\tand a tab, é and 中');
    const [line] = progressLines({ ...failed, reason: hostile, curl: undefined }, (s) => s, { index: 1, total: 1, colour: true });
    // one escape of the CLI's own: the mark's colour, set and reset
    expect(line.match(/\u001b/g)).toHaveLength(2);
    expect(line).toMatch(/^\[1\/1\] \u001b\[31;1mFAIL\u001b\[0m ADS-CMP-001 .* — oops\\x1b\[2K/);
  });
});
