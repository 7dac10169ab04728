// Event delivery rules: JSON POSTs to valid webhooks only; after a failing CRC none until a later
// CRC passes, through sequences of CRCs (WH-LC-010).
import fc from 'fast-check';
import { inLanes } from '../../harness/domain/lanes.ts';
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import type { DataCheck, DataCtx } from './api.ts';
import { isCrc } from './crc.ts';
import { CRC_SEQUENCE_SLOTS } from './resources.ts';
import { findContained } from './verdicts/contain.ts';
import { postingUser } from './setup/activity.ts';
import { awaitIds, makeEvent, ownPostsAfter, sendEvents } from './setup/events.ts';
import { findListed, hourlyCrc, makeInvalid, reEnable, registerValid } from './setup/webhooks.ts';

/** One step of a CRC sequence: how the callback answers, and what runs the CRC. */
interface CrcStep {
  answer: 'correct' | 'wrong-key';
  via: 'hourly' | 'put';
}

const crcStep: fc.Arbitrary<CrcStep> = fc.record({
  answer: fc.constantFrom('correct' as const, 'wrong-key' as const),
  via: fc.constantFrom('hourly' as const, 'put' as const),
});

/**
 * Sequences of CRCs on one webhook: each starts with a failing hourly CRC and ends with a passing
 * one, random steps between (hourly or PUT, passing or failing).
 */
const crcSequence: fc.Arbitrary<CrcStep[]> = fc
  .array(crcStep, { minLength: 0, maxLength: 3 })
  .map((middle) => [{ answer: 'wrong-key', via: 'hourly' } as CrcStep, ...middle, { answer: 'correct', via: 'hourly' } as CrcStep]);

const FAIL_HOURLY: CrcStep = { answer: 'wrong-key', via: 'hourly' };
const PASS_HOURLY: CrcStep = { answer: 'correct', via: 'hourly' };

const PASS_PUT: CrcStep = { answer: 'correct', via: 'put' };
const FAIL_PUT: CrcStep = { answer: 'wrong-key', via: 'put' };

/**
 * in every run: a passing hourly CRC after a failing one; a passing PUT on the invalid webhook, then a
 * failing hourly CRC on the valid one; and a failing PUT on the valid webhook
 */
const FIXED_SEQUENCES: CrcStep[][] = [
  [FAIL_HOURLY, PASS_HOURLY],
  [FAIL_HOURLY, PASS_PUT, FAIL_HOURLY, PASS_HOURLY],
  [FAIL_HOURLY, PASS_PUT, FAIL_PUT, PASS_HOURLY],
];

/**
 * Whether a step's CRC failed without reaching the callback: the hourly CRC of a webhook that was
 * valid (so due one: the step moves the clock an hour past its last CRC) never arrived, and the
 * target lists the webhook invalid. Only a failed CRC makes it so; one that was not sent leaves it valid.
 */
const lostOnTheWay = (step: CrcStep, reached: boolean, wasValid: boolean, shown: unknown): boolean =>
  step.via === 'hourly' && !reached && wasValid && shown === false;

const showSteps = (steps: CrcStep[]) => steps.map((s) => `${s.via} ${s.answer === 'correct' ? 'pass' : 'fail'}`).join(' → ');

/**
 * One sequence: after each step the webhook is valid, and receives a fresh event, exactly when the
 * last CRC that reached the callback was answered correctly (CRC rules 3: a webhook that fails a
 * CRC receives no events until a later CRC passes; Webhook config: valid "true while the callback
 * passes the CRC"). Whether the hourly CRC checks an invalid webhook at all is open: when none
 * reaches the callback, nothing passed, and the webhook stays invalid. An hourly CRC due on a valid
 * webhook that never reached the callback may have failed on the way (`lostOnTheWay`).
 */
