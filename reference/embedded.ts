// The embedded reference as a local target for the harness: the registered parts on one host in
// test mode on 127.0.0.1, with fresh credentials, described the way a user's config file describes
// a target.

import type { LocalTargetFactory } from '../harness/domain/local.ts';
import { choiceSwitch } from './host/choice-switch.ts';
import { faultIdsOf } from './faults.ts';
import { startReferenceHost } from './host/index.ts';
import { freshSecret, type PartSettings, type ReferencePart, type Serving } from './part.ts';

/** shorter than the reference's default, so that rules about unanswered CRCs finish sooner */
export const EMBEDDED_CRC_TIMEOUT_MS = 2500;

export interface EmbeddedReferenceOptions extends Omit<PartSettings, 'credentials'> {
  /** one fault id of the parts */
  fault?: string;
  /** choice ids of the parts: other readings of what the documents leave open */
  choices?: readonly string[];
  /** offer tenants (TARGET-CONTRACT §3a; default true) */
  tenants?: boolean;
}

/** the factory; throws a TypeError at once for an unknown fault or choice id, or two exclusive choices */
export function embeddedReference(parts: readonly ReferencePart[], opts: EmbeddedReferenceOptions = {}): LocalTargetFactory {
  if (opts.fault !== undefined && !faultIdsOf(parts).includes(opts.fault)) throw new TypeError(`unknown fault "${opts.fault}"`);
  choiceSwitch(parts, opts.choices);
  const settings: PartSettings = { maxWebhooks: opts.maxWebhooks, crcTimeoutMs: opts.crcTimeoutMs ?? EMBEDDED_CRC_TIMEOUT_MS };
  return async (o) => {
    // one bearer token and consumer secret for every part, as the emulator (conform reference) has
    const credentials = { consumerSecret: freshSecret(), bearerToken: freshSecret() };
    const served: Serving[] = parts.map((p) => p.serve({ ...settings, credentials }));
    const controlToken = freshSecret();
    const host = await startReferenceHost({
      modules: served.map((s) => s.module),
      host: '127.0.0.1',
      port: 0,
      testMode: true,
      controlToken,
      fault: opts.fault,
      choices: opts.choices,
      tenantModules: opts.tenants === false ? undefined : (c) => parts.map((p) => p.serve({ ...settings, credentials: c }).module),
      resolve: o.resolve,
      trustCaPem: o.trustCaPem,
    });
    const sections = Object.assign({}, ...served.map((s) => s.target(host.baseUrl))) as Record<string, unknown>;
    const besides: { sections: Record<string, unknown>; close(): Promise<void> }[] = [];
    const close = async () => {
      await Promise.allSettled(besides.map((b) => b.close()));
      await host.close();
    };
    try {
      for (const s of served) if (s.beside) besides.push(await s.beside({ fault: opts.fault, choices: opts.choices ?? [] }));
    } catch (e) {
      await close();
      throw e;
    }
    return {
      target: { name: 'embedded reference', ...sections, control: { baseUrl: host.controlBaseUrl, token: controlToken } },
      sections: Object.assign({}, ...besides.map((b) => b.sections)) as Record<string, unknown>,
      restart: {
        origin: host.baseUrl,
        command: [
          'npx',
          'conform',
          'reference',
          '--port',
          new URL(host.baseUrl).port,
          '--bearer-token',
          credentials.bearerToken,
          '--consumer-secret',
          credentials.consumerSecret,
          '--control-token',
          controlToken,
          ...(opts.fault ? ['--fault', opts.fault] : []),
          ...(opts.choices ?? []).flatMap((c) => ['--choice', c]),
        ],
      },
      close,
    };
  };
}
