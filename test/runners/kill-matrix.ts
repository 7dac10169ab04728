// The kill matrix, shared by its two halves (two files, so that vitest runs them on both cores):
// the whole suite against the reference with one fault on. Every rule the fault names must fail;
// any other rule that fails must be in the fault's documented blast radius below. Each fault's
// run takes its rules side by side (--concurrency 4), but for the few whose effect outlives a rule.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../domains/reference.ts';
import { FAULTS } from '../../domains/reference.ts';
import { DOMAINS } from '../../domains/registry.ts';
import { runLocal } from './run-local.ts';

/** Rules a fault fails besides those it names, and why that cannot be avoided. */
export const BLAST_RADIUS: Partial<Record<string, { rules: string[] | 'any'; why: string }>> = {
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

/**
 * Rules side by side (--concurrency above 1) share one reset, before the first: a fault whose effect
 * outlives the rule that meets it then also disturbs the rules after it. These faults run one rule at
 * a time, where the reset before each rule confines them to the rule they break; every other fault
 * runs KILL_CONCURRENCY rules at once (default 4), as a user's concurrent run would meet it.
 */
const ONE_AT_A_TIME: Record<string, string> = {
  'delete-keeps': 'DELETE leaves the webhook in place: it fills the slots of the rules after',
  'delete-slot-held': 'a deleted webhook keeps its slot: the app stays at its limit for the rules after',
  'delete-invalid-refused': 'an invalid webhook cannot be deleted: it stays, and holds a slot',
  'crc-fail-still-creates': 'a webhook whose CRC failed is created anyway, unseen by the run: it holds a slot',
  'replay-wall-clock': "replay windows read the wall clock, and earlier rules moved the target's clock on",
  'cat-prd-catalog-delete-kept': "a deleted catalog stays: the user's one catalog is taken for the rules after",
};
const CONCURRENCY = Number(process.env.KILL_CONCURRENCY ?? 4);

export function killMatrix(half: 0 | 1): void {
  const faults = FAULTS.filter((_, i) => i % 2 === half);
  test('the faults run one rule at a time are faults of the catalogue', () => {
    for (const id of Object.keys(ONE_AT_A_TIME))
      expect(
        FAULTS.some((f) => f.id === id),
        id,
      ).toBe(true);
  });
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
        const out = await runLocal(`reference with fault ${fault.id}`, embeddedReference({ fault: fault.id }), {
          runs: 10,
          suites,
          concurrency: ONE_AT_A_TIME[fault.id] ? 1 : CONCURRENCY,
        });
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
