// The kill matrix, shared by its two halves (two files, so that vitest runs them on both cores):
// the whole suite against the reference with one fault on. Every rule the fault names must fail;
// any other rule that fails must be in the fault's documented blast radius below.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../reference/embedded.ts';
import { FAULTS, type FaultId } from '../../reference/index.ts';
import { runLocal } from './run-local.ts';

/** Rules a fault fails besides those it names, and why that cannot be avoided. */
export const BLAST_RADIUS: Partial<Record<FaultId, { rules: string[] | 'any'; why: string }>> = {
  'crc-key-bearer': { rules: 'any', why: 'a correct CRC answer never passes, so no rule can register a webhook' },
  'event-form-encoded': { rules: ['WH-EVT-003'], why: 'the harness tells events apart by their JSON body' },
};

export function killMatrix(half: 0 | 1): void {
  const faults = FAULTS.filter((_, i) => i % 2 === half);
  describe.concurrent(`kill matrix (${half === 0 ? 'even' : 'odd'} faults): the whole suite against each fault`, () => {
    for (const fault of faults) {
      test(`${fault.id} is caught by ${fault.breaks.join(', ')}`, async () => {
        const out = await runLocal(`reference with fault ${fault.id}`, embeddedReference({ fault: fault.id }), { runs: 10 });
        const failed = out.report.rules.filter((r) => r.status === 'failed').map((r) => r.id);
        const missed = fault.breaks.filter((id) => !failed.includes(id));
        expect(missed, `${fault.description}: not caught by ${missed.join(', ')}`).toEqual([]);
        const radius = BLAST_RADIUS[fault.id]?.rules ?? [];
        if (radius !== 'any') {
          const beyond = failed.filter((id) => !fault.breaks.includes(id) && !radius.includes(id));
          expect(beyond, `${fault.id} also fails ${beyond.map((id) => `${id}: ${out.byId.get(id)?.reason}`).join(' | ')}`).toEqual([]);
        }
        const notCheckable = out.report.rules.filter((r) => r.status === 'not-checkable').map((r) => r.id);
        expect(notCheckable.every((id) => BLAST_RADIUS[fault.id] || !fault.breaks.includes(id))).toBe(true);
        expect(out.exitCode).toBe(1);
      });
    }
  });
}
