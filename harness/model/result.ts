// One result type for every rule, and the evidence and observations a run gathers.

/**
 * passed: the rule examined the behaviour it names and the target did it.
 * failed: the target broke the rule. error: the rule's own setup failed or the target broke off
 * (not a verdict; it keeps the run from passing). not-checkable: the target offers no way to
 * check it, or the rule examined nothing. waived: a known failure. observed: an OBSERVE rule
 * recorded what the target does. not-run: the run ended (interrupt, deadline, lost target)
 * before the rule started.
 */
export type RuleStatus = 'passed' | 'failed' | 'error' | 'not-checkable' | 'waived' | 'observed' | 'not-run';

export interface HttpExchange {
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body?: unknown;
  };
  response?: {
    status: number;
    headers: Record<string, string>;
    body?: unknown;
    /** body exactly as received, when it was not JSON */
    text?: string;
  };
  /** network error when there is no response */
  error?: string;
  /** a call that looked on (the control API, a probe) rather than the exchange under test */
  aside?: boolean;
  /** milliseconds */
  durationMs?: number;
}

/** A request the callback receiver got from the target. */
export interface InboundEvidence {
  inbound: {
    at: string;
    method: string;
    url: string;
    headers: Record<string, string>;
    body?: string;
    signature?: { header?: string; valid: boolean };
    answered?: number | 'held';
  };
}

export type Evidence = HttpExchange | InboundEvidence | { note: string };

/** the note that stands for `n` exchanges long evidence left out (harness/engine/trim-evidence.ts) */
export const omittedNote = (n: number): { note: string } => ({ note: `${n} further exchanges omitted` });

/** whether a note is one of omittedNote's: a count, not what a verdict rests on */
export const isOmittedNote = (note: string): boolean => /^\d+ further exchanges omitted$/.test(note);

export interface Observation {
  /** what was looked at, e.g. "status code for a refused registration" */
  topic: string;
  /** what the target did */
  seen: string;
  ruleId?: string;
}

export interface RuleResult {
  id: string;
  title: string;
  source: string;
  /** the same source, structured: document, section heading path, item */
  where?: { doc: string; section: string; item: string };
  level: 'MUST' | 'OBSERVE';
  suite: string;
  area: string;
  status: RuleStatus;
  /** why it failed, why it could not be checked, or why it is waived */
  reason?: string;
  /** property runs: seed, runs, shrunk counterexample and the command that reproduces it */
  property?: { seed: number; runs: number; oneApp?: boolean; counterexample?: string; reproduce?: string };
  evidence: Evidence[];
  /**
   * in compliance.json, for a rule that neither failed nor ended in error (unless the run kept all
   * evidence): how many evidence items it had, and a line for each of the first few
   */
  evidenceDigest?: { items: number; lines: string[] };
  /** when the rule started (ISO 8601); absent for rules that did not run */
  startedAt?: string;
  durationMs: number;
  /** how many HTTP exchanges the rule made (evidence may keep fewer) */
  exchanges?: number;
  /** the longest run of those exchanges that had to wait one for another: the rule's critical path on a slow network */
  chain?: number;
  /** how many assertions about the target's behaviour the check made */
  examined?: number;
  /** the waiver that made a failure `waived`: its note and expiry */
  waiver?: { note: string; expires?: string };
  /**
   * a failed rule: a curl command that repeats the exchange its failure is about (the one its check
   * named, else its last), secrets as $ENV_VAR names
   */
  curl?: string;
  /** a failed rule: the index in `evidence` of that exchange */
  failingExchange?: number;
  /**
   * the rule ran twice: its first attempt failed (or ended in error) while the harness process
   * stalled for `stallMs` (harness/engine/stall-retry.ts); the result is the second attempt's
   */
  ranTwice?: { stallMs: number; first: { status: RuleStatus; reason?: string } };
}

export interface RunSummary {
  passed: number;
  failed: number;
  notCheckable: number;
  waived: number;
  observed: number;
  error: number;
  notRun: number;
}

export interface RunReport {
  /** the target's name and, by each domain's config key, the address checked */
  target: { name: string; [configKey: string]: string };
  startedAt: string;
  finishedAt: string;
  harnessVersion: string;
  seed: number;
  /** property cases per rule at most (a rule may run fewer: each rule's `property.runs` says) */
  runs: number;
  /**
   * the cases of a property whose cases each need the app alone (the clock, a whole list), run one
   * after another on the one app where the target offers no tenants: when some rule ran fewer for it
   */
  oneAppRuns?: number;
  summary: RunSummary;
  rules: RuleResult[];
  observations: Observation[];
  /** the run was stopped (a signal, --timeout, a lost target) before every chosen rule ran */
  interrupted?: boolean;
  /** why it was stopped */
  stopReason?: string;
  /** --strict: not-checkable MUST rules failed the gate too */
  strict?: boolean;
  /** --shard i/n: this report holds one shard of the picked rules */
  shard?: { index: number; count: number };
  /** the options of `conform run` that pick this run's target again (e.g. ["--config", "acme.json"]) */
  rerun?: string[];
  /** per document: how its items are traced to rules (covered, partly, uncovered, not-checkable, not-a-requirement) */
  traceability?: Record<string, Record<string, number>>;
  /** waiver entries that no longer match a failing rule: these fail the run */
  staleWaivers?: { id: string; note?: string }[];
  /**
   * what the run created and could not remove after its last try (a lost target, a refused
   * DELETE, a tenant not deleted), each "<what, and why>", with "<rule id>: " before it for a
   * rule's own undo step; absent when everything was removed
   */
  cleanupProblems?: string[];
  /** what the callback receiver refused of what a target sent; absent when it refused nothing */
  receiverFull?: ReceiverFull;
}

/**
 * The callback receiver's refusals: its budget (limits.maxReceivedBytes) was spent, and it answered
 * requests 503 without recording them (`refused`), or it closed connections past its cap
 * (limits.maxReceiverConnections) as they arrived (`droppedConnections`).
 */
export interface ReceiverFull {
  /** the budget: the most bytes the receiver keeps of a run's requests */
  maxBytes: number;
  /** requests recorded (all of them while the budget lasted) */
  recorded: number;
  /** requests answered 503 and not recorded once the budget was spent */
  refused: number;
  /** when the first request or connection was refused (harness clock, ISO 8601) */
  since: string;
  /** the cap on connections open at once, when a connection was closed past it */
  maxConnections?: number;
  /** connections closed as they arrived, the cap reached (absent when none) */
  droppedConnections?: number;
}

/** A result that fails the run's gate: a MUST rule that failed or ended in error, and with --strict one not checkable. */
export function failsGate(r: RuleResult, strict: boolean | undefined): boolean {
  return r.level === 'MUST' && (r.status === 'failed' || r.status === 'error' || (strict === true && r.status === 'not-checkable'));
}

/** Whether the run passes its gate (the rules and the waivers; an early stop aside). */
export function passesGate(report: RunReport): boolean {
  return !report.rules.some((r) => failsGate(r, report.strict)) && !report.staleWaivers?.length;
}
