// The embedded reference as a local target.
import { startReference, type FaultId } from '../../reference/index.ts';
import type { LocalTargetFactory } from './local-target.ts';

export const EMBEDDED_CRC_TIMEOUT_MS = 2500;

export function referenceWith(fault?: FaultId): LocalTargetFactory {
  return (o) => startReference({ ...o, testMode: true, crcTimeoutMs: EMBEDDED_CRC_TIMEOUT_MS, fault });
}

export const embeddedReference: LocalTargetFactory = referenceWith();
