// The embedded reference as a local target for the harness: every domain's part (DOMAINS) on one
// host in test mode on 127.0.0.1, with fresh credentials, described the way a user's config file
// describes a target.

import type { LocalTargetFactory } from '../harness/domain/local.ts';
import { type EmbeddedPart, type EmbeddedTuning, freshSecret } from './domain.ts';
import { isFaultId } from './faults.ts';
import { startReferenceHost } from './host/index.ts';
import { DOMAINS } from './parts.ts';

/** shorter than the reference's default, so that rules about unanswered CRCs finish sooner */
export const EMBEDDED_CRC_TIMEOUT_MS = 2500;

export interface EmbeddedReferenceOptions extends EmbeddedTuning {
  /** one fault id from FAULTS */
  fault?: string;
}

/** the factory; throws a TypeError at once for an unknown fault id */
export function embeddedReference(opts: EmbeddedReferenceOptions = {}): LocalTargetFactory {
  if (opts.fault !== undefined && !isFaultId(opts.fault)) throw new TypeError(`unknown fault "${opts.fault}"`);
  const tuning: EmbeddedTuning = { maxWebhooks: opts.maxWebhooks, crcTimeoutMs: opts.crcTimeoutMs ?? EMBEDDED_CRC_TIMEOUT_MS };
  return async (o) => {
    const domains: EmbeddedPart[] = DOMAINS.map((d) => d.embedded(tuning));
    const controlToken = freshSecret();
    const host = await startReferenceHost({
      parts: domains.map((d) => d.part),
      host: '127.0.0.1',
      port: 0,
      testMode: true,
      controlToken,
      fault: opts.fault,
      resolve: o.resolve,
      trustCaPem: o.trustCaPem,
    });
    const sections = Object.assign({}, ...domains.map((d) => d.target(host.baseUrl))) as Record<string, unknown>;
    const besides: { sections: Record<string, unknown>; close(): Promise<void> }[] = [];
    const close = async () => {
      await Promise.allSettled(besides.map((b) => b.close()));
      await host.close();
    };
    try {
      for (const d of domains) if (d.beside) besides.push(await d.beside(opts.fault));
    } catch (e) {
      await close();
      throw e;
    }
    return {
      target: { name: 'embedded reference', ...sections, control: { baseUrl: host.controlBaseUrl, token: controlToken } },
      sections: Object.assign({}, ...besides.map((b) => b.sections)) as Record<string, unknown>,
      close,
    };
  };
}
