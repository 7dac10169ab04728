// A local target seen through latency proxies: every loopback address the target describes itself
// with (API, control, sandbox, consumer, probe) is replaced by a proxy's that delays each direction.
import type { LocalTargetFactory } from '../harness/domain/local.ts';
import { type LatencyProxy, startLatencyProxy } from './latency-proxy.ts';

export function behindProxy(factory: LocalTargetFactory, delayMs: number): LocalTargetFactory {
  return async (o) => {
    const running = await factory(o);
    const text = JSON.stringify({ target: running.target, sections: running.sections ?? {} });
    const ports = [...new Set([...text.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])))];
    const proxies = new Map<number, LatencyProxy>();
    for (const p of ports) proxies.set(p, await startLatencyProxy(p, delayMs));
    const rewritten = JSON.parse(text.replace(/127\.0\.0\.1:(\d+)/g, (_, p) => `127.0.0.1:${proxies.get(Number(p))?.port}`)) as {
      target: Record<string, unknown>;
      sections: Record<string, unknown>;
    };
    return {
      ...running,
      target: rewritten.target,
      sections: rewritten.sections,
      async close() {
        for (const p of proxies.values()) await p.close();
        await running.close();
      },
    };
  };
}
