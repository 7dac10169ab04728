// The Advertising API as the harness calls it: any call under {ads_url}/12 or {ads_sandbox_url}/12,
// signed as the config says. It remembers every record a call created, so that a run removes them
// again at its end, also after a failure or an interrupt (cleanup() deletes newest first). Each
// record carries the rule that created it: a rule removes only its own, also side by side.
import type { AdsApiTarget, AdsAuth } from '../../../config/ads/index.ts';
import { inLanes } from '../../../harness/domain/lanes.ts';
import { currentOwner, ownedHere } from '../../../harness/domain/owner.ts';
import type { HttpClient, HttpResult } from '../../../harness/target/http.ts';
import { authorization } from './auth.ts';
import { created as createdAt, createdRecords, type Created, keptBy, withExactIds } from './created.ts';
import { asksTotalCount, TotalCountBudget } from './total-count-budget.ts';

export type AdsAuthMode = 'valid' | 'none';

export interface AdsCallOptions {
  /** query parameters; arrays are sent comma-separated */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** call the sandbox address instead of the production one */
  sandbox?: boolean;
  auth?: AdsAuthMode;
  /** other credentials to sign with, instead of the config's: a user's of the control API (TARGET-CONTRACT §3b), or wrong ones */
  as?: AdsAuth;
  /** the version segment (5 for recommendations) */
  version?: number;
  /** sent even past the run's with_total_count budget, its 429 answered as it is (not waited out): only for
   *  the rule that proves the limit, on a tenant of its own */
  overBudget?: boolean;
}

