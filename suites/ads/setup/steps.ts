// Steps of one rule that do not depend on each other, side by side: inLanes (harness/domain/lanes.ts)
// over steps of different types. The rule's chain counts the longest step, where Promise.all would
// count every call. The first step (in this order) that threw gives the error, as one after
// another it would have.
import { inLanes } from '../../../harness/domain/lanes.ts';

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/** each step side by side (up to the rule's lanes at once); their results in order */
export function together<const T extends readonly (() => Promise<unknown>)[]>(steps: T): Promise<Results<T>> {
  return inLanes(steps, (step) => step()) as Promise<Results<T>>;
}

/**
 * `step` started now, beside other calls, its outcome taken later: what it gives, or what it threw
 * thrown only where the rule takes it (so that checks made before then keep their verdict, as
 * when the step came after them)
 */
export function later<T>(step: () => Promise<T>): () => Promise<() => T> {
  return () =>
    step().then(
      (value) => () => value,
      (error: unknown) => () => {
        throw error;
      },
    );
}
