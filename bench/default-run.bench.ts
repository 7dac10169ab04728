// npm run bench (first) and npm run bench:default: what `npm run conform` costs a user, measured
// from outside as they meet it: the CLI started as a process, every suite against the embedded
// reference with its defaults, reports written. Prints, per round and as medians, the wall time
// from start to exit, the run's own time (the report's start to finish: rules and clean-up), and
// the process's peak memory. Each round writes to a report directory of its own, as a user's first
// run does (no earlier report whose durations order the rules: the ones shipped for the embedded
// reference do). BENCH_ROUNDS sets the rounds (default 5). Figures only: no test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const bin = new URL('../bin/conform.js', import.meta.url).pathname;

interface Round {
  wallMs: number;
  runMs: number;
  peakMiB: number;
  verdict: string;
}

/** one `conform run` as a process, its peak memory read from /proc while it runs (Linux), else not shown */
async function round(dir: string): Promise<Round> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'run', '--report-dir', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      // the process has ended, or this is not Linux
    }
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const wallMs = performance.now() - started;
  const report = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8')) as {
    startedAt: string;
    finishedAt: string;
    summary: { passed: number; failed: number; notCheckable: number };
  };
  const s = report.summary;
  return {
    wallMs,
    runMs: Date.parse(report.finishedAt) - Date.parse(report.startedAt),
    peakMiB: peak,
    verdict: `exit ${code}, ${s.passed} passed, ${s.failed} failed, ${s.notCheckable} not checkable${code === 0 ? '' : `\n${stderr}`}`,
  };
}

/** one round in a report directory of its own, removed after */
async function firstRun(): Promise<Round> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-bench-'));
  try {
    return await round(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: Round[] = [];
await firstRun(); // fills Node's compile cache, as any run after a user's first
for (let i = 0; i < rounds; i++) rows.push(await firstRun());
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `npm run conform (conform run: every suite, the embedded reference, its defaults), ${rounds} round(s), Node ${process.version}`,
);
for (const [i, r] of rows.entries())
  console.log(
    `  round ${i + 1}: ${s(r.wallMs)} wall, run ${s(r.runMs)}, peak ${r.peakMiB ? `${r.peakMiB.toFixed(0)} MiB` : 'not shown'}, ${r.verdict}`,
  );
console.log(
  `median: ${s(median(rows.map((r) => r.wallMs)))} wall (start to exit), ${s(median(rows.map((r) => r.runMs)))} run (goal: 10 s), peak ${median(rows.map((r) => r.peakMiB)).toFixed(0)} MiB`,
);
