// The optional probe of TARGET-CONTRACT §6: a test-mode API of the application that shows what it
// processed (GET /processed) and forgets it (POST /reset).
import type { HttpClient } from '../../harness/target/http.ts';

export interface Processed {
  id: string;
  kind: string;
  count: number;
}

export class ProbeClient {
  private readonly http: HttpClient;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  constructor(http: HttpClient, probe: { baseUrl: string; token?: string }) {
    this.http = http;
    this.baseUrl = probe.baseUrl;
    this.headers = probe.token ? { authorization: `Bearer ${probe.token}` } : {};
  }

  /** every event the app acted on; throws with a readable message when the answer is not the documented shape */
  async processed(): Promise<Processed[]> {
    const res = await this.http.send('GET', `${this.baseUrl}/processed`, { headers: this.headers, aside: true });
    const events = (res.body as { events?: unknown } | undefined)?.events;
    if (res.status !== 200 || !Array.isArray(events)) {
      throw new ProbeError(
        `the probe's GET ${this.baseUrl}/processed answered ${res.status} ${res.text.length > 200 ? `${res.text.slice(0, 200)}…` : res.text}, not {"events":[…]}`,
      );
    }
    return events
      .filter((e): e is Processed => !!e && typeof e === 'object' && typeof (e as Processed).id === 'string')
      .map((e) => ({
        id: e.id,
        kind: String(e.kind),
        count: typeof e.count === 'number' ? e.count : 1,
      }));
  }

  /** how many times the app processed the event with this id (0: never) */
  async countOf(id: string): Promise<number> {
    return (await this.processed()).filter((e) => e.id === id).reduce((n, e) => n + e.count, 0);
  }

  async reset(): Promise<void> {
    const res = await this.http.send('POST', `${this.baseUrl}/reset`, { headers: this.headers, aside: true });
    if (res.status < 200 || res.status > 299) throw new ProbeError(`the probe's POST ${this.baseUrl}/reset answered ${res.status}`);
  }
}

export class ProbeError extends Error {
  override name = 'ProbeError';
}
