// A small local stand-in for the GitHub Actions runner, enough for action.yml and the example
// workflow: jobs in `needs` order (a matrix's jobs side by side), `run:` steps with bash as GitHub
// runs them (the script in a file, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), the composite action
// `uses: ./` expanded into its steps, and the few marketplace actions the files use imitated
// (checkout, setup-node: nothing to do; upload/download-artifact: copies in a folder). Expressions
// are plain context paths (`inputs.x`, `matrix.shard`, `steps.id.outputs.x`), `if:` is `always()`
// (with `&& steps.id.outputs.x == 'v'`); anything else throws, so a new expression in the files
// needs a look here. `npm` is a shim that records its calls and installs the action's own conform
// for `npm install --prefix`; `gh` one that hands out the artifacts of an earlier run.
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parse } from 'yaml';

type Dict = Record<string, unknown>;
export interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Dict;
  env?: Dict;
  'working-directory'?: string;
}

export interface RunnerOptions {
  /** the repository holding action.yml (`uses: ./`, github.action_path) */
  actionDir: string;
  /** where jobs run (GITHUB_WORKSPACE) and artifacts go */
  root: string;
  /** workflow_dispatch inputs */
  inputs?: Dict;
  /** a job's matrix in place of the file's */
  matrix?: Record<string, Dict>;
  /** `with:` values put over the file's for the `uses: ./` steps of a job (`job` or `job.stepId`) */
  with?: Record<string, Dict>;
  /** the artifacts of an earlier run (a folder per artifact name), what `gh run download` gets */
  earlierRuns?: string;
}

export interface JobRun {
  /** when the job started and ended (performance.now()) */
  ran: { from: number; to: number };
  failed: boolean;
  summary: string;
  log: string;
  outputs: Record<string, string>;
  steps: Record<string, Record<string, string>>;
}

interface Ctx {
  inputs: Dict;
  matrix: Dict;
  strategy: Dict;
  needs: Dict;
  steps: Record<string, { outputs: Record<string, string> }>;
  github: Dict;
  secrets: Dict;
}

export function evaluate(text: string, ctx: Ctx): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => {
    if (!/^[A-Za-z_][\w.-]*$/.test(expr)) throw new Error(`the local runner does not evaluate \${{ ${expr} }}`);
    let v: unknown = ctx;
    for (const part of expr.split('.')) v = v && typeof v === 'object' ? (v as Dict)[part] : undefined;
    return v === undefined || v === null ? '' : String(v);
  });
}

const evalAll = (d: Dict | undefined, ctx: Ctx): Record<string, string> =>
  Object.fromEntries(Object.entries(d ?? {}).map(([k, v]) => [k, evaluate(String(v), ctx)]));

