// A target whose answers are huge (1 MB, 5 MB, 50 MB): the run reads at most
// limits.maxResponseBytes of each, finishes, writes every report, keeps compliance.json well under
// 20 MB and its memory under 1 GB; a rule that needed the answer says it was larger than the limit.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runToy } from '../targets/toy/engine.ts';
import { toyTarget } from '../targets/toy/factory.ts';
import { removeTempDirs, tempDir, writeJson } from '../targets/toy/files.ts';
import { dataApiConfig, measureRun, tempDir as hostileDir } from './hostile-target/data-api.ts';
import { EMPTY_LIST, hugeBody, json, startHostile } from './hostile-target/server.ts';

const MB = 1024 * 1024;

afterAll(removeTempDirs);

describe('huge answers', () => {
  test('toy: an answer past maxResponseBytes is cut, not parsed, and the failing rule says it was larger than the limit', async () => {
    const s = await startHostile((_req, res, n) => (n === 1 ? json(res, 200, { data: [] }) : hugeBody(res, 5 * MB)));
    try {
      const dir = tempDir();
      const file = writeJson(dir, 'toy.json', { target: { name: 'huge', toyApi: { baseUrl: `${s.url}/toy`, token: 'tok-123456' } } });
      const out = await runToy(toyTarget(), { configFile: file, rules: ['TOY-LIST-001'], reportDir: join(dir, 'out') });
      const r = out.byId.get('TOY-LIST-001')!;
      expect(r.status).toBe('failed');
      expect(r.reason).toContain(`was larger than ${MB} bytes (limits.maxResponseBytes) and was not read past that`);
      const x = r.evidence.find((e) => 'response' in e && e.response) as { response: { text: string } };
      expect(x.response.text.length).toBeLessThan(70 * 1024);
      expect(x.response.text).toMatch(/…\[conform: \d+ more characters not kept; answer larger than 1048576 bytes, not read past that\]$/);
    } finally {
      await s.close();
    }
  });

  for (const size of [1, 5, 50]) {
    test(`the Data API suite against ${size} MB answers: the run ends, reports are written, compliance.json < 20 MB, memory < 1 GB`, async () => {
      const s = await startHostile((req, res, n) =>
        n === 1 ? json(res, 200, EMPTY_LIST) : hugeBody(res, size * 1_000_000, req.method === 'POST' ? 400 : 200),
      );
      try {
        const dir = hostileDir(`huge${size}`);
        const got = await measureRun(dataApiConfig(dir, s.url), join(dir, 'out'));
        const bytes = statSync(join(dir, 'out', 'compliance.json')).size;
        // a figure for the record, not a timed assertion
        console.log(
          `${size} MB answers: compliance.json ${(bytes / MB).toFixed(2)} MB, peak RSS ${got.maxRssMiB} MiB, ${got.ms} ms, ${s.log.length} requests`,
        );
        expect(got.exitCode).toBe(1);
        expect(bytes).toBeLessThan(20 * MB);
        expect(got.maxRssMiB).toBeLessThan(1024);
        for (const f of ['compliance.html', 'compliance.md', 'junit.xml']) expect(statSync(join(dir, 'out', f)).size).toBeGreaterThan(0);
        const report = JSON.parse(readFileSync(join(dir, 'out', 'compliance.json'), 'utf8')) as { rules: { reason?: string }[] };
        // 1 MB (less than the 1 MiB limit) is read whole; larger answers are cut and said to be
        expect(report.rules.some((r) => r.reason?.includes(`larger than ${MB} bytes`))).toBe(size > 1);
      } finally {
        await s.close();
      }
    });
  }
});
