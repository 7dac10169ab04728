// A config file for a run of the real Data API suite against a hostile server, and the ways to
// run it: in this process (runConform) or through the CLI as the README says.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SECRETS = {
  H_BEARER: 'hostile-bearer-7Qx9zK2mW4',
  H_CONSUMER: 'hostile-consumer-3Jd8vN5pL1',
};

export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `conform-hostile-${tag}-`));
}

/** Writes conform.json for a Data API at `baseUrl` (secrets read from env: SECRETS) and returns its path. */
export function dataApiConfig(dir: string, baseUrl: string, limits: Record<string, unknown> = {}, receiverPort = 0): string {
  const file = join(dir, 'conform.json');
  writeFileSync(
    file,
    JSON.stringify({
      target: {
        name: 'hostile',
        dataApi: { baseUrl, bearerToken: 'env:H_BEARER', consumerSecret: 'env:H_CONSUMER', problemTypeBase: baseUrl },
      },
      receiver: { listenPort: receiverPort },
      suites: ['data-api'],
      limits: { requestTimeoutMs: 2000, deliveryWaitMs: 200, callbackHoldMs: 200, ...limits },
    }),
  );
  return file;
}

export function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

export interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Spawns `cmd args` with SECRETS in the env; `onStderr` sees the stderr so far (to send a signal mid-run). */
export function spawnRun(
  cmd: string,
  args: string[],
  opts: { cwd?: string; onStderr?: (all: string, pid: number) => void; onSpawn?: (pid: number) => void } = {},
): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...SECRETS }, stdio: ['ignore', 'pipe', 'pipe'] });
    opts.onSpawn?.(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
      opts.onStderr?.(stderr, child.pid!);
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const MEASURE = new URL('./measure.ts', import.meta.url).pathname;

/** One run of the Data API suite with `config` in a child process (measure.ts): its exit code, peak resident memory and time. */
export function measureRun(config: string, reportDir: string): Promise<{ exitCode: number; maxRssMiB: number; ms: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [MEASURE, config, reportDir],
      { env: { ...process.env, ...SECRETS }, timeout: 170_000 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!)),
    );
  });
}

const CLI = new URL('../../../bin/conform.js', import.meta.url).pathname;

/**
 * `conform run` of the Data API suite against the hostile server at `url` through the CLI, with
 * `args` after the config and a report directory of its own (`out`) in a fresh temporary folder.
 */
export async function runCli(tag: string, url: string, args: string[] = []): Promise<Spawned & { dir: string; out: string }> {
  const dir = tempDir(tag);
  const out = join(dir, 'out');
  const r = await spawnRun(process.execPath, [CLI, 'run', '--config', dataApiConfig(dir, url), '--report-dir', out, ...args]);
  return { ...r, dir, out };
}
