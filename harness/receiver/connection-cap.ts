// How many connections the receiver holds open at once (limits.maxReceiverConnections): past it, a
// new connection is closed as it arrives, so that no target can take the run's memory or file
// descriptors by opening connections and leaving them idle (measured: 5000 idle TLS connections
// cost the receiver's process about 300 MiB). The receiver counts the connections it closed so,
// and says since when.

export class ConnectionCap {
  private droppedCount = 0;
  private firstAt?: string;

  readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** a connection closed as it arrived: the cap was reached */
  drop(): void {
    this.droppedCount++;
    this.firstAt ??= new Date().toISOString();
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /** when the first connection was closed; undefined while none was */
  get since(): string | undefined {
    return this.firstAt;
  }
}
