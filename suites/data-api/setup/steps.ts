// Setup steps: what a rule does before it can examine anything. A step that fails (a control call
// answering an error, a fixture that cannot be made) ends the rule in `error`, not `failed`.
import { NotCheckable, RuleFailure, SetupError } from '../../../harness/engine/outcome.ts';

/** Runs a setup step; its own failure becomes a SetupError naming the step (verdicts and lost targets pass through). */
export async function setupStep<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof NotCheckable || e instanceof RuleFailure || e instanceof SetupError) throw e;
    if ((e as Error)?.name === 'NetworkError') throw e;
    throw new SetupError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
