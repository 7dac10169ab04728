// In-memory state of the one application the reference serves. Everything here is dropped by
// POST /__control/reset; id counters keep counting so ids are never reused.

import { ActivityState } from './activity/state.ts';

export interface Webhook {
  /** decimal digits, 1 to 19 */
  id: string;
  url: string;
  valid: boolean;
  /** epoch ms, virtual clock */
  createdAt: number;
  /** epoch ms of the last CRC (virtual clock); the hourly CRC re-checks when it is 3600 s old */
  lastCrcAt: number;
  /** true once the webhook has been marked invalid at least once */
  everInvalid: boolean;
  /** which CRC set `valid` last (absent: the registration CRC) */
  lastCrcBy?: 'put' | 'hourly';
}

/** One delivery attempt of one event to one webhook: what replay jobs re-deliver. */
export interface DeliveryAttempt {
  eventId: string;
  webhookId: string;
  /** epoch ms, virtual clock: the time the event was recorded */
  at: number;
  rawBody: Buffer;
  contentType: string;
  /** the callback's HTTP status, or 'error' when it could not be reached */
  status: number | 'error';
}

export interface RecordedEvent {
  id: string;
  kind: string;
  payload: unknown;
  at: number;
}

export type JobState = 'pending' | 'running' | 'done' | 'cancelled';

export interface ReplayJob {
  id: string;
  /** the webhook_id the job was asked for */
  webhookId: string;
  createdAt: number;
  state: JobState;
  /** what the job will re-deliver, chosen when it is created */
  items: { url: string; attempt: DeliveryAttempt }[];
  /** index of the next item to deliver (a hold pauses a running job between deliveries) */
  cursor: number;
  /** settles when the job is done or cancelled */
  finished: Promise<void>;
  settle: () => void;
}

export type JsonObject = Record<string, unknown>;

export class AppState {
  /** bumped by reset, so work started before a reset does not write into the new state */
  generation = 0;
  webhooks: Webhook[] = [];
  /** deleted webhooks that GET /2/webhooks still shows (the delete-keeps faults only) */
  ghosts: Webhook[] = [];
  /** webhooks deleted since the last reset (read only by the delete-* faults) */
  deleted: Webhook[] = [];
  /** webhooks deleted while the app was at its limit (read only by the delete-slot-held fault) */
  slotsHeld = 0;
  attempts: DeliveryAttempt[] = [];
  events: RecordedEvent[] = [];
  jobs: ReplayJob[] = [];
  /** replay jobs answered since the last reset (read only by the replay-job-created-at-every-second fault) */
  jobsAnswered = 0;
  replayHold = false;
  posts = new Map<string, JsonObject>();
  users = new Map<string, JsonObject>();
  media = new Map<string, JsonObject>();
  /** subscriptions, connections, spaces and posts of the app's users (TARGET-CONTRACT §3b) */
  activity = new ActivityState();

  #nextWebhookId = 1_460_000_000_000_000_001n;
  /** the counter of the webhook-ids-small choice */
  #nextSmallWebhookId = 1n;
  #nextJobId = 1_870_000_000_000_000_001n;

  /** a fresh webhook id: 19 digits, or under the webhook-ids-small choice 1, 2, 3, … (never reused either way) */
  newWebhookId(small = false): string {
    return small ? String(this.#nextSmallWebhookId++) : String(this.#nextWebhookId++);
  }

  newJobId(): string {
    return String(this.#nextJobId++);
  }

  findWebhook(id: string): Webhook | undefined {
    return this.webhooks.find((w) => w.id === id);
  }

  /** cancels every job and drops all state */
  reset(): void {
    this.generation++;
    for (const job of this.jobs) cancelJob(job);
    this.webhooks = [];
    this.ghosts = [];
    this.deleted = [];
    this.slotsHeld = 0;
    this.attempts = [];
    this.events = [];
    this.jobs = [];
    this.jobsAnswered = 0;
    this.replayHold = false;
    this.posts.clear();
    this.users.clear();
    this.media.clear();
    this.activity.reset();
  }
}

export function cancelJob(job: ReplayJob): void {
  if (job.state === 'pending' || job.state === 'running') {
    job.state = 'cancelled';
    job.settle();
  }
}

/** The integer parseInt(s, 10) would read, as a digit string without leading zeros (exact for any
 *  length, unlike parseInt); undefined when parseInt gives NaN or a negative number. Used by the lax-id faults. */
export function laxIntegerDigits(s: string): string | undefined {
  const m = /^[\s\uFEFF\xA0]*([+-]?)(\d+)/.exec(s);
  if (!m || m[1] === '-') return undefined;
  return m[2].replace(/^0+(?=\d)/, '');
}