function bash(script: string, shell: string | undefined, cwd: string, env: Dict): Promise<{ code: number; out: string }> {
  const flags = shell === 'bash' ? ['--noprofile', '--norc', '-eo', 'pipefail'] : ['-e'];
  const file = join(String(env.RUNNER_TEMP), `step-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(file, script);
  return new Promise((done) => {
    execFile(
      'bash',
      [...flags, file],
      { cwd, env: env as NodeJS.ProcessEnv, maxBuffer: 64 << 20, timeout: 300_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        done({ code, out: stdout + stderr });
      },
    );
  });
}

function readOutputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

const globRe = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );

class Job {
  failed = false;
  log = '';
  readonly env: Dict;
  readonly o: RunnerOptions;
  readonly workspace: string;
  constructor(o: RunnerOptions, workspace: string, shim: string) {
    this.o = o;
    this.workspace = workspace;
    const temp = join(workspace, '..', `temp-${Math.random().toString(36).slice(2)}`);
    mkdirSync(temp, { recursive: true });
    this.env = {
      ...process.env,
      PATH: `${shim}:${dirname(process.execPath)}:${process.env.PATH}`,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: join(temp, 'summary.md'),
      RUNNER_TEMP: temp,
    };
  }

  get summary(): string {
    const f = String(this.env.GITHUB_STEP_SUMMARY);
    return existsSync(f) ? readFileSync(f, 'utf8') : '';
  }

  async steps(steps: Step[], ctx: Ctx, extraEnv: Dict, actionPath?: string): Promise<void> {
    for (const step of steps) {
      const cond = step.if === undefined ? undefined : /^always\(\)(?: && steps\.([\w-]+)\.outputs\.([\w-]+) == '([^']*)')?$/.exec(step.if);
      if (step.if !== undefined && !cond) throw new Error(`the local runner does not evaluate if: ${step.if}`);
      if (this.failed && !cond) continue;
      if (cond?.[1] && ctx.steps[cond[1]]?.outputs[cond[2]] !== cond[3]) continue;
      const env = { ...extraEnv, ...evalAll(step.env, ctx) };
      const outputs = step.uses ? await this.uses(step, ctx, env) : await this.run(step, ctx, env, actionPath);
      if (step.id) ctx.steps[step.id] = { outputs };
    }
  }

  private async run(step: Step, ctx: Ctx, env: Dict, actionPath?: string): Promise<Record<string, string>> {
    const output = join(String(this.env.RUNNER_TEMP), `output-${Math.random().toString(36).slice(2)}`);
    const wd = step['working-directory'] ? resolve(this.workspace, evaluate(step['working-directory'], ctx)) : this.workspace;
    const all = { ...this.env, ...env, GITHUB_OUTPUT: output, ...(actionPath ? { GITHUB_ACTION_PATH: actionPath } : {}) };
    const r = await bash(evaluate(String(step.run), ctx), step.shell, wd, all);
    this.log += `## ${step.name ?? step.run}\n${r.out}`;
    if (r.code !== 0) this.failed = true;
    return readOutputs(output);
  }

  private async uses(step: Step, ctx: Ctx, env: Dict): Promise<Record<string, string>> {
    const w = evalAll(step.with, ctx);
    const uses = String(step.uses);
    if (uses === './') return this.composite(w, env);
    if (uses.startsWith('actions/checkout@') || uses.startsWith('actions/setup-node@')) return {};
    const store = join(this.o.root, 'artifacts');
    if (uses.startsWith('actions/upload-artifact@')) {
      const paths = w.path
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => resolve(this.workspace, p));
      const found = paths.filter((p) => existsSync(p));
      if (found.length < paths.length && (w['if-no-files-found'] ?? 'warn') === 'error') {
        this.log += `upload-artifact: missing ${paths.filter((p) => !existsSync(p)).join(', ')}\n`;
        this.failed = true;
        return {};
      }
      const bases = found.map((p) => (statSync(p).isDirectory() ? p : dirname(p)).split(sep));
      // the artifact holds the paths relative to their least common ancestor, as upload-artifact does
      const common = (a: string[], b: string[]) => {
        let n = 0;
        while (n < a.length && a[n] === b[n]) n++;
        return a.slice(0, n);
      };
      const lca = bases.reduce(common).join(sep);
      for (const p of found) cpSync(p, join(store, w.name, relative(lca, p)), { recursive: true });
      return {};
    }
    if (uses.startsWith('actions/download-artifact@')) {
      const names = existsSync(store) ? readdirSync(store).filter((n) => globRe(w.pattern ?? w.name).test(n)) : [];
      for (const n of names) cpSync(join(store, n), join(this.workspace, w.path ?? '.', w.pattern ? n : ''), { recursive: true });
      return {};
    }
    throw new Error(`the local runner does not imitate ${uses}`);
  }

  private async composite(w: Record<string, string>, env: Dict): Promise<Record<string, string>> {
    const action = parse(readFileSync(join(this.o.actionDir, 'action.yml'), 'utf8'));
    const inputs: Dict = {};
    for (const [k, spec] of Object.entries(action.inputs as Record<string, { default?: string }>)) inputs[k] = w[k] ?? spec.default ?? '';
    const unknown = Object.keys(w).filter((k) => !(k in inputs));
    if (unknown.length) throw new Error(`with: ${unknown.join(', ')}: not inputs of action.yml`);
    const ctx: Ctx = {
      inputs,
      matrix: {},
      strategy: {},
      needs: {},
      steps: {},
      github: { action_path: this.o.actionDir, workspace: this.workspace },
      secrets: {},
    };
    await this.steps(action.runs.steps, ctx, env, this.o.actionDir);
    return evalAll(
      Object.fromEntries(Object.entries(action.outputs as Record<string, { value: string }>).map(([k, v]) => [k, v.value])),
      ctx,
    );
  }
}

/** at most `n` holders at once; the others wait in turn */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(n: number) {
    this.#free = n;
  }
  async enter(): Promise<() => void> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((r) => this.#waiting.push(r));
    return () => {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    };
  }
}

function combinations(matrix: Dict): Dict[] {
  return Object.entries(matrix).reduce<Dict[]>(
    (acc, [k, values]) => acc.flatMap((c) => (values as unknown[]).map((v) => ({ ...c, [k]: v }))),
    [{}],
  );
}

