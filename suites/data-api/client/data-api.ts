// The Data API as the harness calls it: webhook management, replay, post lookup.
// It remembers the webhooks it created and the streaming connections its rules opened, and for
// which rule, so that each rule removes its own again (also after failures, also while other rules
// run side by side).
import { inLanes } from '../../../harness/domain/lanes.ts';
import { currentOwner, ownedHere } from '../../../harness/domain/owner.ts';
import type { HttpClient, HttpResult } from '../../../harness/target/http.ts';
import type { DataApiTarget } from '../../../config/data-api/index.ts';

/** the app's bearer token, none, or a bearer token given (a wrong one) */
export type AuthMode = 'valid' | 'none' | { bearer: string };

/** A webhook this run registered and then deleted: the DELETE was answered with a success. */
export interface DeletedWebhook {
  id: string;
  /** the URL it was registered with */
  url: string | undefined;
  /** what the DELETE answered: its status and body, cut short */
  answer: string;
}

function dataId(res: HttpResult): string | undefined {
  const d = (res.body as { data?: { id?: unknown } } | undefined)?.data;
  return typeof d?.id === 'string' ? d.id : undefined;
}

export class DataApiClient {
  readonly target: DataApiTarget;
  private readonly http: HttpClient;
  /** webhook ids this run created and has not deleted yet, with the rule that created each */
  private readonly created = new Map<string, string | undefined>();
  /** streaming connections this run opened (TARGET-CONTRACT §3b stream.connect), with the rule that opened each */
  private readonly connections = new Map<string, string | undefined>();
  /** webhooks whose cleanup DELETE answered 404: the run's end looks whether they are still listed */
  private readonly notFound = new Set<string>();
  /** the URL each webhook this run created was registered with */
  private readonly urls = new Map<string, string>();
  /** the run's webhooks it deleted (DELETE answered a success), with what the target answered, oldest first */
  private readonly deleted = new Map<string, DeletedWebhook>();
  /** the run's webhooks a DELETE was sent for (answered or not: the target may have removed them already) */
  private readonly deleteSent = new Set<string>();
  /** the most webhooks of this run the app held at once (each accepted, none sent a DELETE yet): a lower bound of its limit */
  private most = 0;

  constructor(http: HttpClient, target: DataApiTarget) {
    this.http = http;
    this.target = target;
  }

  private authHeader(mode: AuthMode): Record<string, string> {
    if (mode === 'none') return {};
    if (typeof mode === 'object') return { authorization: `Bearer ${mode.bearer}` };
    return { authorization: `Bearer ${this.target.bearerToken}` };
  }

