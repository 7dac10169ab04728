// The kill matrix, shared by its two halves (two files, so that vitest runs them on both cores):
// the whole suite against the reference with one fault on. Every rule the fault names must fail;
// any other rule that fails must be in the fault's documented blast radius below.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../reference/embedded.ts';
import { FAULTS, type FaultId } from '../../reference/index.ts';
import { DOMAINS } from '../../domains/registry.ts';
import { runLocal } from './run-local.ts';

/** Rules a fault fails besides those it names, and why that cannot be avoided. */
export const BLAST_RADIUS: Partial<Record<FaultId, { rules: string[] | 'any'; why: string }>> = {
  'crc-key-bearer': { rules: 'any', why: 'a correct CRC answer never passes, so no rule can register a webhook' },
  'event-form-encoded': { rules: ['WH-EVT-003', 'WH-SEQ-001'], why: 'the harness tells events apart by their JSON body' },
  'tweets-ids-first-only': { rules: ['FS-001'], why: 'FS-001 looks every known post up in one request' },
  ...Object.fromEntries(
    (['ads-single-as-array', 'ads-last-page-no-cursor', 'ads-total-count-always'] as const).map((id) => [
      id,
      {
        rules: 'any' as const,
        why: 'the envelope is part of every answer: each rule that validates an answer against schemas/ads (envelope and record) meets this deviation too',
      },
    ]),
  ),
  'ads-with-deleted-false-as-true': {
    rules: ['ADS-CMP-016'],
    why: 'the model-based campaign sequences (ADS-CMP-016) list campaigns with with_deleted=false too, and any with_deleted deviation on campaigns shows there',
  },
  ...Object.fromEntries(
    (
      [
        'ads-campaign-name-optional',
        'ads-campaign-name-256',
        'ads-campaign-po-51',
        'ads-campaign-daily-above-total',
        'ads-campaign-budget-rounded',
        'ads-campaign-optimization-unchecked',
        'ads-campaign-default-paused',
        'ads-campaign-paused-answer-active',
        'ads-campaign-put-draft',
        'ads-campaign-standard-delivery-unchecked',
        'ads-campaign-list-drafts',
        'ads-campaign-delete-repeat-ok',
        'ads-campaign-put-clears-po',
      ] as const
    ).map((id) => [
      id,
      {
        rules: ['ADS-CMP-016'],
        why: 'the model-based campaign sequences (ADS-CMP-016) create, update, delete and list campaigns with valid and one-rule-broken parameters: a sequence may meet this deviation too',
      },
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        'delete-keeps-url',
        'delete-keeps-calling',
        'delete-slot-held',
        'delete-invalid-refused',
        'deliver-after-hourly-fail',
        'hourly-crc-skips-passed',
      ] as const
    ).map((id) => [id, { rules: ['WH-SEQ-001'], why: 'the model-based sequences (WH-SEQ-001) check DELETE and the hourly CRC too' }]),
  ),
  ...Object.fromEntries(
    (
      [
        'crc-accept-any-sha256',
        'crc-accept-missing-prefix',
        'crc-fail-still-creates',
        'crc-fail-wrong-reason',
        'put-skips-crc',
        'no-hourly-crc',
        'deliver-to-invalid',
        'no-reenable-events',
        'delete-keeps',
        'put-fail-keeps-valid',
        'put-no-reenable',
        'put-answers-attempted',
        'hourly-fail-keeps-valid',
        'allow-duplicate-url',
        'no-webhook-limit',
        'replay-window-12h',
        'replay-delivers-nothing',
        'replay-from-exclusive',
        'replay-ignores-window',
        'replay-all-webhooks',
        'replay-log-12h',
      ] as const
    ).map((id) => [
      id,
      {
        rules: ['WH-SEQ-001'],
        why: 'the model-based sequences (WH-SEQ-001) walk every state transition, event and replay: a sequence may meet this deviation too',
      },
    ]),
  ),
  'replay-ignores-window': {
    rules: ['WH-SEQ-001', 'RP-CONF-002'],
    why: 'RP-CONF-002 tells the refused request apart by the events of its window, which a window-blind job re-delivers anyway',
  },
};

export function killMatrix(half: 0 | 1): void {
  const faults = FAULTS.filter((_, i) => i % 2 === half);
  describe.concurrent(`kill matrix (${half === 0 ? 'even' : 'odd'} faults): the whole suite against each fault`, () => {
    for (const fault of faults) {
      test(`${fault.id} is caught by ${fault.breaks.join(', ')}`, async () => {
        // each fault against its own document's rules (its domain's suites)
        const suites =
          fault.suite !== undefined
            ? [fault.suite]
            : DOMAINS.find((d) => d.name === fault.domain)
                ?.suites.filter((x) => x.rules.length > 0)
                .map((x) => x.name);
        const out = await runLocal(`reference with fault ${fault.id}`, embeddedReference({ fault: fault.id }), { runs: 10, suites });
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