export function queryString(q: AdsCallOptions['query']): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === undefined) continue;
    const s = Array.isArray(v) ? v.join(',') : String(v);
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(s)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** the fields of a form-encoded body, which an OAuth 1.0a signature covers (RFC 5849 §3.4.1.3.1) */
function formFields(o: AdsCallOptions): Record<string, string> | undefined {
  const type = Object.entries(o.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  if (o.raw === undefined || !type?.toLowerCase().startsWith('application/x-www-form-urlencoded')) return undefined;
  return Object.fromEntries(new URLSearchParams(o.raw));
}

export class AdsApiClient {
  readonly target: AdsApiTarget;
  private readonly http: HttpClient;
  /** records this run created and has not deleted yet, oldest first, with the rule that created each */
  private created: (Created & { owner?: string })[] = [];

  /** the run-wide budget of with_total_count requests */
  readonly totalCount: TotalCountBudget;

  constructor(http: HttpClient, target: AdsApiTarget, totalCount = new TotalCountBudget()) {
    this.http = http;
    this.target = target;
    this.totalCount = totalCount;
  }

  get hasSandbox(): boolean {
    return this.target.sandboxUrl !== undefined;
  }

  url(path: string, o: Pick<AdsCallOptions, 'query' | 'sandbox' | 'version'> = {}): string {
    const base = o.sandbox ? this.target.sandboxUrl : this.target.baseUrl;
    if (base === undefined) throw new Error('the config names no target.adsApi.sandboxUrl');
    return `${base}/${o.version ?? 12}${path}${queryString(o.query)}`;
  }

  async call(method: string, path: string, o: AdsCallOptions = {}): Promise<HttpResult> {
    const url = this.url(path, o);
    if (method === 'GET' && asksTotalCount(o.query) && !o.overBudget) this.totalCount.take();
    const headers: Record<string, string> = { ...o.headers };
    const mode = o.auth ?? 'valid';
    if (mode !== 'none') {
      const form = formFields(o);
      headers.authorization = authorization(o.as ?? this.target.auth, method, url, form ? { form } : {});
    }
    const res = await this.http.send(method, url, { headers, json: o.json, raw: o.raw, limitedAnswer: o.overBudget });
    // what the run made is removed at its end, also what a target made of a call it should have refused
    this.track(method, path, o, res);
    return res;
  }

  /**
   * the accounts (`sandbox:` before a sandbox one's id) a write of the run succeeded in, whatever its
   * answer named, each with the collections of it (`campaigns`, `cards`, …) the writes went to
   */
  private readonly written = new Map<string, Set<string>>();

  /**
   * the accounts the run sent a write to, with the collections it wrote to there: where the run's
   * end looks for records named by it (sweepAds), only in the collections a write of the run went to
   */
  writtenAccounts(): { id: string; sandbox: boolean; collections: string[] }[] {
    return [...this.written].map(([k, collections]) => ({
      ...(k.startsWith('sandbox:') ? { id: k.slice(8), sandbox: true } : { id: k, sandbox: false }),
      collections: [...collections],
    }));
  }

  private track(method: string, path: string, o: AdsCallOptions, res: HttpResult): void {
    if (res.status < 200 || res.status > 299) return;
    // with the config's credentials (another user's may list what the run's user cannot); an account
    // the run deleted has nothing left to look for
    const account = /^\/(?:batch\/)?accounts\/([^/?]+)(?:\/([^/?]*))?/.exec(path);
    const key = account && `${o.sandbox ? 'sandbox:' : ''}${account[1]}`;
    if (key && method === 'DELETE' && account[2] === undefined) this.written.delete(key);
    else if (key && method !== 'GET' && o.as === undefined) {
      const collections = this.written.get(key) ?? new Set<string>();
      if (account[2]) collections.add(account[2]);
      this.written.set(key, collections);
    }
    if (method === 'POST') {
      const owner = currentOwner();
      // a record already known is not known twice: a repeated POST the target ignores answers the
      // record it made before ("POST promoted_accounts for a user already promoted | request
      // ignored"), which one DELETE removes (two side by side: one answered 404)
      const known = new Set(this.created.map((c) => c.key));
      for (const c of createdRecords(path, o.sandbox === true, withExactIds(res.text, res.body), o.json))
        if (!known.has(c.key)) {
          known.add(c.key);
          this.created.push({ ...c, owner });
        }
    }
    if (method === 'DELETE') {
      // a success whose answer says the record is not deleted leaves it known, as does any success
      // on a record the run already knows an earlier one left: its cleanup tries again, and says so
      const gone = `${o.sandbox ? 'sandbox:' : ''}${path}`;
      const kept = keptBy(res, path);
      for (const c of this.created) if (c.key === gone && kept) c.kept ??= `a DELETE ${kept}`;
      this.created = this.created.filter((c) => c.key !== gone || c.kept !== undefined);
    }
  }

  /** the target was reset: what the run created is gone */
  forgetAll(): void {
    this.created = [];
    this.written.clear();
  }

  /**
   * the record at `path` (a DELETE path, as created) cannot be removed, as the documents say:
   * its cleanup still tries, and its refusal says why
   */
  stays(path: string, why: string): void {
    for (const c of this.created) if (c.path === path) c.stays = why;
  }

  /**
   * a rule saw the record at `path` (a DELETE path, as created) stay after a DELETE that answered
   * with a success: the run names it as left behind unless a later DELETE answers 404
   */
  kept(path: string, why: string, sandbox = false): void {
    const key = `${sandbox ? 'sandbox:' : ''}${path}`;
    const known = this.created.filter((c) => c.key === key);
    for (const c of known) c.kept = why;
    if (!known.length) this.created.push({ ...createdAt(path, sandbox), kept: why, owner: currentOwner() });
  }

  /** what the acting rule (outside any rule: the run) created and has not removed yet */
  pending(): readonly Created[] {
    return this.created.filter((c) => ownedHere(c.owner));
  }

  /**
   * what the acting rule created since `mark` (a pending().length), or all of it; newest first,
   * records of one collection side by side (--concurrency) since none depends on a sibling. A
   * record whose DELETE failed stays known: the run's end tries it again, and says what is left
   */
  async cleanup(mark = 0): Promise<string[]> {
    const problems: string[] = [];
    const failed = new Set<Created>();
    for (;;) {
      const newest = this.pending()
        .slice(mark)
        .filter((c) => !failed.has(c))
        .reverse();
      if (!newest.length) break;
      const end = newest.findIndex((c) => collectionOf(c) !== collectionOf(newest[0]));
      const batch = end < 0 ? newest : newest.slice(0, end);
      await inLanes(batch, async (c) => {
        let problem: string | undefined;
        const known = c.kept;
        try {
          const res = await this.call('DELETE', c.path, { sandbox: c.sandbox, query: c.query });
          const kept = keptBy(res, c.path);
          if (res.status !== 404 && (res.status < 200 || res.status > 299)) problem = `DELETE ${c.path} answered ${res.status}`;
          else if (kept) problem = `DELETE ${c.path} ${kept}: by that answer it stays on the target`;
          else if (known && res.status !== 404)
            problem = `DELETE ${c.path} answered ${res.status}, but ${known}: it may stay on the target`;
        } catch (e) {
          problem = `DELETE ${c.path}: ${(e as Error).message}`;
        }
        if (problem === undefined) this.created = this.created.filter((x) => x !== c);
        else {
          problems.push(c.stays ? `${problem} (${c.stays})` : problem);
          failed.add(c);
        }
      });
    }
    return problems;
  }
}

/** the collection a record's DELETE goes to (a DELETE with a query stands alone) */
function collectionOf(c: Created): string {
  return c.query ? `${c.key}?` : `${c.sandbox}:${c.path.slice(0, c.path.lastIndexOf('/'))}`;
}
