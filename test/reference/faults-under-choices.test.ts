// A fault must be caught under each reading of the open points it meets, not only under the
// reference's default one: the kill matrix runs each fault with the default choices. Here, the
// pairs where a kill was found to depend on a choice: each rule passes the reference under the
// choice and fails with the fault on. (RP-DEL-007's first window held its event only where to_date
// is inclusive; the conflict-first choice answered the conflict before these faults could act; the
// example consumer's queue dropped what consumer-dedup-before-verify remembered; the ignored pay_by
// change hid ads-li-pay-by-any-objective; the media ads-mc-media-optional fell back on was PREROLL,
// which the choice refuses on a WEBSITE_CLICKS line item; an account holding no feature showed no filter; CAT-PRD-023 tried its unlisted operator with
// a price value that a target wanting plain numbers refuses for that alone.)
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../domains/reference.ts';
import { runLocal } from '../runners/run-local.ts';

const PAIRS: readonly { fault: string; choice: string; rule: string }[] = [
  { fault: 'replay-to-invalid', choice: 'replay-to-date-exclusive', rule: 'RP-DEL-007' },
  { fault: 'conflict-as-invalid-request', choice: 'replay-conflict-first', rule: 'RP-CONF-001' },
  { fault: 'conflict-still-queues', choice: 'replay-conflict-first', rule: 'RP-CONF-002' },
  { fault: 'consumer-dedup-before-verify', choice: 'consumer-acts-later', rule: 'CON-EVT-001' },
  { fault: 'ads-li-pay-by-any-objective', choice: 'line-item-pay-by-change-ignored', rule: 'ADS-LI-006' },
  { fault: 'ads-mc-media-optional', choice: 'media-creative-preroll-needs-preroll-views', rule: 'ADS-MC-001' },
  { fault: 'cat-prd-filter-operator-any', choice: 'prd-filter-price-number', rule: 'CAT-PRD-023' },
  // an account holding no feature answers [] whatever feature_keys asks: ADS-FEAT-001 grants one on a sandbox account first
  { fault: 'ads-features-filter-ignored', choice: 'ads-fixture-account-without-features', rule: 'ADS-FEAT-001' },
  // a card made without an unlock image serving its URL member as null: the unlock image's URL is still told apart
  { fault: 'cat-icc-unlock-url-missing', choice: 'icc-unlock-url-null', rule: 'CAT-ICC-015' },
  { fault: 'cat-icc-unlock-key-served', choice: 'icc-unlock-url-null', rule: 'CAT-ICC-015' },
  // a video card serving no URL for its unlock image: the rule sees the name known by a refusal, and its key served back still fails
  { fault: 'cat-vcc-unlock-key-served', choice: 'vcc-unlock-url-absent', rule: 'CAT-VCC-006' },
  { fault: 'cat-vcc-unlock-key-in-all', choice: 'vcc-unlock-url-absent', rule: 'CAT-VCC-006' },
];

const statusOf = async (rule: string, fault: string | undefined, choices: string[]) => {
  const out = await runLocal('reference', embeddedReference({ fault, choices }), { rules: [rule] });
  return out.byId.get(rule)?.status;
};

describe('faults caught under the choices they meet', () => {
  test.each(PAIRS)('$rule: passes under $choice, fails with $fault', async ({ fault, choice, rule }) => {
    expect(await statusOf(rule, undefined, [choice])).toBe('passed');
    expect(await statusOf(rule, fault, [choice])).toBe('failed');
  });

  // where a choice leaves a rule nothing to examine, it says so instead of passing: an app that acts
  // on no kind whose real payload carries the event's time cannot be sent an old event
  test('CON-EVT-003 under consumer-kinds-subset (no posts): not checkable, with or without consumer-replay-dropped', async () => {
    expect(await statusOf('CON-EVT-003', undefined, ['consumer-kinds-subset'])).toBe('not-checkable');
    expect(await statusOf('CON-EVT-003', 'consumer-replay-dropped', ['consumer-kinds-subset'])).toBe('not-checkable');
  });
});
