// Who is acting: the rule a piece of work runs for. The engine runs each rule's reset, check and
// cleanup as that rule; domains tag what they create with the owner and clean up only their own,
// and the receiver tags each callback path, so that rules running side by side on one target
// never remove or see each other's records. Outside any rule (the run's final cleanup) there is
// no owner, and a domain then cleans up everything the run created.
// A property case run side by side with its rule's other cases acts as `RULE#n`: a part of the
// rule. It removes only its own records; the rule removes its own and its cases'.
import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) on behalf of `owner`. */
export function actAs<T>(owner: string, fn: () => Promise<T>): Promise<T> {
  return acting.run(owner, fn);
}

/** Runs `fn` as the `n`-th part of the acting rule (its own records, its rule's evidence). */
export function actAsPart<T>(n: number, fn: () => Promise<T>): Promise<T> {
  const now = acting.getStore();
  return now === undefined ? fn() : acting.run(`${now}#${n}`, fn);
}

/** Runs `fn` as the run itself, outside any rule: what stopping one rule ends does not end it (a tenant's creation and deletion). */
export function asTheRun<T>(fn: () => Promise<T>): Promise<T> {
  return acting.exit(fn);
}

/** The rule (or part of a rule) the current work runs for; undefined outside any rule. */
export function currentOwner(): string | undefined {
  return acting.getStore();
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
