// A target that echoes the bearer token back (in bodies, headers, Location, error text; raw,
// URL-encoded and Base64): no form of any secret appears in stdout, stderr or any written file,
// also when the run stops at the start check.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { nearMisses, swappedCase } from '../../generators/builders.ts';
import { secretVariants } from '../../reports/redact.ts';
import { MIN_PARTIAL } from '../../reports/secret-matcher.ts';
import { EVIDENCE_BODY_CHARS } from '../../harness/target/evidence-body.ts';
import { BIN } from '../runners/cli.ts';
import { allFiles, dataApiConfig, runCli, SECRETS, type Spawned, spawnRun, tempDir } from './hostile-target/data-api.ts';
import { EMPTY_LIST, json, startHostile } from './hostile-target/server.ts';

const FORMS = Object.values(SECRETS).flatMap((s) => secretVariants(s));

function echoes(token: string): Record<string, string> {
  const b64 = Buffer.from(token).toString('base64');
  return {
    raw: token,
    url: encodeURIComponent(`${token}/?&`),
    b64,
    b64url: Buffer.from(token).toString('base64url'),
    basic: Buffer.from(`user:${token}`).toString('base64'),
  };
}

function leaks(texts: [string, string][], forms: string[] = FORMS): string[] {
  return texts.flatMap(([where, text]) => forms.filter((f) => text.includes(f)).map((f) => `${where}: ${f.slice(0, 6)}…`));
}

/** what a run printed and every file it wrote, each with where it is */
function outputs(r: Spawned, reportDir: string): [string, string][] {
  return [['stdout', r.stdout], ['stderr', r.stderr], ...allFiles(reportDir).map((f): [string, string] => [f, readFileSync(f, 'utf8')])];
}

/**
 * Runs `rule` alone with `config` (full evidence): the target refused every wrong token, so the rule
 * passed, its evidence holds what the target echoed, redacted, and no form of a made token is anywhere.
 */
async function expectMadeTokensRedacted(config: string, out: string, rule: string, made: string[]): Promise<void> {
  const r = await spawnRun(process.execPath, [BIN, 'run', '--config', config, '--rule', rule, '--report-dir', out, '--evidence', 'all']);
  expect(r.stderr).toMatch(new RegExp(`PASS ${rule} `));
  const texts = outputs(r, out);
  expect(texts.some(([, t]) => t.includes('unknown token [REDACTED]'))).toBe(true);
  expect(
    leaks(
      texts,
      made.flatMap((m) => secretVariants(m)),
    ),
  ).toEqual([]);
}

