// The toy service as a local target: started fresh for each run, told the receiver's resolve
// mapping and CA, and described the way a config file would describe it. The test keeps a handle
// on every service it started and on what the engine gave the factory.
import type { LocalTargetFactory, LocalTargetOptions } from '../../../harness/domain/local.ts';
import { startToyService, type ToyOptions, type ToyService } from './service.ts';

export interface ToyTarget {
  factory: LocalTargetFactory;
  /** the services started so far, in order */
  started: ToyService[];
  /** what the engine passed to the factory each time */
  seen: LocalTargetOptions[];
  /** the last service started (throws when none was) */
  last(): ToyService;
}

/** The `target` section of a config file for a running toy service. */
export function toySection(s: ToyService, name = 'toy service'): Record<string, unknown> {
  return { name, toyApi: { baseUrl: s.baseUrl, token: s.token }, control: { baseUrl: s.controlBaseUrl, token: s.controlToken } };
}

/** `ignoreCa`: the service is not told the receiver's certificate (its callbacks fail the TLS handshake). */
export function toyTarget(opts: ToyOptions & { ignoreCa?: boolean } = {}): ToyTarget {
  const started: ToyService[] = [];
  const seen: LocalTargetOptions[] = [];
  return {
    started,
    seen,
    last() {
      const s = started.at(-1);
      if (!s) throw new Error('no toy service was started');
      return s;
    },
    async factory(o) {
      seen.push(o);
      const s = await startToyService({ ...opts, resolve: o.resolve, trustCaPem: opts.ignoreCa ? undefined : o.trustCaPem });
      started.push(s);
      // it calls back before the control call answers: a short wait for a callback is plenty
      return { target: toySection(s), limits: { deliveryWaitMs: 300 }, close: () => s.close() };
    },
  };
}
