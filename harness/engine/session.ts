// Opens a run against one target: the HTTP client, the Data API and control clients, the
// callback receiver and the target's capabilities; checks first that the target answers.
import type { RunConfig } from '../config/types.ts';
import { StartError } from '../config/errors.ts';
import { startReceiver } from '../receiver/index.ts';
import type { Receiver } from '../receiver/types.ts';
import { ControlClient, type ControlCapabilities } from '../target/control.ts';
import { DataApiClient } from '../target/data-api.ts';
import { HttpClient, NetworkError } from '../target/http.ts';
import { capabilitiesOf } from './capabilities.ts';
import type { RunServices } from './context.ts';

export interface Session {
  services: RunServices;
  close(): Promise<void>;
}

async function reachable(what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof NetworkError) throw new StartError(`${what} is unreachable: ${e.message}`);
    throw new StartError(`${what} failed: ${(e as Error).message}`);
  }
}

export async function openSession(
  config: RunConfig,
  opts: { runSeed: number; runs: number; receiver?: Receiver },
): Promise<Session> {
  if (!config.dataApi) throw new StartError('config: target.dataApi is required for the data-api suite');
  const http = new HttpClient({ timeoutMs: config.limits.requestTimeoutMs, requestsPerSecond: config.limits.requestsPerSecond });
  const data = new DataApiClient(http, config.dataApi);
  const control = config.control ? new ControlClient(http, config.control) : undefined;
  let receiver = opts.receiver;
  try {
    await reachable(`the Data API at ${config.dataApi.baseUrl}`, () => data.listWebhooks());
    let controlCaps: ControlCapabilities | undefined;
    if (control) await reachable(`the control API at ${config.control!.baseUrl}`, async () => { controlCaps = await control.capabilities(); });
    if (!receiver) {
      try {
        receiver = await startReceiver({
          ...config.receiver,
          consumerSecret: config.dataApi.consumerSecret,
          bearerToken: config.dataApi.bearerToken,
          tls: config.receiver.tls,
          maxHoldMs: config.limits.crcHoldMs,
        });
      } catch (e) {
        throw new StartError(`the callback receiver cannot listen on ${config.receiver.listenHost}:${config.receiver.listenPort}: ${(e as Error).message}`);
      }
    }
    const services: RunServices = {
      config, http, data, control, receiver,
      caps: capabilitiesOf(config, controlCaps),
      runSeed: opts.runSeed, runs: opts.runs, failures: [], stats: { propertyCases: 0, propertyMs: 0 },
    };
    const owned = !opts.receiver;
    return {
      services,
      async close() {
        await data.cleanup();
        if (owned) await receiver!.close();
        await http.close();
      },
    };
  } catch (e) {
    if (receiver && !opts.receiver) await receiver.close();
    await http.close();
    throw e;
  }
}
