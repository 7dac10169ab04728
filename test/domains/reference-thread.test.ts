// The embedded reference in a worker thread of its own (what `conform run` starts with no config):
// it serves as the in-process one does, a fault or choice id is checked at once, closing it ends the
// thread and frees its port, a worker made ahead (bin/conform.js) is taken by the next start, and
// one that no start takes keeps no process alive.
import { execFile } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { referenceInThread } from '../../domains/reference.ts';
import { referenceThread, warmReferenceThread } from '../../domains/reference-thread.ts';

const controlOf = (target: Record<string, unknown>) => target.control as { baseUrl: string; token: string };

async function capabilities(target: Record<string, unknown>): Promise<Response> {
  const c = controlOf(target);
  return fetch(`${c.baseUrl}/capabilities`, { headers: { authorization: `Bearer ${c.token}` } });
}

describe('the embedded reference in a worker thread', () => {
  test('an unknown fault or choice is refused when the factory is made, before any thread starts', () => {
    expect(() => referenceInThread({ fault: 'no-such-fault' })).toThrow(TypeError);
    expect(() => referenceInThread({ choices: ['no-such-choice'] })).toThrow(TypeError);
  });

  test('it serves the control API from its thread; closed, its port answers no more', async () => {
    const running = await referenceInThread()({ resolve: {} });
    const res = await capabilities(running.target);
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('tenants');
    expect(running.restart?.command.slice(0, 3)).toEqual(['npx', 'conform', 'reference']);
    await running.close();
    await expect(capabilities(running.target)).rejects.toThrow();
    await running.close(); // a second close is quiet
  });

  test('a worker made ahead is taken by the next start, with that start’s options', async () => {
    warmReferenceThread();
    const running = await referenceThread({ tenants: false }, { resolve: {} });
    try {
      expect(await (await capabilities(running.target)).json()).not.toHaveProperty('tenants', true);
    } finally {
      await running.close();
    }
  });

  test('a worker made ahead that no start takes keeps no process alive', async () => {
    const code = `const m = await import(${JSON.stringify(new URL('../../domains/reference-thread.ts', import.meta.url).href)}); m.warmReferenceThread(); setTimeout(() => process.stdout.write('done'), 200);`;
    const out = await new Promise<{ err: Error | null; stdout: string }>((resolve) =>
      execFile(process.execPath, ['--input-type=module', '-e', code], { timeout: 30_000 }, (err, stdout) => resolve({ err, stdout })),
    );
    expect(out.err).toBeNull();
    expect(out.stdout).toBe('done');
  }, 40_000);
});