/** Runs the workflow file's jobs; each job's runs (one per matrix combination), by job id. */
export async function runWorkflow(file: string, o: RunnerOptions): Promise<Record<string, JobRun[]>> {
  const wf = parse(readFileSync(file, 'utf8'));
  const shim = join(o.root, 'bin');
  mkdirSync(shim, { recursive: true });
  // gh stands in for GitHub's CLI: `gh run list` names run 1 when RunnerOptions.earlierRuns holds
  // artifacts, `gh run download 1 --name N --dir D` copies artifact N of them into D
  const earlier = o.earlierRuns ?? join(o.root, 'no-earlier-runs');
  writeFileSync(
    join(shim, 'gh'),
    [
      '#!/bin/sh',
      `if [ "$1 $2" = "run list" ]; then [ -d "${earlier}" ] && echo 1; exit 0; fi`,
      'name=""; dir=""; prev=""',
      'for a in "$@"; do [ "$prev" = --name ] && name="$a"; [ "$prev" = --dir ] && dir="$a"; prev="$a"; done',
      `if [ "$1 $2" = "run download" ] && [ -d "${earlier}/$name" ]; then mkdir -p "$dir" && cp -r "${earlier}/$name/." "$dir/"; exit 0; fi`,
      'echo "gh: not imitated: $*" >&2; exit 1',
      '',
    ].join('\n'),
  );
  chmodSync(join(shim, 'gh'), 0o755);
  // npm records its calls; `npm install --prefix DIR … SPEC` stands in for the registry: DIR's conform
  // is the action's own (its bin/conform.js, run from the sources)
  writeFileSync(
    join(shim, 'npm'),
    [
      '#!/bin/sh',
      `echo "$PWD $*" >> "${join(o.root, 'npm-calls.log')}"`,
      'prefix=""; prev=""',
      'for a in "$@"; do [ "$prev" = --prefix ] && prefix="$a"; prev="$a"; done',
      'if [ "$1" = install ] && [ -n "$prefix" ]; then',
      `  mkdir -p "$prefix/node_modules/.bin" && ln -sf "${join(o.actionDir, 'bin', 'conform.js')}" "$prefix/node_modules/.bin/conform"`,
      'fi',
      '',
    ].join('\n'),
  );
  chmodSync(join(shim, 'npm'), 0o755);
  const done: Record<string, JobRun[]> = {};
  for (const [id, job] of Object.entries(wf.jobs as Record<string, Dict & { steps: Step[] }>)) {
    const needs = ([] as string[]).concat((job.needs as string[] | string | undefined) ?? []);
    const upstreamFailed = needs.some((n) => done[n].some((r) => r.failed));
    if (upstreamFailed && job.if !== 'always()') continue;
    const strategy = job.strategy as { matrix?: Dict; 'max-parallel'?: number } | undefined;
    const matrix = o.matrix?.[id] ?? strategy?.matrix;
    const combos = matrix ? combinations(matrix) : [{}];
    // a matrix's jobs side by side, at most max-parallel at once, as GitHub runs them
    const slots = new Slots(strategy?.['max-parallel'] ?? combos.length);
    done[id] = await Promise.all(
      combos.map(async (m, i) => {
        const leave = await slots.enter();
        const from = performance.now();
        const workspace = join(o.root, `${id}-${i + 1}`, 'workspace');
        mkdirSync(workspace, { recursive: true });
        const j = new Job(o, workspace, shim);
        const ctx: Ctx = {
          inputs: o.inputs ?? {},
          matrix: m,
          strategy: { 'job-index': i, 'job-total': combos.length },
          needs: Object.fromEntries(needs.map((n) => [n, { outputs: done[n][0].outputs, result: 'success' }])),
          steps: {},
          github: { workspace },
          secrets: {},
        };
        const steps = job.steps.map((s) =>
          s.uses === './' ? { ...s, with: { ...s.with, ...o.with?.[id], ...(s.id ? o.with?.[`${id}.${s.id}`] : {}) } } : s,
        );
        try {
          await j.steps(steps, ctx, {});
        } finally {
          leave();
        }
        const outputs = evalAll(job.outputs as Dict | undefined, ctx);
        const stepOutputs = Object.fromEntries(Object.entries(ctx.steps).map(([k, v]) => [k, v.outputs]));
        return { ran: { from, to: performance.now() }, failed: j.failed, summary: j.summary, log: j.log, outputs, steps: stepOutputs };
      }),
    );
  }
  return done;
}

/** Runs the action alone, as one step `uses: ./` with these inputs, in a fresh workspace. */
export async function runAction(w: Dict, o: RunnerOptions, env: Dict = {}): Promise<JobRun> {
  const file = join(o.root, 'one-step.yml');
  writeFileSync(
    file,
    JSON.stringify({ on: 'push', jobs: { action: { 'runs-on': 'ubuntu-latest', steps: [{ id: 'conform', uses: './', with: w, env }] } } }),
  );
  return (await runWorkflow(file, o)).action[0];
}
