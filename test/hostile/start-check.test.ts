// The start check: a run starts only when the domain's harmless documented call gets its
// documented answer; a 500, a redirect to a login page, a 429 or an HTML page stops it with one
// line naming what came back. The toy domain and the Data API use the same engine part.
import { readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runConform } from '../../cli/app.ts';
import { StartError } from '../../harness/config-loader/errors.ts';
import { removeTempDirs } from '../targets/toy/files.ts';
import { dataApiConfig, SECRETS, tempDir } from './hostile-target/data-api.ts';
import { json, startHostile } from './hostile-target/server.ts';
import { runHostileToy } from './hostile-target/toy-hostile.ts';

const LOGIN = 'https://login.example.test/sso?next=%2F2%2Fwebhooks';

const ANSWERS: [string, (res: ServerResponse) => void, string][] = [
  ['a 500', (res) => json(res, 500, { error: 'boom' }), '500 application/json'],
  [
    'a 302 to a login page',
    (res) => res.writeHead(302, { location: LOGIN, 'content-type': 'text/html' }).end('<a>login</a>'),
    `302 text/html, Location: ${LOGIN}`,
  ],
  ['a 429', (res) => json(res, 429, { title: 'Too Many Requests' }), '429 application/json'],
  ['an HTML 200', (res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>Welcome</html>'), '200 text/html'],
  ['a JSON array', (res) => json(res, 200, []), '200 application/json, a body that is not a JSON object'],
];

beforeAll(() => Object.assign(process.env, SECRETS));
afterAll(removeTempDirs);

describe('start check', () => {
  for (const [what, answer, seen] of ANSWERS) {
    test(`the Data API answers GET /2/webhooks with ${what}: no rule runs, one line naming what came back`, async () => {
      const s = await startHostile((_req, res) => answer(res));
      try {
        const run = runConform({ configFile: dataApiConfig(tempDir('start'), s.url), allure: false });
        await expect(run).rejects.toBeInstanceOf(StartError);
        await expect(run).rejects.toThrow(`the Data API at ${s.url} did not answer GET /2/webhooks as documented: ${seen}`);
        expect(s.log).toEqual(['GET /2/webhooks']);
      } finally {
        await s.close();
      }
    });
  }

  test('a 429 that asks to wait an hour: the run does not start, and says so at once', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    const s = await startHostile((_req, res) => json(res, 429, {}, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset }));
    try {
      await expect(runConform({ configFile: dataApiConfig(tempDir('start429'), s.url), allure: false })).rejects.toThrow(
        new RegExp(`^the Data API at ${s.url} is rate limited: rate limit: the target asked to wait until `),
      );
    } finally {
      await s.close();
    }
  });

  test("the control API's capabilities are asked beside the domain's start check, whose failure is said first", async () => {
    // the start check held until the capabilities were asked (or 5 s): one after another, they never meet
    let release = () => {};
    const asked = new Promise<void>((r) => {
      release = r;
    });
    let met: boolean | undefined;
    const s = await startHostile(async (req, res) => {
      if (req.url?.startsWith('/__control/capabilities')) {
        release();
        return json(res, 500, { error: 'no capabilities' });
      }
      met = await Promise.race([asked.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
      json(res, 500, { error: 'boom' });
    });
    try {
      const file = dataApiConfig(tempDir('start-both'), s.url);
      const config = JSON.parse(readFileSync(file, 'utf8'));
      config.target.control = { baseUrl: `${s.url}/__control` };
      writeFileSync(file, JSON.stringify(config));
      const run = runConform({ configFile: file, allure: false });
      await expect(run).rejects.toThrow(`the Data API at ${s.url} did not answer GET /2/webhooks as documented: 500 application/json`);
      expect(s.log).toContain('GET /__control/capabilities');
      expect(met, 'the capabilities were asked while the start check waited for its answer').toBe(true);
    } finally {
      await s.close();
    }
  });

  for (const [what, answer, seen] of ANSWERS.slice(0, 4)) {
    test(`the generic part, on the toy domain: ${what}`, async () => {
      const s = await startHostile((_req, res) => answer(res));
      try {
        await expect(runHostileToy(s.url)).rejects.toThrow(
          `the toy API at ${s.url}/toy did not answer GET /toy/items as documented: ${seen}`,
        );
      } finally {
        await s.close();
      }
    });
  }
});
