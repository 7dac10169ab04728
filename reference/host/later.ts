// Work scheduled to run right after the current request is answered, or a while after it; whatever
// has not run yet is dropped when the host closes.

export class Later {
  #pending = new Set<NodeJS.Immediate>();
  #timers = new Set<NodeJS.Timeout>();

  /** fn right after the current request is answered, or `afterMs` later (a timer that keeps no process alive) */
  run(fn: () => void, afterMs?: number): void {
    if (afterMs !== undefined && afterMs > 0) {
      const t = setTimeout(() => {
        this.#timers.delete(t);
        fn();
      }, afterMs);
      t.unref();
      this.#timers.add(t);
      return;
    }
    const h = setImmediate(() => {
      this.#pending.delete(h);
      fn();
    });
    this.#pending.add(h);
  }

  cancelAll(): void {
    for (const h of this.#pending) clearImmediate(h);
    this.#pending.clear();
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
