// Vitest config used only by writeAllure(): runs reports/allure/rules.allure.ts, which turns a
// compliance.json (CONFORM_REPORT_JSON) into one test per rule, with the allure-vitest reporter
// writing to CONFORM_ALLURE_DIR. Its own root and include keep the project's tests out.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = process.env.CONFORM_ALLURE_DIR || 'allure-results';

/** environment.properties: what was tested, from the report itself (already redacted). */
function environmentInfo(): Record<string, string> {
  const path = process.env.CONFORM_REPORT_JSON;
  if (!path) return {};
  try {
    const r = JSON.parse(readFileSync(path, 'utf8')) as {
      target?: Record<string, string>;
      seed?: number;
      runs?: number;
      harnessVersion?: string;
      startedAt?: string;
      finishedAt?: string;
    };
    const env: Record<string, string> = {};
    const put = (k: string, v: unknown) => {
      if (v !== undefined && v !== null && v !== '') env[k] = String(v);
    };
    put('target', r.target?.name);
    for (const [k, v] of Object.entries(r.target ?? {})) if (k !== 'name') put(k, v);
    put('seed', r.seed);
    put('propertyRuns', r.runs);
    put('harnessVersion', r.harnessVersion);
    put('startedAt', r.startedAt);
    put('finishedAt', r.finishedAt);
    return env;
  } catch {
    return {};
  }
}

export default defineConfig({
  root: here,
  // Keep Vite's and Vitest's cache out of reports/ (with `root` here it would land in reports/allure/node_modules).
  cacheDir: `${repoRoot}node_modules/.vite/conform-allure`,
  test: {
    include: ['rules.allure.ts'],
    cache: false,
    watch: false,
    globals: false,
    pool: 'threads',
    fileParallelism: false,
    testTimeout: 30_000,
    reporters: [
      'dot',
      [
        'allure-vitest/reporter',
        {
          resultsDir,
          environmentInfo: environmentInfo(),
          categories: [
            { name: 'Failed rules', matchedStatuses: ['failed'] },
            { name: 'Harness errors', matchedStatuses: ['broken'] },
          ],
        },
      ],
    ],
  },
});