async function crcSequenceCase(ctx: DataCtx, steps: CrcStep[]): Promise<void> {
  const { hook: h, id } = await registerValid(ctx);
  let valid = true;
  const done: string[] = [];
  for (const step of steps) {
    h.setCrc(step.answer);
    const mark = ctx.receiver.lastSeq();
    if (step.via === 'hourly') await hourlyCrc(ctx);
    else await ctx.api.data.putWebhook(id);
    const crcs = h.crcRequests().filter((r) => r.seq > mark && isCrc(r));
    if (step.via === 'put') ctx.setup(crcs.length > 0, 'PUT /2/webhooks/:webhook_id sent no CRC to the callback (see WH-CRC-003)');
    const reached = crcs.length > 0;
    if (reached) valid = step.answer === 'correct';
    done.push(`${step.via} CRC ${reached ? (step.answer === 'correct' ? 'passed' : 'failed') : 'not received'}`);
    const at = `after ${done.join(' → ')}`;
    const before = ctx.receiver.lastSeq();
    const e = makeEvent('crc-seq');
    // the list and a fresh event side by side (--concurrency): only a CRC changes the valid flag, and
    // none runs meanwhile (no step acts; the shared clock moves only while every case waits for it)
    const [w] = await inLanes([() => findListed(ctx, { id }), async () => void (await sendEvents(ctx, e))], (call) => call());
    if (lostOnTheWay(step, reached, valid, w?.valid)) {
      // the hourly CRC a valid webhook is due never reached its callback: lost on the way, or answered
      // too late for the target, it failed like any other (as WH-SEQ-001 takes it)
      ctx.observe('an hourly CRC due on a valid webhook that never reached its callback', `${at}: the target lists the webhook invalid`);
      valid = false;
    }
    ctx.check(w?.valid === valid, `${at}: GET /2/webhooks shows ${JSON.stringify(w)}, valid must be ${valid}`);
    await awaitIds(ctx, h, before, valid ? [e.id] : [], { complete: true, settleMs: 50 });
    // an event POST whose id cannot be read (not JSON: WH-EVT-001's concern) counts as this event
    const delivered = ownPostsAfter(h, before, [e.id]).length > 0;
    ctx.check(
      delivered === valid,
      valid ? `${at}: the webhook is valid again, yet the event did not reach it` : `${at}: the invalid webhook received an event`,
    );
  }
}

export const eventChecks: Record<string, DataCheck> = {
  'WH-EVT-001': async (ctx: DataCtx) => {
    const { hook: h } = await registerValid(ctx);
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('json');
    await sendEvents(ctx, e);
    await awaitIds(ctx, h, mark, [e.id], { complete: true });
    const posts = ownPostsAfter(h, mark, [e.id]);
    ctx.check(posts.length > 0, 'the event did not reach the valid webhook as a POST');
    for (const p of posts) {
      // the document says "JSON bodies" and names no content type: observed, not asserted
      ctx.observe('content-type of event POSTs', p.headers['content-type'] ?? '(none)');
      let body: unknown;
      try {
        body = JSON.parse(p.rawBody.toString('utf8'));
      } catch {
        ctx.fail(`event POST ${p.seq} body is not JSON: ${p.rawBody.toString('utf8').slice(0, 200)}`);
      }
      // the payload structure is not shown: the body must carry the payload given (itself, or wrapped, members added)
      const at = findContained(body, e.payload);
      ctx.check(at !== undefined, `event POST ${p.seq} body does not carry the event payload: ${JSON.stringify(body).slice(0, 200)}`);
      if (at) ctx.observe('event POST body', `the payload wrapped, at ${at}`);
    }
  },

  'WH-EVT-002': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const posting = await postingUser(ctx, h);
    await makeInvalid(ctx, h, id, { keepFailing: true });
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('to-invalid');
    await sendEvents(ctx, e);
    await new Promise((r) => setTimeout(r, 200));
    const got = ownPostsAfter(h, mark, [e.id]);
    ctx.check(got.length === 0, `the invalid webhook received ${got.length} event POST(s)`);
    await posting?.('the invalid webhook');
  },

  // each sequence has a webhook of its own and moves the clock (hourly CRCs): on a tenant of its own
  // where the target offers them, as many at once as --concurrency; else side by side on the shared
  // clock (each hourly step waits for "its now + an hour", harness/engine/shared-clock.ts), as many
  // at once as the app's webhook slots the rule holds; an event reaches every valid webhook, and
  // each case judges its own by its id
  'WH-LC-010': (ctx: DataCtx) =>
    checkCases(ctx, FIXED_SEQUENCES, crcSequence, (steps, c: DataCtx) => crcSequenceCase(c, steps), {
      show: showSteps,
      ownTenant: true,
      independent: true,
      ...(ctx.tenantsOffered ? {} : { lanes: Math.min(CRC_SEQUENCE_SLOTS, ctx.api.maxWebhooks ?? 1) }),
    }),

  'WH-EVT-003': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    await makeInvalid(ctx, h, id);
    await reEnable(ctx, id);
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('re-enabled');
    await sendEvents(ctx, e);
    const got = await awaitIds(ctx, h, mark, [e.id], { complete: true });
    ctx.check(got.has(e.id), 'the re-enabled webhook did not receive the event');
  },
};
