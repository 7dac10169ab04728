// A reader that stops reading: `conform rules | head -2` and `conform run --json | head -1` end
// quietly (no EPIPE stack, the exit code of the command), and the run still writes its reports.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BIN } from '../runners/cli.ts';

/** runs the CLI piped into `head -1` by bash, and gives the CLI's exit code and stderr */
function closedAfterFirstChunk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const cmd = `"$0" "$1" "\${@:2}" | head -1 >/dev/null; echo "exit=\${PIPESTATUS[0]}" >&2`;
    const child = spawn('bash', ['-c', cmd, process.execPath, BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', () => resolve({ code: Number(/exit=(\d+)/.exec(stderr)?.[1] ?? -1), stderr }));
  });
}

describe('a closed pipe', () => {
  test('conform rules: ends quietly, exit 0', async () => {
    const r = await closedAfterFirstChunk(['rules']);
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.code).toBe(0);
  });

  test('conform run --json: ends quietly with the run’s exit code, reports written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-pipe-'));
    const r = await closedAfterFirstChunk([
      'run',
      '--suite',
      'data-api',
      '--rule',
      'WH-CRC-002',
      '--json',
      '--report-dir',
      dir,
      '--report',
      'json',
    ]);
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'compliance.json'))).toBe(true);
  });
});
