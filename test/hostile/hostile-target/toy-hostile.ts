// The toy API (test/targets/toy) played by a hostile server: a config file for it and a run of the
// toy rules against it, in this process.
import { runToy, type ToyOutcome } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';
import { tempDir, writeJson } from '../../targets/toy/files.ts';
import type { ConformOptions } from '../../../harness/engine/conform.ts';

export const TOY_TOKEN = 'toy-token-5Rk2';

export function toyConfig(baseUrl: string, limits: Record<string, unknown> = {}): string {
  return writeJson(tempDir(), 'toy.json', {
    target: { name: 'hostile toy', toyApi: { baseUrl: `${baseUrl}/toy`, token: TOY_TOKEN } },
    limits: { requestTimeoutMs: 2000, ...limits },
  });
}

export function runHostileToy(baseUrl: string, opts: ConformOptions & { limits?: Record<string, unknown> } = {}): Promise<ToyOutcome> {
  const { limits, ...rest } = opts;
  return runToy(toyTarget(), { configFile: toyConfig(baseUrl, limits), ...rest });
}
