// A small work queue: the callback answers an event at once and puts it here; one worker takes the
// events off in the order they came and acts on each `delayMs` after it was queued (the answer has
// long gone by then). This is how many applications keep their callback fast. A real application
// puts a durable queue here (a database table, a broker) and acts on the event in the worker.

export class WorkQueue<T> {
  private readonly delayMs: number;
  private readonly work: (item: T) => void;
  private readonly items: { due: number; item: T }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(delayMs: number, work: (item: T) => void) {
    this.delayMs = delayMs;
    this.work = work;
  }

  push(item: T): void {
    this.items.push({ due: Date.now() + this.delayMs, item });
    this.schedule();
  }

  /** events queued and not acted on yet */
  get pending(): number {
    return this.items.length;
  }

  /** forgets what is queued (the probe's reset; closing the app) */
  clear(): void {
    this.items.length = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer !== undefined || this.items.length === 0) return;
    this.timer = setTimeout(() => this.drain(), Math.max(0, this.items[0].due - Date.now()));
  }

  private drain(): void {
    this.timer = undefined;
    while (this.items.length > 0 && this.items[0].due <= Date.now()) {
      const { item } = this.items.shift() as { item: T };
      try {
        this.work(item);
      } catch {
        // one event the worker could not act on does not stop the others
      }
    }
    this.schedule();
  }
}
