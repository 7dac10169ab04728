// What the commands share: option parsers, reading a file named by an option, redacted errors.
import { readFileSync } from 'node:fs';
import { InvalidArgumentError } from 'commander';
import { StartError } from '../../harness/config-loader/errors.ts';
import type { Redactor } from '../../harness/engine/conform.ts';
import { ENGINE } from '../app.ts';

export function int(name: string, min: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}`);
    return n;
  };
}

export const SUITE_NAMES = ENGINE.domains.flatMap((d) => d.suites.filter((x) => x.rules.length > 0).map((x) => x.name)).join(', ');

export const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

/** A file named by an option; a StartError in one line when it cannot be read. */
export function readOption(flag: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a directory'
            : (code ?? 'unreadable');
    throw new StartError(`cannot read ${flag} ${file}: ${why}`);
  }
}

/** A JSON file named by an option or argument; a StartError in one line when it cannot be read or parsed. */
export function readJsonOption(flag: string, file: string): unknown {
  const text = readOption(flag, file);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StartError(`${flag}: ${file} is not JSON: ${(e as Error).message}`);
  }
}

/** An error with its message (and stack) redacted. */
export function redactedError(e: unknown, redact: Redactor): unknown {
  if (e instanceof StartError) return new StartError(redact.text(e.message));
  if (e instanceof Error) {
    const r = new Error(redact.text(e.message));
    r.stack = redact.text(e.stack ?? '');
    return r;
  }
  return e;
}
