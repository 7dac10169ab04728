// How a check ends other than by passing. "Could not observe" is kept apart from "failed".
import type { HttpExchange } from '../model/result.ts';

/** The target broke the rule. */
export class RuleFailure extends Error {
  override name = 'RuleFailure';
  /** the exchange whose answer broke it, when the check named one or had sent one (its curl line repeats it) */
  readonly about?: HttpExchange;

  constructor(message: string, about?: HttpExchange) {
    super(message);
    this.about = about;
  }
}

/** The rule's own setup failed (something it needed could not be created): not a verdict on the rule. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** The target gives no way to check the rule (a capability, a fixture or a limit is missing). */
export class NotCheckable extends Error {
  override name = 'NotCheckable';
}
