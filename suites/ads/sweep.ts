// `conform sweep` for the ads domain: what earlier runs left in the user's accounts. A run names
// every record it can name `conform-<run id>-<label>-<n>` (AdsApi.name), so the sweep deletes
// campaigns and line items whose names start that way, and nothing else. Sandbox accounts take
// no name (the document shows no parameter), so they are not swept: a run deletes its sandbox
// accounts itself, newest first, also after a failure or an interrupt.
import type { SweepOutcome } from '../../harness/domain/types.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { AdsApiClient } from './client/ads-api.ts';
import { keptBy, withExactIds } from './client/created.ts';

const MAX_PAGES = 200;

/** the names a run gives: `conform-` + an 8-hex run id (one run's when given) + `-` */
export function runNamePattern(runId?: string): RegExp {
  const id = runId === undefined ? '[0-9a-f]{8}' : runId.replace(/[^0-9a-f]/gi, '');
  return new RegExp(`^conform-${id}-`);
}

interface Listed {
  records: Record<string, unknown>[];
  /** why the list could not be read whole */
  problem?: string;
}

async function listAll(
  ads: AdsApiClient,
  path: string,
  query: Record<string, string | number | boolean>,
  sandbox: boolean,
): Promise<Listed> {
  const records: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const res: HttpResult = await ads.call('GET', path, { query: { ...query, count: 1000, cursor }, sandbox });
    if (res.status < 200 || res.status > 299) return { records, problem: `GET ${path} answered ${res.status}` };
    // ids as the target wrote them, also a JSON number past 2^53 (created.ts)
    const body = (withExactIds(res.text, res.body) ?? {}) as { data?: unknown; next_cursor?: unknown };
    if (Array.isArray(body.data)) records.push(...(body.data as Record<string, unknown>[]));
    if (typeof body.next_cursor !== 'string' || body.next_cursor === '') return { records };
    cursor = body.next_cursor;
  }
  return { records, problem: `GET ${path}: more than ${MAX_PAGES} pages, the rest not swept` };
}

/**
 * `only`: the accounts to look in (the run's end: those it wrote to), instead of every account each
 * address lists, and in each only the collections named in its `collections` (the run's end: those
 * a write of the run went to; a catalog run writes no campaign, so it looks for none); `tried`: the records (as the client keys them: `sandbox:` before a sandbox path)
 * whose removal the run's end already tried and named, left alone here
 */
export async function sweepAds(
  ads: AdsApiClient,
  runId?: string,
  only?: { id: string; sandbox: boolean; collections?: readonly string[] }[],
  tried: ReadonlySet<string> = new Set(),
): Promise<SweepOutcome> {
  const out: SweepOutcome = { removed: [], problems: [] };
  const named = runNamePattern(runId);
  const t = ads.target;
  const addresses: { address: string; sandbox: boolean }[] = [];
  if (t.sandboxUrl !== undefined) addresses.push({ address: t.sandboxUrl, sandbox: true });
  if (t.baseUrl !== t.sandboxUrl) {
    if (t.allowWrites) addresses.push({ address: t.baseUrl, sandbox: false });
    else out.skipped = `${t.baseUrl} is not the sandbox address: set target.adsApi.allowWrites: true to sweep it too`;
  }
  for (const { address, sandbox } of addresses) {
    const listed: Listed = only ? { records: only.filter((a) => a.sandbox === sandbox) } : await listAll(ads, '/accounts', {}, sandbox);
    if (listed.problem) out.problems.push(`${address}: ${listed.problem}`);
    for (const account of listed.records) {
      const id = String(account.id);
      const collections = (account as { collections?: readonly string[] }).collections;
      // line items first: deleting a campaign need not delete what it holds
      for (const [kind, query] of [
        ['line_items', {}],
        ['campaigns', { with_draft: true }],
      ] as const) {
        if (collections !== undefined && !collections.includes(kind)) continue;
        const path = `/accounts/${id}/${kind}`;
        const listed = await listAll(ads, path, query, sandbox);
        // listing line items is not shown in the document: a target that refuses it has nothing to sweep there
        if (listed.problem && kind === 'campaigns') out.problems.push(`${address}: ${listed.problem}`);
        for (const r of listed.records) {
          if (typeof r.name !== 'string' || !named.test(r.name) || r.deleted === true) continue;
          const at = `${path}/${String(r.id)}`;
          if (tried.has(`${sandbox ? 'sandbox:' : ''}${at}`)) continue;
          const res = await ads.call('DELETE', at, { sandbox });
          // a success whose answer says the record is not deleted removed nothing (created.ts)
          const kept = keptBy(res, at);
          if (kept) out.problems.push(`${address}: DELETE ${at} ${kept}: by that answer it stays on the target`);
          else if ((res.status >= 200 && res.status <= 299) || res.status === 404)
            out.removed.push(`${address} ${kind.slice(0, -1).replace('_', ' ')} ${String(r.id)} "${r.name}"`);
          else out.problems.push(`${address}: DELETE ${at} answered ${res.status}`);
        }
      }
    }
  }
  return out;
}
