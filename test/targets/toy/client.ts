// The toy API as the toy rules call it. It remembers the items it created so that the engine can
// remove them after each rule (cleanup) and after each property case (back to a checkpoint).
import type { HttpClient, HttpResult } from '../../../harness/target/http.ts';
import type { ToyItem } from './service.ts';

export interface ToySection {
  baseUrl: string;
  token: string;
}

export class ToyClient {
  private readonly http: HttpClient;
  private readonly section: ToySection;
  private readonly created = new Set<string>();

  constructor(http: HttpClient, section: ToySection) {
    this.http = http;
    this.section = section;
  }

  call(method: string, path: string, json?: unknown): Promise<HttpResult> {
    return this.http.send(method, this.section.baseUrl + path, { headers: { authorization: `Bearer ${this.section.token}` }, json });
  }

  async list(): Promise<ToyItem[]> {
    const res = await this.call('GET', '/items');
    if (res.status !== 200) throw new Error(`GET /toy/items answered ${res.status}`);
    return (res.body as { data: ToyItem[] }).data;
  }

  /** POST /toy/items; `name` undefined sends a body without one. */
  async create(name?: string): Promise<HttpResult> {
    const res = await this.call('POST', '/items', name === undefined ? {} : { name });
    const id = (res.body as { data?: { id?: unknown } } | undefined)?.data?.id;
    if (res.status === 201 && typeof id === 'string') this.created.add(id);
    return res;
  }

  /** GET /toy/items/:id; a plain Error when the answer is not JSON. */
  async get(id: string): Promise<HttpResult> {
    const res = await this.call('GET', `/items/${encodeURIComponent(id)}`);
    if (res.body === undefined) throw new Error(`GET /toy/items/${id} answered no JSON: ${res.text.slice(0, 40)}`);
    return res;
  }

  async remove(id: string): Promise<HttpResult> {
    const res = await this.call('DELETE', `/items/${encodeURIComponent(id)}`);
    if (res.status === 204 || res.status === 404) this.created.delete(id);
    return res;
  }

  checkpoint(): Set<string> {
    return new Set(this.created);
  }

  /** Deletes what was created (except `keep`); problems are returned, not thrown. */
  async cleanup(keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    const problems: string[] = [];
    for (const id of [...this.created].filter((x) => !keep.has(x))) {
      try {
        const res = await this.remove(id);
        if (res.status !== 204 && res.status !== 404) problems.push(`item ${id}: DELETE answered ${res.status}`);
      } catch (e) {
        problems.push(`item ${id}: ${(e as Error).message}`);
      }
    }
    return problems;
  }

  forgetAll(): void {
    this.created.clear();
  }
}
