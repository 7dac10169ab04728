// The harness's version, as package.json gives it (written into every report): the nearest
// package.json above this module, in a clone (harness/engine/) as in the installed package's
// build (dist/lib/harness/engine/). In a clone (a git checkout beside that package.json) the
// commit it was checked out at follows as build metadata, `0.2.0+git.1a2b3c4`: two reports of
// different builds of one version can be told apart. An installed package has no .git: its
// version alone.
import { existsSync, readFileSync, statSync } from 'node:fs';

function packageDir(): URL {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return dir;
    if (dir.pathname === '/') throw new Error(`no package.json above ${import.meta.url}`);
  }
}

/** the commit a git checkout at `dir` is at (its first 7 hex digits), if it is one */
export function checkoutCommit(dir: URL): string | undefined {
  try {
    let git = new URL('.git/', dir);
    const dotGit = new URL('.git', dir);
    if (!existsSync(dotGit)) return undefined;
    // a worktree's .git is a file naming its git directory
    if (statSync(dotGit).isFile())
      git = new URL(
        `${readFileSync(dotGit, 'utf8')
          .replace(/^gitdir:\s*/, '')
          .trim()}/`,
        dir,
      );
    const head = readFileSync(new URL('HEAD', git), 'utf8').trim();
    const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head.slice(0, 7) : undefined;
    // a branch's commit: its ref file, else packed-refs (of the common git directory in a worktree)
    const common = existsSync(new URL('commondir', git)) ? new URL(`${readFileSync(new URL('commondir', git), 'utf8').trim()}/`, git) : git;
    for (const base of [git, common]) {
      const file = new URL(ref, base);
      if (existsSync(file)) return readFileSync(file, 'utf8').trim().slice(0, 7);
    }
    const packed = existsSync(new URL('packed-refs', common)) ? readFileSync(new URL('packed-refs', common), 'utf8') : '';
    const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 7) : undefined;
  } catch {
    return undefined;
  }
}

function harnessVersion(): string {
  const dir = packageDir();
  const { version } = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { version: string };
  const commit = checkoutCommit(dir);
  return commit ? `${version}+git.${commit}` : version;
}

export const HARNESS_VERSION: string = harnessVersion();
