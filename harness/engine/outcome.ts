// How a check ends other than by passing. "Could not observe" is kept apart from "failed".

/** The target broke the rule. */
export class RuleFailure extends Error {
  override name = 'RuleFailure';
}

/** The rule's own setup failed (something it needed could not be created): not a verdict on the rule. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** The target gives no way to check the rule (a capability, a fixture or a limit is missing). */
export class NotCheckable extends Error {
  override name = 'NotCheckable';
}
