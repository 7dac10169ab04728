// What the pack-and-install test shares: `npm pack` of the project (its prepack builds dist/), an
// install of the tarball into an empty folder as a user's project, and a look at what got there.
// The install works offline: the folder gets a lockfile cut from the project's own (the tarball
// and the project's runtime dependencies at the versions `npm ci` put in npm's cache), so
// `npm ci --offline` needs no registry; when the cache lacks one, `npm install --prefer-offline`.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { ROOT } from '../runners/paths.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** the environment of a user's shell: the tests' Node first on PATH, nothing of vitest */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_OPTIONS|npm_)/i.test(k)));
  return { ...env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, CI: 'true', NO_COLOR: '1', ...extra };
}

export function run(cmd: string, args: string[], cwd: string, env = userEnv(), timeout = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env, timeout, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface Packed {
  /** the tarball's path */
  file: string;
  integrity: string;
  /** the paths in the tarball */
  files: string[];
}

/** `npm pack` of the project into `dest` */
export async function pack(dest: string): Promise<Packed> {
  const r = await run('npm', ['pack', '--json', '--pack-destination', dest], ROOT);
  if (r.code !== 0) throw new Error(`npm pack exited ${r.code}: ${r.stderr}`);
  const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { filename: string; integrity: string; files: { path: string }[] }[];
  return { file: join(dest, info.filename), integrity: info.integrity, files: info.files.map((f) => f.path) };
}

type LockEntry = Record<string, unknown> & { dev?: boolean; devOptional?: boolean };

/** a lockfile for a project that depends on the tarball alone, cut from the project's lockfile */
function lockfileFor(p: Packed, manifest: { name: string; version: string; dependencies: Record<string, string> }): object {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const runtime = Object.entries(lock.packages).filter(([k, e]) => k.startsWith('node_modules/') && !e.dev && !e.devOptional);
  const tarball = `file:${basename(p.file)}`;
  return {
    name: 'user-project',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'user-project', dependencies: { [manifest.name]: tarball } },
      [`node_modules/${manifest.name}`]: {
        version: manifest.version,
        resolved: tarball,
        integrity: p.integrity,
        dependencies: manifest.dependencies,
        bin: { conform: 'bin/conform.js' },
      },
      ...Object.fromEntries(runtime),
    },
  };
}

/** installs the tarball into `dir` (empty, the tarball beside it) as a user's project would; the npm output */
export async function install(p: Packed, dir: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const tarball = `file:${basename(p.file)}`;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'user-project', private: true, dependencies: { [manifest.name]: tarball } }),
  );
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lockfileFor(p, manifest), null, 2));
  const quiet = ['--no-audit', '--no-fund', '--ignore-scripts'];
  const offline = await run('npm', ['ci', '--offline', ...quiet], dir);
  if (offline.code === 0) return offline.stdout;
  const online = await run('npm', ['install', '--prefer-offline', ...quiet], dir);
  if (online.code !== 0) throw new Error(`npm install exited ${online.code}: ${online.stderr}\n(offline: ${offline.stderr})`);
  return online.stdout;
}

/** every file under a folder, as paths from it */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** the packages a JavaScript module imports by name (not node: builtins, not relative paths) */
export function bareImports(text: string): string[] {
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s*\(?\s*['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2],
  );
  return specs
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
}

/** the files a module reads by `new URL('<relative>', import.meta.url)`, as paths from its folder */
export function urlsRead(text: string): string[] {
  return [...text.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]);
}
