// Spawns the real CLI (bin/conform.js) with the Node that runs the tests.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';

export const BIN = new URL('../../bin/conform.js', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** runs shards `which` of `count` of the consumer CRC rules (seed 7) into `dirs`, one each, side by side */
export function consumerShards(dirs: string[], count: number, env: Record<string, string> = {}): Promise<CliResult[]> {
  return Promise.all(
    dirs.map((d, i) =>
      cli(
        [
          'run',
          '--suite',
          'consumer',
          '--rule',
          'CON-CRC-*',
          '--seed',
          '7',
          '--shard',
          `${i + 1}/${count}`,
          '--report-dir',
          d,
          '--report',
          'json',
        ],
        env,
      ),
    ),
  );
}
