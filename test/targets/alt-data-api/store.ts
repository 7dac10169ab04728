// In-memory state of one app on the alt target. A reset replaces the whole State object;
// work still in flight keeps a reference to the old one and sees `dead`.

export type Rec = Record<string, unknown>;

export interface Webhook {
  id: string;
  url: string; // as registered
  key: string; // normalised URL, for the duplicate check
  valid: boolean;
  createdAt: string;
  lastCrcMs: number; // target clock, start of the last CRC
  crcSeq: number; // newest CRC wins when several overlap
}

export interface EventRecord {
  id: string;
  kind: string;
  payload: unknown;
  atMs: number;
  seq: number;
}
export interface Attempt {
  event: EventRecord;
  webhookId: string;
}

export interface ReplayJob {
  id: string;
  webhookId: string;
  createdAt: string;
  items: EventRecord[];
  timer?: NodeJS.Timeout;
  started: boolean;
  done?: Promise<void>;
}

export interface State {
  dead: boolean;
  offsetMs: number;
  webhooks: Map<string, Webhook>;
  pendingKeys: Set<string>; // registrations whose CRC is still running
  events: EventRecord[];
  attempts: Attempt[];
  jobs: Map<string, ReplayJob>; // in-progress jobs by webhook id (conflict is per webhook)
  held: boolean;
  waiters: Array<() => void>;
  posts: Map<string, Rec>;
  users: Map<string, Rec>;
  media: Map<string, Rec>;
}

export function newState(): State {
  return {
    dead: false,
    offsetMs: 0,
    webhooks: new Map(),
    pendingKeys: new Set(),
    events: [],
    attempts: [],
    jobs: new Map(),
    held: false,
    waiters: [],
    posts: new Map(),
    users: new Map(),
    media: new Map(),
  };
}

/** Ends a state: cancels job timers and wakes everything waiting on the replay hold. */
export function killState(st: State): void {
  st.dead = true;
  for (const j of st.jobs.values()) if (j.timer) clearTimeout(j.timer);
  openGate(st);
}

export function nowMs(st: State): number {
  return Date.now() + st.offsetMs;
}
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Resolves at once unless replay delivery is held. */
export function gate(st: State): Promise<void> {
  if (!st.held || st.dead) return Promise.resolve();
  return new Promise((r) => st.waiters.push(r));
}
export function openGate(st: State): void {
  st.held = false;
  const w = st.waiters;
  st.waiters = [];
  for (const r of w) r();
}

// Snowflake-like ids: milliseconds since 2010-11-04 shifted left 22 bits, plus a counter.
const EPOCH = 1288834974657n;
let counter = 0n;
let lastMs = 0n;
export function newId(): string {
  let ms = BigInt(Date.now()) - EPOCH;
  if (ms <= lastMs) ms = lastMs;
  else counter = 0n;
  lastMs = ms;
  counter = (counter + 1n) & 0x3fffffn;
  if (counter === 0n) lastMs = ++ms;
  let v = (ms << 22n) | counter;
  if (v < 10n ** 18n) v += 10n ** 18n; // always 19 digits
  return v.toString();
}
