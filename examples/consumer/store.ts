// What the consumer did: every event it processed, by id, with how many times. "Processing" is
// recording; a real application would act on the event here. The store is the dedup memory too.

export interface ProcessedEvent {
  id: string;
  kind: string;
  count: number;
}

export class ProcessedStore {
  private readonly events = new Map<string, ProcessedEvent>();

  has(id: string): boolean {
    return this.events.has(id);
  }

  /** Records one processing of the event. */
  record(id: string, kind: string): void {
    const seen = this.events.get(id);
    if (seen) seen.count += 1;
    else this.events.set(id, { id, kind, count: 1 });
  }

  list(): ProcessedEvent[] {
    return [...this.events.values()].map((e) => ({ ...e }));
  }

  clear(): void {
    this.events.clear();
  }
}