  /** Any call under {base_url}; the path starts with /2/. */
  async call(
    method: string,
    path: string,
    opts: { auth?: AuthMode; json?: unknown; raw?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<HttpResult> {
    const headers = { ...this.authHeader(opts.auth ?? 'valid'), ...opts.headers };
    if (opts.raw !== undefined) headers['content-type'] ??= 'application/json';
    const deleting = method === 'DELETE' ? webhookIdOf(path) : undefined;
    if (deleting !== undefined && this.created.has(deleting)) this.deleteSent.add(deleting);
    const res = await this.http.send(method, this.target.baseUrl + path, {
      headers,
      json: opts.json,
      raw: opts.raw,
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
    this.track(method, path, res, opts.json);
    return res;
  }

  private track(method: string, path: string, res: HttpResult, json: unknown): void {
    if (res.status < 200 || res.status > 299) return;
    if (method === 'POST' && path === '/2/webhooks') {
      const id = dataId(res);
      if (!id) return;
      this.created.set(id, currentOwner());
      const url = (json as { url?: unknown } | undefined)?.url;
      if (typeof url === 'string') this.urls.set(id, url);
      // an id the target gives again names a new webhook
      this.deleted.delete(id);
      this.deleteSent.delete(id);
      this.most = Math.max(this.most, [...this.created.keys()].filter((k) => !this.deleteSent.has(k)).length);
    }
    const id = method === 'DELETE' ? webhookIdOf(path) : undefined;
    if (id !== undefined && this.created.has(id)) {
      this.created.delete(id);
      this.deleted.set(id, { id, url: this.urls.get(id), answer: answerOf(res) });
    }
  }

  /** `timeoutMs`: how long to wait for the answer instead of limits.requestTimeoutMs (a CRC the receiver holds) */
  createWebhook(url: unknown, auth: AuthMode = 'valid', timeoutMs?: number): Promise<HttpResult> {
    return this.call('POST', '/2/webhooks', { auth, json: { url }, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  }

  listWebhooks(auth: AuthMode = 'valid'): Promise<HttpResult> {
    return this.call('GET', '/2/webhooks', { auth });
  }

  deleteWebhook(id: string, auth: AuthMode = 'valid'): Promise<HttpResult> {
    return this.call('DELETE', `/2/webhooks/${encodeURIComponent(id)}`, { auth });
  }

  putWebhook(id: string, auth: AuthMode = 'valid'): Promise<HttpResult> {
    return this.call('PUT', `/2/webhooks/${encodeURIComponent(id)}`, { auth });
  }

  replay(body: unknown, auth: AuthMode = 'valid'): Promise<HttpResult> {
    return this.call('POST', '/2/webhooks/replay', { auth, json: body });
  }

  tweets(params: Record<string, string>, auth: AuthMode = 'valid'): Promise<HttpResult> {
    const q = new URLSearchParams(params).toString();
    return this.call('GET', `/2/tweets${q ? `?${q}` : ''}`, { auth });
  }

  /** Webhooks created and not yet deleted by this run. */
  createdIds(): string[] {
    return [...this.created.keys()];
  }

  /** Webhooks of this run a DELETE was sent for that the target did not answer with a success: the app may still hold them. */
  undeletedIds(): string[] {
    return [...this.created.keys()].filter((id) => this.deleteSent.has(id));
  }

  /**
   * The webhooks this run registered and deleted, each DELETE answered with a success, as they stand
   * now: a list read sent after this call must not show them ("removed", States and transitions).
   */
  deletedWebhooks(): DeletedWebhook[] {
    return [...this.deleted.values()];
  }

  /**
   * The most webhooks of this run the app held at once so far: each registration accepted, no DELETE
   * sent for any of them yet. The app's limit is at least this (since the last reset).
   */
  mostHeld(): number {
    return this.most;
  }

  /** a streaming connection the acting rule opened: its cleanup terminates it (by UUID) */
  trackConnection(id: string): void {
    this.connections.set(id, currentOwner());
  }

  /** DELETE /2/connections of the acting rule's connections (terminating an ended one again is harmless) */
  private async endConnections(problems: string[]): Promise<void> {
    const mine = [...this.connections].filter(([, owner]) => ownedHere(owner)).map(([id]) => id);
    if (mine.length === 0) return;
    try {
      const res = await this.call('DELETE', '/2/connections', { json: { uuids: mine } });
      if (res.status >= 200 && res.status < 300) for (const id of mine) this.connections.delete(id);
      else problems.push(`connections ${mine.join(', ')}: DELETE /2/connections answered ${res.status}`);
    } catch (e) {
      problems.push(`connections ${mine.join(', ')}: ${(e as Error).message}`);
    }
  }

  /**
   * Deletes what the acting rule created (all the run created, outside any rule), except `keep`,
   * side by side (--concurrency);
   * failures are returned, not thrown (cleanup must go on).
   */
  async cleanup(keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    const problems: string[] = [];
    await this.endConnections(problems);
    const mine = [...this.created].filter(([id, owner]) => !keep.has(id) && ownedHere(owner)).map(([id]) => id);
    await inLanes(mine, async (id) => {
      try {
        const res = await this.deleteWebhook(id);
        if (res.status >= 200 && res.status < 300) this.created.delete(id);
        else if (res.status === 404) {
          this.created.delete(id);
          this.notFound.add(id);
        } else problems.push(`webhook ${id}: DELETE answered ${res.status}`);
      } catch (e) {
        problems.push(`webhook ${id}: ${(e as Error).message}`);
      }
    });
    // the run's end (outside any rule): a webhook a DELETE called unknown may still be there
    if (currentOwner() === undefined && this.notFound.size > 0) problems.push(...(await this.stillListed()));
    return problems;
  }

  /** the webhooks whose DELETE answered 404 that GET /2/webhooks still lists, as cleanup problems */
  private async stillListed(): Promise<string[]> {
    try {
      const res = await this.listWebhooks();
      const data = (res.body as { data?: unknown } | undefined)?.data;
      const listed = new Set(Array.isArray(data) ? data.map((w) => String((w as { id?: unknown })?.id)) : []);
      const left = [...this.notFound].filter((id) => listed.has(id));
      this.notFound.clear();
      return left.map((id) => `webhook ${id}: DELETE answered 404, yet GET /2/webhooks still lists it`);
    } catch (e) {
      return [`listing the webhooks after the cleanup: ${(e as Error).message}`];
    }
  }

  /** Forget an id without deleting it (the target removed it itself, e.g. after a reset). */
  forgetAll(): void {
    this.created.clear();
    this.connections.clear();
    this.notFound.clear();
    this.urls.clear();
    this.deleted.clear();
    this.deleteSent.clear();
    this.most = 0;
  }
}

/** the webhook id a path /2/webhooks/:webhook_id names (none for /2/webhooks/replay, which is no DELETE) */
function webhookIdOf(path: string): string | undefined {
  return path.startsWith('/2/webhooks/') ? decodeURIComponent(path.slice('/2/webhooks/'.length)) : undefined;
}

/** an answer as a failure message quotes it: status and body, cut short */
function answerOf(res: HttpResult): string {
  const t = res.text.replace(/\s+/g, ' ');
  const body = t.length > 200 ? `${t.slice(0, 200)}…` : t;
  return `${res.status} ${body}`.trim();
}
