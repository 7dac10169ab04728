// Allure results through allure-vitest: runs reports/allure/rules.allure.ts in a child vitest
// process, one test per rule of a compliance.json, with the allure-vitest reporter.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: reports/ sits directly under it. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const CONFIG = join('reports', 'allure', 'vitest.config.ts');

/** Longest the child vitest may take before it is stopped. */
const TIMEOUT_MS = 120_000;

/** node_modules/vitest/vitest.mjs, wherever the package manager put vitest. */
function vitestCli(): string {
  const local = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  if (existsSync(local)) return local;
  return join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
}

function resultFiles(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  return new Set(readdirSync(dir).filter((f) => f.endsWith('-result.json')));
}

/**
 * Write Allure results for the (already redacted) compliance.json at `reportJsonPath` into
 * `outDir`. Resolves once vitest has finished and the results are on disk. Vitest exits with 1
 * when a rule failed, which is expected; this only throws when no result was written.
 */
export async function writeAllure(reportJsonPath: string, outDir: string): Promise<void> {
  const jsonPath = resolve(reportJsonPath);
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });

  const report = JSON.parse(readFileSync(jsonPath, 'utf8')) as { rules?: unknown[]; staleWaivers?: unknown[] };
  if ((report.rules?.length ?? 0) === 0 && (report.staleWaivers?.length ?? 0) === 0) return; // nothing to report

  const before = resultFiles(dir);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Leave out the state of a surrounding vitest run (when called from a test) and Allure's
    // test-plan filter, which would drop rules from the results.
    if (k.startsWith('VITEST') || k === 'ALLURE_TESTPLAN_PATH' || k === 'NODE_OPTIONS' || k === 'TINYPOOL_WORKER_ID') continue;
    env[k] = v;
  }
  env.CONFORM_REPORT_JSON = jsonPath;
  env.CONFORM_ALLURE_DIR = dir;
  env.NO_COLOR = '1';
  env.CI = env.CI ?? '1';

  const vitest = vitestCli();
  const args = [vitest, 'run', '--config', CONFIG];

  const { code, signal, output } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolvePromise, reject) => {
      const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const keep = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.length > 64_000) output = output.slice(-32_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
      // a process that leaves at once (a second Ctrl-C) takes its child along
      const killChild = () => child.kill('SIGKILL');
      process.once('exit', killChild);
      const settle = () => {
        clearTimeout(timer);
        process.removeListener('exit', killChild);
      };
      child.on('error', (err) => {
        settle();
        reject(err);
      });
      child.on('close', (code, signal) => {
        settle();
        resolvePromise({ code, signal, output });
      });
    },
  );

  const after = resultFiles(dir);
  const written = [...after].filter((f) => !before.has(f)).length;
  if (written === 0) {
    const tail = output.trim().split('\n').slice(-30).join('\n');
    throw new Error(`allure-vitest wrote no results to ${dir} (vitest exit ${code ?? signal}).${tail ? `\n${tail}` : ''}`);
  }
}
