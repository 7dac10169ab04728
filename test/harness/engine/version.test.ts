// The version in every report: package.json's, and in a git checkout the commit after it, so that
// two reports of different builds of one version can be told apart (an outside user's sweep ran
// across twenty commits, each report saying 0.2.0).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkoutCommit, HARNESS_VERSION } from '../../../harness/engine/version.ts';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { encoding: 'utf8' }).trim();

describe('harness version', () => {
  test('a checkout: the commit of a branch (its ref file, or packed-refs), of a detached HEAD, of a worktree; none without .git', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-version-'));
    const url = pathToFileURL(`${dir}/`);
    expect(checkoutCommit(url)).toBeUndefined();
    git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'a'), 'a');
    git(dir, 'add', 'a');
    git(dir, 'commit', '-q', '-m', 'a');
    const head = git(dir, 'rev-parse', 'HEAD');
    expect(checkoutCommit(url)).toBe(head.slice(0, 7));
    git(dir, 'pack-refs', '--all');
    expect(checkoutCommit(url)).toBe(head.slice(0, 7));
    git(dir, 'checkout', '-q', '--detach');
    expect(checkoutCommit(url)).toBe(head.slice(0, 7));
    const wt = join(dir, 'wt');
    git(dir, 'worktree', 'add', '-q', '-b', 'other', wt);
    expect(checkoutCommit(pathToFileURL(`${wt}/`))).toBe(head.slice(0, 7));
  });

  test("this clone's reports say package.json's version and its commit", () => {
    const version = JSON.parse(execFileSync('git', ['show', 'HEAD:package.json'], { encoding: 'utf8' })).version;
    expect(HARNESS_VERSION).toBe(`${version}+git.${execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8' }).trim()}`);
  });
});
