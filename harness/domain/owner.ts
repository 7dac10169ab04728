// Who is acting: the rule a piece of work runs for. The engine runs each rule's reset, check and
// cleanup as that rule; domains tag what they create with the owner and clean up only their own,
// and the receiver tags each callback path, so that rules running side by side on one target
// never remove or see each other's records. Outside any rule (the run's final cleanup) there is
// no owner, and a domain then cleans up everything the run created.
import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) on behalf of `owner`. */
export function actAs<T>(owner: string, fn: () => Promise<T>): Promise<T> {
  return acting.run(owner, fn);
}

/** The rule the current work runs for; undefined outside any rule. */
export function currentOwner(): string | undefined {
  return acting.getStore();
}

/** Whether a record tagged `owner` is the current work's to remove: its own, or anything when no rule acts. */
export function ownedHere(owner: string | undefined): boolean {
  const now = acting.getStore();
  return now === undefined || owner === now;
}
