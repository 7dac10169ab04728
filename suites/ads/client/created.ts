// Which records a successful POST created, and the DELETE that removes each: records under an
// account collection, batch Create items, sandbox accounts. Lookups and estimates create nothing.
import type { HttpResult } from '../../../harness/target/http.ts';

export interface Created {
  /** the DELETE path under /12 */
  path: string;
  sandbox: boolean;
  query?: Record<string, string>;
  /** identifies the record when a later DELETE removes it first */
  key: string;
  /** why its DELETE is refused by the documents (it stays on the target), said with the refusal */
  stays?: string;
  /**
   * why the run knows an earlier DELETE answered with a success left it on the target (that answer
   * said deleted = false, or a rule saw it served afterwards): a later success is no proof it went
   */
  kept?: string;
}

/** collections whose POST creates records that DELETE <collection>/<id> removes */
const DELETABLE = new Set([
  'campaigns',
  'cards',
  'draft_tweets',
  'line_items',
  'line_item_curated_categories',
  'media_creatives',
  'promoted_accounts',
  'promoted_tweets',
  'scheduled_promoted_tweets',
  'targeting_criteria',
]);

function records(body: unknown): Record<string, unknown>[] {
  const data = (body as { data?: unknown } | undefined)?.data;
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
  return list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
}

export function created(path: string, sandbox: boolean, query?: Record<string, string>): Created {
  return { path, sandbox, query, key: `${sandbox ? 'sandbox:' : ''}${path}` };
}

/** ads-api-catalog-cards.md lists GET, GET, POST and PUT of image conversation cards: their removal is the real interface's */
const NO_DOCUMENTED_DELETE =
  "the document shows no DELETE of an image conversation card; the real interface's was tried, and the card may stay on the target";

/** the item list of a batch request, whatever container the target accepts (the document does not show it) */
function batchItems(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object') return Object.values(json).find((v) => Array.isArray(v)) ?? [];
  return [];
}

/**
 * The answer's body with every `id` given as a JSON integer kept as its digits. A target that
 * breaks "All identifiers are strings unless stated" still has what the run made removed by the id
 * it answered: past 2^53 a JavaScript number names another record (1700039080265469764 reads as
 * 1700039080265469700).
 */
export function withExactIds(text: string, body: unknown): unknown {
  if (!/"id"\s*:\s*-?\d/.test(text)) return body;
  try {
    return JSON.parse(text, (key: string, value: unknown, context?: { source?: string }) =>
      key === 'id' && typeof value === 'number' && context?.source !== undefined && /^-?\d+$/.test(context.source) ? context.source : value,
    );
  } catch {
    return body;
  }
}

export function createdRecords(path: string, sandbox: boolean, body: unknown, requestJson?: unknown): Created[] {
  const segs = path.split('/').filter(Boolean);
  if (sandbox && segs.length === 1 && segs[0] === 'accounts') {
    return records(body)
      .filter((r) => typeof r.id === 'string')
      .map((r) => created(`/accounts/${r.id}`, true));
  }
  if (segs[0] === 'batch' && segs[1] === 'accounts' && segs.length === 4) {
    // answer items keep the request order (batch rule 2); only Create items made new records
    const ops = batchItems(requestJson).map((i) => (i as { operation_type?: unknown } | null)?.operation_type);
    return records(body)
      .filter((r, i) => ops[i] === 'Create' && typeof r.id === 'string')
      .map((r) => created(`/accounts/${segs[2]}/${segs[3]}/${r.id}`, sandbox));
  }
  if (segs[0] === 'accounts' && segs.length === 4 && segs[2] === 'cards' && segs[3] === 'image_conversation') {
    return records(body)
      .filter((r) => typeof r.id === 'string')
      .map((r) => ({ ...created(`/accounts/${segs[1]}/cards/image_conversation/${r.id}`, sandbox), stays: NO_DOCUMENTED_DELETE }));
  }
  if (segs[0] === 'accounts' && segs.length === 3 && DELETABLE.has(segs[2])) {
    return records(body)
      .filter((r) => typeof r.id === 'string')
      .map((r) => created(`/accounts/${segs[1]}/${segs[2]}/${r.id}`, sandbox));
  }
  return [];
}

/**
 * What a DELETE's answer `res` says of the record at `path` when it left it on the target: a success
 * carrying the record named, with `deleted` false. "Every record also has `deleted` (boolean)"
 * (States and transitions), and a DELETE's result is "deleted = true" (there: campaign or line item;
 * "returns record with deleted = true": line item curated categories, sandbox accounts). Any other
 * answer, and one without `deleted`, says nothing, and no GET is sent to find out.
 */
export function keptBy(res: HttpResult, path: string): string | undefined {
  if (res.status < 200 || res.status > 299) return undefined;
  const data = (withExactIds(res.text, res.body) as { data?: unknown } | undefined)?.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const r = data as Record<string, unknown>;
  if (r.deleted !== false || String(r.id) !== path.slice(path.lastIndexOf('/') + 1)) return undefined;
  return `answered ${res.status} with the record's deleted false`;
}
