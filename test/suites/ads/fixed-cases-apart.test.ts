// ADS-PT-001's fixed cases run side by side, each a part of the rule of its own: the case past the
// limit (51 tweet_ids, refused) ends first and removes what it made, which must not be the promoted
// posts the case at the limit (50) made beside it before it lists them. The timing that shows it is
// forced by an HTTP proxy in front of the ads API that delays the promoted-post lists and the
// refused request; before the cases were parts, the case at the limit saw fewer than 50 added.
import type { IncomingMessage } from 'node:http';
import { expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { adsBehindProxy } from '../../runners/behind-proxy.ts';
import { runLocal } from '../../runners/run-local.ts';

const LIST_DELAY_MS = 400;
const REFUSED_DELAY_MS = 150;

/** how long the proxy holds a request: promoted-post lists long, a request for 51 posts shorter, others not */
function delayOf(req: IncomingMessage, url: URL): number {
  if (!url.pathname.endsWith('/promoted_tweets')) return 0;
  if (req.method === 'GET') return LIST_DELAY_MS;
  const ids = url.searchParams.get('tweet_ids')?.split(',') ?? [];
  return req.method === 'POST' && ids.length > 50 ? REFUSED_DELAY_MS : 0;
}

/** the embedded reference with its ads API behind the delaying proxy */
const delayed = adsBehindProxy(embeddedReference(), async (req, url) => {
  await new Promise((r) => setTimeout(r, delayOf(req, url)));
  return false;
});

test('ADS-PT-001 passes when its case past the limit ends and cleans up while the case at the limit still lists', async () => {
  const out = await runLocal('ads API behind a delaying proxy', delayed, { rules: ['ADS-PT-001'], concurrency: 2, runs: 2 });
  const r = out.byId.get('ADS-PT-001');
  expect(r?.status, r?.reason).toBe('passed');
}, 60_000);
