// Work scheduled to run right after the current request is answered; whatever has not run yet is
// dropped when the host closes.

export class Later {
  #pending = new Set<NodeJS.Immediate>();

  run(fn: () => void): void {
    const h = setImmediate(() => {
      this.#pending.delete(h);
      fn();
    });
    this.#pending.add(h);
  }

  cancelAll(): void {
    for (const h of this.#pending) clearImmediate(h);
    this.#pending.clear();
  }
}
