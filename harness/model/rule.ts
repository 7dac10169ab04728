// A rule is data: an id, a title, where the documents state it, a level, what it needs and what
// it holds. Its check lives in its domain's suite folder and is looked up by id.

/** MUST: the document states it; a target that breaks it fails.
 *  OBSERVE: the document marks it "not shown"; the harness records what it sees and never fails. */
export type Level = 'MUST' | 'OBSERVE';

/** A suite's name: one suite per document (e.g. "data-api"). */
export type SuiteName = string;

/**
 * What a target must offer for a rule to be checkable, named by the domain that grants it
 * (for example a control capability, a limit from the config, a fixture). The engine itself
 * grants only `control.reset`.
 */
export type Capability = string;

/**
 * A shared resource a rule uses while it runs: the target's clock, a pool of slots the target limits, the
 * callback receiver, an ads account, the one catalog of a user. `exclusive`: no other rule may
 * use it meanwhile; `shared`: rules may use it side by side (each with its own instance, such as
 * its own callback path). The engine declares `receiver`; domains declare theirs.
 */
export interface Hold {
  resource: string;
  mode: 'exclusive' | 'shared';
  /**
   * of a pooled resource (the target limits how many there are, such as slots for records of a kind):
   * how many of them the rule uses at most at once (default 1); rules side by side never use more
   * than the pool holds
   */
  units?: number;
  /**
   * the rule needs the resource as the run found it (the clock before the times the target's
   * fixtures name): it runs before every holder of the resource without `early`, whatever the
   * catalogue order
   */
  early?: boolean;
  /**
   * the rule judges what the other holders of the resource did (the failed calls of the run): it
   * starts only once every holder of the resource without `late` has ended, whatever the catalogue
   * order and the concurrency
   */
  late?: boolean;
  /**
   * a shared hold of a per-tenant resource that, on a target with tenants, puts the rule on a tenant
   * of its own as an exclusive hold does: beside other rules it tolerates theirs (it judges only what
   * it made), alone it need tolerate nothing
   */
  ownTenant?: boolean;
}

export interface SpecSource {
  /** file name under shared/spec */
  doc: string;
  /** section heading in that document */
  section: string;
  /** item within the section: a numbered rule, a table row, a field */
  item: string;
}

export interface RuleMeta {
  id: string;
  title: string;
  suite: SuiteName;
  /** area inside the suite, the sub-folder of its check */
  area: string;
  level: Level;
  source: SpecSource;
  needs: Capability[];
  holds: Hold[];
}

export function sourceText(s: SpecSource): string {
  return `${s.doc} § ${s.section} ${s.item}`;
}

export function exclusive(resource: string): Hold {
  return { resource, mode: 'exclusive' };
}

export function shared(resource: string): Hold {
  return { resource, mode: 'shared' };
}

/** `units` of a pooled resource, used side by side with other rules' units while the pool lasts. */
export function pooled(resource: string, units: number): Hold {
  return { resource, mode: 'shared', units };
}

/** One hold per resource: an exclusive hold replaces shared ones, and shared ones keep the most units. */
export function mergeHolds(holds: readonly Hold[]): Hold[] {
  const out: Hold[] = [];
  for (const h of holds) {
    const i = out.findIndex((o) => o.resource === h.resource);
    if (i < 0) out.push(h);
    else if (out[i].mode === 'exclusive') continue;
    else if (h.mode === 'exclusive' || (h.units ?? 1) > (out[i].units ?? 1)) out[i] = h;
  }
  return out;
}

/**
 * The resources the engine itself declares, for every domain: the callback receiver (shared: each
 * rule gets its own callback paths) and the target's one clock, which the control API reads and
 * moves on (TARGET-CONTRACT §4) whatever domain's rule asks.
 */
export const ENGINE_RESOURCES: readonly { id: string; description: string }[] = [
  { id: 'receiver', description: 'the callback receiver: each rule gets its own callback paths on it' },
  {
    id: 'target.clock',
    description: "the target's clock (control API GET/POST /clock): rules that read a window on it or move it on",
  },
  {
    id: 'target.clock.steps',
    description:
      "how rules sharing the target's clock wait on it: in exact steps (held alone) or for a time that any later one serves as well (shared), never both side by side",
  },
  {
    id: 'target.app',
    description:
      'the configured app itself: a rule whose requests carry no or wrong credentials judges what reaches the app such requests land on, so it never runs on a tenant',
  },
];

/** whether a rule's holds name the callback receiver (only such a rule may use it) */
export function usesReceiver(holds: readonly Hold[]): boolean {
  return holds.some((h) => h.resource === 'receiver');
}

/** the configured app itself: a rule that holds it never runs on a tenant (TARGET-CONTRACT §3a) */
export const THE_APP: Hold = shared('target.app');

/** the target's clock, held alone: no other rule reads or moves it meanwhile (a rule that needs it still between two calls) */
export const TARGET_CLOCK: Hold = exclusive('target.clock');

/**
 * the target's clock held alone, before any rule that moves it on: for a rule that needs times the
 * target's fixtures name still ahead (the time a scheduled post goes out)
 */
export const CLOCK_AS_FOUND: Hold = { ...TARGET_CLOCK, early: true };

/**
 * the target's clock, shared by rules that only need time to pass (at least Δ after their own
 * events): each rule's POST /clock waits for "its now + Δ", and the run moves the clock, to the
 * earliest time a waiting rule asked for, only when every rule sharing it is waiting
 * (harness/engine/shared-clock.ts); no rule sees it move between two of its own steps
 */
export const CLOCK_PASSING: Hold = shared('target.clock');

/**
 * How a rule sharing the clock (CLOCK_PASSING) waits on it. A rule whose waits need their exact
 * times (a replay window's minutes) holds the clock's steps alone: while it runs the clock moves only
 * to its times, so a rule beside it waiting for any later time (an hour for the hourly CRC, `orLater`)
 * would wait until it has ended, holding what it holds (a webhook slot) idle. Rules waiting for any
 * later time share the steps: one move serves them all. Which one a rule holds changes when it runs,
 * never what it sees (the shared clock keeps every rule's times either way).
 */
export const CLOCK_EXACT_STEPS: Hold = exclusive('target.clock.steps');
export const CLOCK_ANY_LATER: Hold = shared('target.clock.steps');
