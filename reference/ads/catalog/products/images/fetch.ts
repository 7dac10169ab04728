// Fetching product images through the host's outbound client: each distinct URL of a request
// once, at most a few at a time, each read up to one byte past the largest size taken (a larger
// answer is a failed fetch).
import type { Outbound } from '../../../../host/outbound.ts';

/**
 * how long one image may take: a 5 MB image through a busy event loop (the choice matrix runs ten
 * runs in one process) takes seconds, so the bound stays just under a write's own (the harness's
 * default request timeout, 30 s)
 */
const FETCH_TIMEOUT_MS = 25_000;
/** images fetched at once */
const AT_ONCE = 8;

export type Fetched = { body: Buffer } | { error: string };

async function fetchOne(outbound: Outbound, url: string, readLimit: number): Promise<Fetched> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { error: 'is not a URL' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { error: 'is not an http or https URL' };
  const r = await outbound.send({ method: 'GET', url, timeoutMs: FETCH_TIMEOUT_MS, readBodyLimit: readLimit });
  if (r.error !== undefined) return { error: `could not be fetched (${r.error})` };
  if (r.status === undefined || r.status < 200 || r.status > 299) return { error: `could not be fetched (HTTP ${r.status})` };
  return { body: r.body ?? Buffer.alloc(0) };
}

/** each URL fetched once, `AT_ONCE` at a time */
export async function fetchAll(outbound: Outbound, urls: Iterable<string>, readLimit: number): Promise<Map<string, Fetched>> {
  const todo = [...new Set(urls)];
  const out = new Map<string, Fetched>();
  const worker = async () => {
    for (let url = todo.shift(); url !== undefined; url = todo.shift()) out.set(url, await fetchOne(outbound, url, readLimit));
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, todo.length) }, worker));
  return out;
}
