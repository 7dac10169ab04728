// The shared resources Data API rules hold, so that a scheduler can keep rules that would
// disturb each other apart (see Hold in harness/model/rule.ts).
import type { ResourceDef } from '../../harness/domain/types.ts';
import {
  CLOCK_ANY_LATER,
  CLOCK_EXACT_STEPS,
  CLOCK_PASSING,
  exclusive,
  type Hold,
  pooled,
  shared,
  TARGET_CLOCK,
} from '../../harness/model/rule.ts';

export const DATA_API_RESOURCES: ResourceDef[] = [
  {
    id: 'data-api.webhooks',
    description:
      "the app's webhook slots (limits.maxWebhooks): a rule that adds its own webhooks takes as many slots as it holds at once; exclusive when it fills the slots or reads the whole list",
    pooled: true,
    perTenant: true,
  },
  {
    id: 'data-api.events',
    description:
      'events made through the control API reach every valid webhook of the app: shared by rules that judge only the events they made (by id), exclusive for the model-based sequences',
    perTenant: true,
  },
  {
    id: 'data-api.activity',
    description:
      "the events of a subscribed user's actions (TARGET-CONTRACT §3b), which reach every valid webhook of the app with ids the target makes: the rules that judge them hold them alone (and leave the control API's events, known by id, alone)",
    perTenant: true,
  },
  {
    id: 'data-api.replay',
    description:
      'replay jobs of the app: one in progress at a time (the conflict rule), and the replay hold; exclusive for a rule that starts or holds jobs, shared by rules whose replay requests must all be refused',
    perTenant: true,
  },
  {
    id: 'data-api.posts',
    description: 'the posts GET /2/tweets serves: seeded through the control API, or named by fixtures',
    perTenant: true,
  },
  {
    id: 'data-api.calls',
    description:
      "the run's record of its calls to the Data API (every failed call, every replay job answered): every Data API rule adds to it; the rules that judge the whole record hold it late, after every other has ended, each judging it without the calls of the other judges",
  },
  {
    id: 'data-api.connections',
    description:
      "the app's streaming connections (TARGET-CONTRACT §3b stream.connect): the rules that list or end them hold them alone, on a tenant of their own",
    perTenant: true,
  },
  {
    id: 'data-api.subscriptions',
    description:
      "the app's activity subscriptions (POST /2/activity/subscriptions): the document gives no way to remove one, so the rules that make them do so on a tenant of their own",
    perTenant: true,
  },
  {
    id: 'data-api.redelivery',
    description:
      "the replay re-delivery scenarios: the window scenario RP-DEL-001, -002, -003, -005 and RP-OBS-001 judge (one webhook, made once, by the first of them to run), and RP-DEL-004's (two webhooks): one at a time, so that no rule waits in a lane for another to make the first, and RP-DEL-004, which no other rule waits for, starts once it is made instead of after every rule that some rule waits for",
  },
];

export const WEBHOOK_SLOTS = 'data-api.webhooks';

export const RECEIVER: Hold = shared('receiver');
/** one webhook slot of the app */
export const WEBHOOKS: Hold = pooled('data-api.webhooks', 1);
/** two webhook slots at once */
export const TWO_WEBHOOKS: Hold = pooled('data-api.webhooks', 2);
export const ALL_WEBHOOKS: Hold = exclusive('data-api.webhooks');
/** the target's clock held alone (the engine's resource): the model-based sequences' hourly CRCs and windows */
export const CLOCK: Hold = TARGET_CLOCK;
/**
 * the target's clock, shared by rules that only need time to pass: each moves it on by waiting for
 * "its now + Δ" (harness/engine/shared-clock.ts), and sees it still between two of its own steps
 */
export const PASSING: Hold = CLOCK_PASSING;
/**
 * the shared clock waited on in exact steps (the replay windows' minutes, the window scenario's
 * times): no rule waiting for any later time beside it (CLOCK_EXACT_STEPS in harness/model/rule.ts)
 */
export const CLOCK_STEPS: Hold[] = [PASSING, CLOCK_EXACT_STEPS];
/** the shared clock waited on by the hour, any later time as good (the hourly CRC): one move serves every such rule */
export const CLOCK_HOURS: Hold[] = [PASSING, CLOCK_ANY_LATER];
/** the events made through the control API, held alone (the model-based sequences) */
export const EVENTS: Hold = exclusive('data-api.events');
/** what a subscribed user's actions give, judged by what arrives after each action: one rule at a time */
export const ACTIVITY: Hold = exclusive('data-api.activity');
/**
 * events the rule makes through the control API and judges by their ids alone (ownPostsAfter,
 * awaitIds): such rules make events side by side, each ignoring the others' at its webhooks; on a
 * target with tenants, each on a tenant of its own (with the webhook slots of its own app)
 */
export const OWN_EVENTS: Hold = { ...shared('data-api.events'), ownTenant: true };
export const REPLAY: Hold = exclusive('data-api.replay');
/**
 * replay requests that must all be refused: they start no job, so rules that send only those share
 * the replay jobs (a conflict answer, which only a job that should not exist can cause, is waited out)
 */
export const REPLAY_REFUSED: Hold = shared('data-api.replay');
export const POSTS: Hold = exclusive('data-api.posts');
/** the run's record of its Data API calls: every Data API rule adds to it (api.ts, CallRecord) */
export const CALLS: Hold = shared('data-api.calls');
/**
 * the record judged as a whole (every failed call of the run, every replay job): after every rule
 * that adds to it has ended, whatever the catalogue order, the concurrency or the rules picked. The
 * judges share it: each judges it without the others' calls (CallRecord.seenBy), so that no judge's
 * verdict depends on how far another had got
 */
export const CALLS_JUDGED: Hold = { ...shared('data-api.calls'), late: true };
/**
 * the webhooks of a judge of the run's record (ERR-001..003: a failing call of its own beside its
 * webhook): on a target with tenants on a tenant of its own, so that the judges go side by side
 */
export const JUDGE_WEBHOOKS: Hold = { ...WEBHOOKS, ownTenant: true };
/**
 * the replay re-delivery scenarios: the window scenario several replay rules judge (on tenants they
 * would otherwise run side by side, all but one waiting for it), and RP-DEL-004's, after it
 */
export const REDELIVERY: Hold = exclusive('data-api.redelivery');
/** activity subscriptions made (on a tenant of the rule's own: none can be removed) */
export const SUBSCRIPTIONS: Hold = shared('data-api.subscriptions');
/** the app's streaming connections, listed and ended as a whole */
export const CONNECTIONS: Hold = exclusive('data-api.connections');

/** the callback URLs each sequence of WH-SEQ-001 registers, deletes and registers again */
export const SEQUENCE_SLOTS = 2;
/**
 * WH-SEQ-001's webhook slots: one per callback URL of a sequence. Its other holds keep every rule
 * that moves the clock, makes events or replays away; what runs beside it (on an app of more slots)
 * only registers, changes and deletes webhooks of its own, and the sequence judges its own webhooks
 */
export const SEQUENCE_WEBHOOKS: Hold = pooled('data-api.webhooks', SEQUENCE_SLOTS);

/** the app's webhook slots WH-LC-010 holds: its CRC sequences side by side without tenants, each with a webhook of its own */
export const CRC_SEQUENCE_SLOTS = 3;
export const CRC_SEQUENCES: Hold = pooled('data-api.webhooks', CRC_SEQUENCE_SLOTS);
