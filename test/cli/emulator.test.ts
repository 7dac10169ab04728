// `conform reference` as a user runs it: --write-config writes a config that passes against that
// emulator as written (receiver included), and the emulator ends with its launcher (a shell or npm
// that dies without passing a signal on) and on SIGTERM, leaving no process behind.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, cli, freePort } from '../runners/cli.ts';

const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) c.kill('SIGKILL');
});

/** starts the emulator; resolves once it printed its lines */
function emulator(args: string[]): Promise<{ child: ChildProcess; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'reference', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('These credentials')) resolve({ child, out });
    });
    child.on('exit', (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
  });
}

/** whether the process still runs (a zombie waiting for its parent to reap it has ended) */
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

describe('the emulator', () => {
  test('--write-config: a run with that config as written passes (receiver included)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-emulator-'));
    const file = join(dir, 'ref.json');
    const port = await freePort();
    const { child, out } = await emulator([
      '--resolve',
      `hooks.conformance.test:443=127.0.0.1:${port}`,
      '--insecure-hooks',
      '--write-config',
      file,
    ]);
    expect(out).toContain(`receiver:            https://hooks.conformance.test → 127.0.0.1:${port}`);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    expect(config.receiver).toEqual({ listenHost: '127.0.0.1', listenPort: port, publicBaseUrl: 'https://hooks.conformance.test' });
    const run = await cli(
      ['run', '--config', file, '--concurrency', '4', '--runs', '5', '--report-dir', join(dir, 'out'), '--report', 'json'],
      {
        CI: 'true',
      },
    );
    const report = JSON.parse(readFileSync(join(dir, 'out', 'compliance.json'), 'utf8'));
    const bad = report.rules.filter((r: { status: string }) => r.status === 'failed' || r.status === 'error');
    expect(bad.map((r: { id: string; reason: string }) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    child.kill('SIGTERM');
  });

  test('ends with its launcher, and on SIGTERM', async () => {
    // a shell that starts the emulator and is then killed outright (no signal passed on)
    const shell = spawn('bash', ['-c', `"${process.execPath}" "${BIN}" reference --port 0 & echo $!; wait`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    started.push(shell);
    // the shell prints the emulator's pid, then the emulator its lines (same pipe)
    let out = '';
    await new Promise<void>((r) =>
      shell.stdout.on('data', (d) => {
        out += d;
        if (out.includes('These credentials')) r();
      }),
    );
    const pid = Number(out.split('\n')[0]);
    expect(alive(pid)).toBe(true);
    shell.kill('SIGKILL');
    await expect.poll(() => alive(pid), { timeout: 5000, interval: 100 }).toBe(false);

    const { child } = await emulator([]);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(child.pid!)).toBe(false);
  });
});
