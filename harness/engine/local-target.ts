// Starts an in-process target on loopback (the embedded reference, an alternative
// implementation, a toy service in a test), behind a fresh callback receiver when the run needs
// one, and hands back the config section the target describes itself with.
import { DEFAULT_RECEIVER } from '../config-loader/types.ts';
import type { LocalTargetFactory, RunningLocalTarget } from '../domain/local.ts';
import { startReceiver } from '../receiver/index.ts';
import type { Receiver } from '../receiver/types.ts';

export interface LocalRun {
  /** the config file's `target` section */
  target: Record<string, unknown>;
  /** root sections beside `target` (e.g. `consumer`) */
  sections: Record<string, unknown>;
  /** the config file's `limits` section: the target's wishes, then the caller's */
  limits: Record<string, unknown>;
  receiver?: Receiver;
  /** how to start a target like it again (for reproducers printed after the run) */
  restart?: RunningLocalTarget['restart'];
  close(): Promise<void>;
}

export async function startLocalTarget(
  factory: LocalTargetFactory,
  opts: { withReceiver: boolean; limits?: Record<string, unknown> },
): Promise<LocalRun> {
  const holdMs = (opts.limits?.callbackHoldMs as number | undefined) ?? 15_000;
  const maxKeptBytes = opts.limits?.maxReceivedBytes as number | undefined;
  const maxConnections = opts.limits?.maxReceiverConnections as number | undefined;
  const receiver = opts.withReceiver
    ? await startReceiver({ ...DEFAULT_RECEIVER, maxHoldMs: holdMs, maxKeptBytes, maxConnections })
    : undefined;
  try {
    const host = receiver && new URL(receiver.publicBaseUrl).hostname;
    const running = await factory({
      resolve: receiver ? { [`${host}:443`]: `127.0.0.1:${receiver.listenPort}` } : {},
      trustCaPem: receiver?.certPem,
    });
    return {
      target: running.target,
      sections: running.sections ?? {},
      limits: { callbackHoldMs: holdMs, ...running.limits, ...opts.limits },
      receiver,
      restart: running.restart,
      async close() {
        await running.close();
        await receiver?.close();
      },
    };
  } catch (e) {
    await receiver?.close();
    throw e;
  }
}
