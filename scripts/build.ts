// `npm run build` (and `prepack`): the installed package's code. Node strips no types under
// node_modules, so the package carries JavaScript: the runtime folders compiled by
// tsconfig.build.json into dist/lib (relative imports rewritten from .ts to .js), beside them the
// files those modules read at run time (JSON schemas and fragments, traceability, payloads, the
// example configs, READMEs), and the specification documents in dist/shared/spec, where
// reports/allure-links.ts looks for them (../../shared/spec from its module, as in a clone).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(ROOT, 'dist');
const LIB = join(DIST, 'lib');
const SPEC = join(ROOT, '..', 'shared', 'spec');
const RUNTIME = ['cli', 'domains', 'harness', 'reference', 'suites', 'schemas', 'generators', 'reports', 'config', 'examples'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

rmSync(DIST, { recursive: true, force: true });
execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json')], {
  stdio: 'inherit',
});

let assets = 0;
for (const file of RUNTIME.flatMap((d) => files(join(ROOT, d)))) {
  if (file.endsWith('.ts')) continue;
  const to = join(LIB, relative(ROOT, file));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(file, to);
  assets++;
}

if (!existsSync(SPEC)) {
  process.stderr.write(`build: the specification documents are not at ${SPEC} (../shared/spec beside the repository)\n`);
  process.exit(1);
}
cpSync(SPEC, join(DIST, 'shared', 'spec'), { recursive: true, filter: (f) => statSync(f).isDirectory() || f.endsWith('.md') });
process.stdout.write(
  `build: ${files(LIB).length - assets} modules and ${assets} other files in dist/lib, the documents in dist/shared/spec\n`,
);
