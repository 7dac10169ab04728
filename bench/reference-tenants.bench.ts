// npm run bench (last): what tenants (TARGET-CONTRACT §3a) cost the reference's memory when it runs
// long, as `conform reference` does for a team's CI: its heap, after a full garbage collection,
// before and after BENCH_TENANTS (default 1000) tenants were made and deleted one after another
// through the control API (after 100 that warm it up). A deleted tenant should leave nothing behind. Needs node --expose-gc
// (the npm script passes it). Figures only: no test.
import { startReference } from '../domains/reference.ts';
import { freshSecret } from '../reference/part.ts';

const n = Number(process.env.BENCH_TENANTS ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heapMiB = (): number => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const controlToken = freshSecret();
const ref = await startReference({ controlToken });
try {
  const headers = { authorization: `Bearer ${controlToken}` };
  const control = async (method: string, path: string): Promise<unknown> => {
    const res = await fetch(`${ref.controlBaseUrl}${path}`, { method, headers });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return res.status === 204 ? undefined : res.json();
  };
  const makeAndDelete = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const t = (await control('POST', '/tenants')) as { id: string };
      await control('DELETE', `/tenants/${t.id}`);
    }
  };
  await makeAndDelete(100); // the code's first use (compiled code, caches) is not a tenant's
  const before = heapMiB();
  const started = performance.now();
  await makeAndDelete(n);
  const ms = performance.now() - started;
  const after = heapMiB();
  console.log(
    `reference: ${n} tenants made and deleted in ${(ms / 1000).toFixed(1)} s; heap ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after (${(((after - before) * 1024) / n).toFixed(1)} KiB a tenant)`,
  );
} finally {
  await ref.close();
}