describe('a target that echoes the secrets', () => {
  test('no form of a secret reaches stdout, stderr or any report file', async () => {
    const s = await startHostile((req, res, n) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const e = echoes(token);
      const headers = { 'x-echo': token, 'x-echo-b64': e.b64url, 'set-cookie': `t=${e.url}`, 'www-authenticate': `Basic ${e.basic}` };
      if (n === 1) return json(res, 200, { ...EMPTY_LIST, echo: e }, headers);
      if (n % 3 === 0)
        return json(res, 302, { error: `go log in, ${token}` }, { ...headers, location: `https://login.test/?t=${e.url}&b=${e.b64}` });
      json(res, 400, { title: `Invalid token ${token}`, detail: `we got ${e.b64} (${e.basic})`, errors: [{ message: token }] }, headers);
    });
    try {
      const r = await runCli('echo', s.url, ['--runs', '3', '--seed', '5', '--report', 'json,md,html,junit,allure', '--evidence', 'all']);
      const out = r.out;
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/^\[ *\d+\/\d+\] FAIL /m);
      expect(allFiles(out).some((f) => f.includes('allure-results'))).toBe(true);
      expect(leaks(outputs(r, out))).toEqual([]);
      // the curl line names the env var instead
      expect(r.stderr).toContain(`--oauth2-bearer "\${H_BEARER}"`);
    } finally {
      await s.close();
    }
  });

  test('the wrong tokens AUTH-002 makes of the bearer token (cut short, its case swapped) are redacted like it where the target echoes them', async () => {
    const token = SECRETS.H_BEARER;
    const made = [token.slice(0, -2), swappedCase(token)];
    const s = await startHostile(async (req, res) => {
      const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      for await (const _ of req);
      if (given !== token) return json(res, 401, { title: 'Unauthorized', detail: `unknown token ${given}` }, { 'x-echo': given });
      if (req.method === 'POST')
        return json(res, 200, { data: { id: '1', url: 'https://x.test/cb', valid: true, created_at: new Date().toISOString() } });
      if (req.method === 'DELETE') return json(res, 200, { data: { deleted: true } });
      json(res, 200, {
        data: [{ id: '1', url: 'https://x.test/cb', valid: true, created_at: new Date().toISOString() }],
        meta: { result_count: 1 },
      });
    });
    try {
      const dir = tempDir('echo-made');
      await expectMadeTokensRedacted(dataApiConfig(dir, s.url), join(dir, 'out'), 'AUTH-002', made);
    } finally {
      await s.close();
    }
  });

  test('the wrong tokens ADS-AUTH-002 makes of the ads bearer token are redacted like it where the target echoes them', async () => {
    const token = SECRETS.H_BEARER;
    const made = nearMisses(token).map((f) => f.value);
    const s = await startHostile(async (req, res) => {
      const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      for await (const _ of req);
      if (given !== token)
        return json(res, 401, { errors: [{ code: 'UNAUTHORIZED', message: `unknown token ${given}` }] }, { 'x-echo': given });
      json(res, 200, { request: { params: {} }, data: [], next_cursor: null });
    });
    try {
      const dir = tempDir('echo-ads');
      const config = join(dir, 'conform.json');
      writeFileSync(
        config,
        JSON.stringify({
          target: { name: 'hostile ads', adsApi: { baseUrl: s.url, auth: { type: 'bearer', token: 'env:H_BEARER' } } },
          suites: ['ads'],
        }),
      );
      await expectMadeTokensRedacted(config, join(dir, 'out'), 'ADS-AUTH-002', made);
    } finally {
      await s.close();
    }
  });

  test('a target that puts the token where the harness cuts an answer short: no part of it is kept at the cut', async () => {
    // POST /2/webhooks: a reason quotes the answer's first 300 characters, and the token begins 20
    // before the cut; GET /2/webhooks after the start check: an answer kept to its first 64 KiB as
    // evidence, the token across that edge
    const token = SECRETS.H_BEARER;
    const around = (at: number) => `${'y'.repeat(at - 20)}${token}`;
    let gets = 0;
    const s = await startHostile(async (req, res) => {
      for await (const _ of req);
      if (req.method === 'GET' && gets++ === 0) return json(res, 200, EMPTY_LIST);
      if (req.method === 'POST') return json(res, 400, { d: around(300 - '{"d":"'.length) });
      json(res, 400, { d: around(EVIDENCE_BODY_CHARS - '{"d":"'.length) });
    });
    try {
      const r = await runCli('echo-cut', s.url, ['--rule', 'WH-CRC-002', '--evidence', 'all']);
      const out = r.out;
      expect(r.stderr).toMatch(/FAIL WH-CRC-002 .*not accepted: 400 \{"d":"y.*y\[REDACTED\]…/);
      // no MIN_PARTIAL characters of its random part in a row, anywhere (its words, "hostile" and
      // "bearer", are the target's name and curl's option too)
      const parts = Array.from({ length: token.length - MIN_PARTIAL + 1 }, (_, i) => token.slice(i, i + MIN_PARTIAL)).filter((p) =>
        /\d/.test(p),
      );
      expect(leaks(outputs(r, out), parts)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  test('a start check answered by a redirect that carries the token: the one line names the Location, redacted', async () => {
    const s = await startHostile((req, res) => {
      const e = echoes((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      res.writeHead(302, { location: `https://login.test/?t=${e.url}&raw=${e.raw}`, 'content-type': 'text/html' }).end(`<a>${e.raw}</a>`);
    });
    try {
      const r = await runCli('echo-start', s.url);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('did not answer GET /2/webhooks as documented: 302 text/html, Location: https://login.test/?t=[REDACTED]');
      expect(
        leaks([
          ['stderr', r.stderr],
          ['stdout', r.stdout],
        ]),
      ).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
