// Records a property's cases take turns on, so that the cases go side by side while each works on
// a record alone, as one after another they would all have worked on one: one record per lane
// (--concurrency), made as setup. A case holds its record until it has removed what it made, so
// that the next case on the record finds it as the first one did.
import type { AdsCtx } from '../api.ts';

export class Turns<T> {
  readonly #free: T[];

  constructor(items: readonly T[]) {
    this.#free = [...items];
  }

  /** how many records the cases of `ctx` need: one per case that may run at once */
  static needed(ctx: AdsCtx): number {
    return Math.max(1, ctx.s.lanes);
  }

  /** `fn` on a record no other case holds meanwhile; what it made is removed before the record is given back */
  async take<R>(ctx: AdsCtx, fn: (item: T) => Promise<R>): Promise<R> {
    const item = this.#free.pop();
    if (item === undefined) throw new Error('more cases at once than records to take turns on');
    const mark = ctx.rollback.checkpoint();
    try {
      return await fn(item);
    } finally {
      await ctx.rollback.cleanup(mark);
      this.#free.push(item);
    }
  }
}
