// Who is acting: the rule a piece of work runs for. The engine runs each rule's reset, check and
// cleanup as that rule; domains tag what they create with the owner and clean up only their own,
// and the receiver tags each callback path, so that rules running side by side on one target
// never remove or see each other's records. Outside any rule (the run's final cleanup) there is
// no owner, and a domain then cleans up everything the run created.
// A property case run side by side with its rule's other cases acts as `RULE#n`: a part of the
// rule. It removes only its own records; the rule removes its own and its cases'.
import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<string>();

/**
 * The parts under way of one run's rules, by the rule's owner, and who is told when one ends (the
 * shared clock: a rule whose last busy part ended may now be waiting). One per run: runs side by
 * side in one process (a programmatic user, the project's own tests) name the same rules, and must
 * not see each other's parts.
 */
export class RunParts {
  readonly #live = new Map<string, Set<string>>();
  readonly #ended = new Set<() => void>();

  /** Calls `fn` whenever a part of one of this run's rules ends; returns how to stop. */
  onEnd(fn: () => void): () => void {
    this.#ended.add(fn);
    return () => this.#ended.delete(fn);
  }

  /** The parts of `owner` under way now (each acting as `owner#n`); empty when it runs none. */
  of(owner: string): ReadonlySet<string> {
    return this.#live.get(owner) ?? new Set();
  }

  start(owner: string, part: string): void {
    const parts = this.#live.get(owner) ?? new Set<string>();
    this.#live.set(owner, parts.add(part));
  }

  end(owner: string, part: string): void {
    const parts = this.#live.get(owner);
    parts?.delete(part);
    if (parts && !parts.size) this.#live.delete(owner);
    for (const f of this.#ended) f();
  }
}

/** the run whose rule acts (actAs), for its parts */
const runOf = new AsyncLocalStorage<RunParts>();

/** Runs `fn` (and everything it starts) on behalf of `owner`, a rule of the run whose parts are `parts`. */
export function actAs<T>(owner: string, fn: () => Promise<T>, parts?: RunParts): Promise<T> {
  return parts ? runOf.run(parts, () => acting.run(owner, fn)) : acting.run(owner, fn);
}

/** Runs `fn` as the `n`-th part of the acting rule (its own records, its rule's evidence). */
export async function actAsPart<T>(n: number, fn: () => Promise<T>): Promise<T> {
  const now = acting.getStore();
  if (now === undefined) return fn();
  const part = `${now}#${n}`;
  const parts = runOf.getStore();
  parts?.start(now, part);
  try {
    return await acting.run(part, fn);
  } finally {
    parts?.end(now, part);
  }
}

/** Runs `fn` as the run itself, outside any rule: what stopping one rule ends does not end it (a tenant's creation and deletion). */
export function asTheRun<T>(fn: () => Promise<T>): Promise<T> {
  return acting.exit(fn);
}

/** The rule (or part of a rule) the current work runs for; undefined outside any rule. */
export function currentOwner(): string | undefined {
  return acting.getStore();
}

/** The rule an owner is or is a part of (`RULE#2` → `RULE`). */
export function ruleOf(owner: string): string {
  return owner.split('#')[0];
}

/** Whether `owner` is `of` or a part of it. */
export function belongsTo(owner: string | undefined, of: string): boolean {
  return owner === of || owner?.startsWith(`${of}#`) === true;
}

/** Whether a record tagged `owner` is the current work's to remove: its own or its parts', or anything when no rule acts. */
export function ownedHere(owner: string | undefined): boolean {
  const now = acting.getStore();
  return now === undefined || belongsTo(owner, now);
}
