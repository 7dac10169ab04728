// ADS-PT-001's fixed cases run side by side, each a part of the rule of its own: the case past the
// limit (51 tweet_ids, refused) ends first and removes what it made, which must not be the promoted
// posts the case at the limit (50) made beside it before it lists them. The timing that shows it is
// forced by an HTTP proxy in front of the ads API that delays the promoted-post lists and the
// refused request; before the cases were parts, the case at the limit saw fewer than 50 added.
import { createServer, type IncomingMessage } from 'node:http';
import { request } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { runLocal } from '../../runners/run-local.ts';

const LIST_DELAY_MS = 400;
const REFUSED_DELAY_MS = 150;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** how long the proxy holds a request: promoted-post lists long, a request for 51 posts shorter, others not */
function delayOf(req: IncomingMessage): number {
  const url = new URL(req.url ?? '/', 'http://proxy');
  if (!url.pathname.endsWith('/promoted_tweets')) return 0;
  if (req.method === 'GET') return LIST_DELAY_MS;
  const ids = url.searchParams.get('tweet_ids')?.split(',') ?? [];
  return req.method === 'POST' && ids.length > 50 ? REFUSED_DELAY_MS : 0;
}

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

/** the embedded reference with its ads API behind the delaying proxy */
const delayed: LocalTargetFactory = async (o) => {
  const ref = await embeddedReference()(o);
  const ads = ref.target.adsApi as { baseUrl: string; sandboxUrl: string };
  const upstream = ads.baseUrl;
  const proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    await sleep(delayOf(req));
    const { host: _, ...headers } = req.headers;
    const answer = await request(`${upstream}${req.url}`, {
      method: req.method as 'GET',
      headers: headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.statusCode, answer.headers as Record<string, string>);
    res.end(Buffer.from(await answer.body.arrayBuffer()));
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const { port } = proxy.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  closers.push(() => new Promise<void>((r) => proxy.close(() => r())));
  return {
    ...ref,
    target: { ...ref.target, adsApi: { ...ads, baseUrl, sandboxUrl: ads.sandboxUrl.replace(upstream, baseUrl) } },
  };
};

test('ADS-PT-001 passes when its case past the limit ends and cleans up while the case at the limit still lists', async () => {
  const out = await runLocal('ads API behind a delaying proxy', delayed, { rules: ['ADS-PT-001'], concurrency: 2, runs: 2 });
  const r = out.byId.get('ADS-PT-001');
  expect(r?.status, r?.reason).toBe('passed');
}, 60_000);
