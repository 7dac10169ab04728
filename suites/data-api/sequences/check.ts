// WH-SEQ-001: random sequences of webhook steps checked against the model of the documented
// states after every step (fast-check model-based commands, seeded from the run seed, shrunk to
// the shortest failing sequence by the property machinery of harness/engine/property.ts). On a
// target with tenants each sequence runs on a tenant of its own, side by side with the others.
import fc from 'fast-check';
import { checkCases } from '../../../harness/engine/fixed-cases.ts';
import type { DataCheck, DataCtx } from '../api.ts';
import { short } from '../verdicts/http.ts';
import { holdReplays } from '../setup/replay.ts';
import { hook, listed } from '../setup/webhooks.ts';
import { SEQUENCE_SLOTS } from '../resources.ts';
import { besideClock, type Cmd, recreatedUrlReplay, recreatedUrlSequence, sequenceCommands } from './commands.ts';
import type { SeqModel, SeqReal, Slot } from './model.ts';

/** steps per sequence at most */
export const MAX_STEPS = 8;

/**
 * The app's webhooks besides a sequence's. On a target with tenants each sequence has an app of its
 * own: those it has (measured). Else, side by side (--concurrency) on an app of more webhook slots
 * than the sequence holds, rules that register webhooks of their own run beside it (the scheduler
 * lets them hold the other slots): at most that many, varying (`vary`). Else it runs alone: those
 * the app had before the rule.
 */
async function others(ctx: DataCtx): Promise<{ count?: number; vary: boolean }> {
  const max = ctx.api.maxWebhooks;
  if (ctx.tenantsOffered) return { vary: false };
  if (max !== undefined && max > SEQUENCE_SLOTS && ctx.s.lanes > 1) return { count: max - SEQUENCE_SLOTS, vary: true };
  return { count: (await listed(ctx)).length, vary: false };
}

/**
 * Each sequence starts with every slot registered (as far as the webhook limit allows), so that
 * few steps are idle. `preexisting`: the app's other webhooks (see `others`; each sequence removes
 * its own, and every step compares the list).
 */
async function setup(
  ctx: DataCtx,
  preexisting: number,
  othersVary: boolean,
  replays: boolean,
): Promise<{ model: SeqModel; real: SeqReal }> {
  const max = ctx.api.maxWebhooks;
  const slots: Slot[] = Array.from({ length: SEQUENCE_SLOTS }, (_, i) => ({
    name: 'ABCDEF'[i],
    hook: hook(ctx, 'correct'),
    crc: 'correct',
    seen: 0,
  }));
  // as many as the limit leaves room for; distinct URLs, so registered side by side (--concurrency),
  // and the target's clock read beside them; replay jobs held from the start (a replay step then
  // needs only its request and the release that completes the job, and holds again beside its last calls)
  const registered = max === undefined ? slots : slots.slice(0, Math.max(0, max - preexisting));
  const register = (s: Slot) => async () => {
    const res = await ctx.api.data.createWebhook(s.hook.url);
    const id = (res.body as { data?: { id?: unknown } } | undefined)?.data?.id;
    ctx.setup(res.status === 200 && typeof id === 'string', `registering callback ${s.name} for a sequence: ${short(res)}`);
    s.webhook = { id, valid: true, lastCrcHi: 0, attempts: [] };
  };
  // the registrations' CRCs happened before `hi` on the target's clock
  const { now, hi } = await besideClock(ctx, [...registered.map(register), ...(replays ? [() => holdReplays(ctx)] : [])]);
  for (const s of slots) {
    s.seen = ctx.receiver.lastSeq();
    if (s.webhook) s.webhook.lastCrcHi = hi;
  }
  const start = registered.length ? `start (${registered.map((s) => s.name).join(', ')} registered)` : 'start';
  return { model: { slots, preexisting, othersVary, max, now, log: [start], made: new Set() }, real: { ctx } };
}

export const sequenceChecks: Record<string, DataCheck> = {
  'WH-SEQ-001': async (ctx: DataCtx) => {
    // a replay step needs the job held until it is judged complete: without the hold (a sandbox's
    // control API), the sequences go without replay steps, and the rule says so
    const replays = ctx.has('control.replayHold');
    if (!replays)
      ctx.note(
        'replay steps were left out: the target cannot hold replay jobs (capabilities replayHold), so a replay could not be judged complete',
      );
    const commands = fc.commands(sequenceCommands(SEQUENCE_SLOTS, replays), { maxCommands: MAX_STEPS });
    // on a target with tenants each sequence has an app of its own (its clock, its webhook list) and
    // they run side by side; else one after another on the one app
    const besides = await others(ctx);
    const run = (cmds: Iterable<Cmd>, c: DataCtx) =>
      fc.asyncModelRun(async () => setup(c, besides.count ?? (await listed(c)).length, besides.vary, replays), cmds);
    // the fixed sequences first (a callback URL registered again; and then replayed, where replays
    // are tried), then as many random ones as --runs says; without tenants they run one after
    // another on the one app, by default fewer of them (ONE_APP_RUNS in harness/engine/options.ts)
    const fixed = replays ? [recreatedUrlSequence(), recreatedUrlReplay()] : [recreatedUrlSequence()];
    await checkCases(ctx, fixed, commands, run, {
      show: (cmds) => `[${String(cmds)}]`,
      ownTenant: true,
    });
  },
};
