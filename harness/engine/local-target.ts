// Starts an in-process target on loopback (the embedded reference, or any implementation with
// the same start function) behind a fresh callback receiver, and builds the run config for it.
import { randomBytes } from 'node:crypto';
import { DEFAULT_LIMITS, DEFAULT_RECEIVER, type RunConfig } from '../config/types.ts';
import { startReceiver } from '../receiver/index.ts';
import type { Receiver } from '../receiver/types.ts';

export interface LocalTargetOptions {
  consumerSecret: string;
  bearerToken: string;
  controlToken?: string;
  resolve: Record<string, string>;
  trustCaPem: string;
}

export interface RunningLocalTarget {
  dataBaseUrl: string;
  controlBaseUrl: string;
  problemTypeBase: string;
  maxWebhooks: number;
  close(): Promise<void>;
}

export type LocalTargetFactory = (o: LocalTargetOptions) => Promise<RunningLocalTarget>;

export interface LocalRun {
  config: RunConfig;
  receiver: Receiver;
  target: RunningLocalTarget;
  close(): Promise<void>;
}

function secret(): string {
  return randomBytes(24).toString('base64url');
}

export async function startLocalTarget(name: string, factory: LocalTargetFactory, limits: Partial<RunConfig['limits']> = {}): Promise<LocalRun> {
  const consumerSecret = secret();
  const bearerToken = secret();
  const controlToken = secret();
  const receiver = await startReceiver({
    ...DEFAULT_RECEIVER, consumerSecret, bearerToken, maxHoldMs: limits.crcHoldMs ?? 15_000,
  });
  const host = new URL(receiver.publicBaseUrl).hostname;
  let target: RunningLocalTarget;
  try {
    target = await factory({
      consumerSecret, bearerToken, controlToken,
      resolve: { [`${host}:443`]: `127.0.0.1:${receiver.listenPort}` },
      trustCaPem: receiver.certPem,
    });
  } catch (e) {
    await receiver.close();
    throw e;
  }
  const config: RunConfig = {
    name,
    dataApi: { baseUrl: target.dataBaseUrl, bearerToken, consumerSecret, problemTypeBase: target.problemTypeBase },
    control: { baseUrl: target.controlBaseUrl, token: controlToken },
    receiver: { ...DEFAULT_RECEIVER, listenPort: receiver.listenPort },
    fixtures: {},
    limits: { ...DEFAULT_LIMITS, ...limits },
    waivers: {},
    secrets: [consumerSecret, bearerToken, controlToken],
  };
  return {
    config, receiver, target,
    async close() {
      await target.close();
      await receiver.close();
    },
  };
}
