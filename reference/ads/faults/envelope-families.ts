// The envelope broken on one endpoint at a time (list-endpoints.ts): request.params without the
// query parameters, data no list on a list or no object on a single retrieval, next_cursor left
// out of a list, total_count on a list that did not ask for it; and request left out everywhere.
import type { Reply } from '../../host/http.ts';
import { dropMember, mapMember, setMember } from '../../host/mutations.ts';
import { adsMutation } from './fault.ts';
import { keyed } from './fields.ts';
import { LIST_ROUTES, SINGLE_ROUTES } from './list-endpoints.ts';

/** total_count on a list answer that has none: the number of records of the page */
function withTotalCount(reply: Reply): Reply {
  const b = reply.body as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object' || !Array.isArray(b.data) || 'total_count' in b) return reply;
  return { ...reply, body: { ...b, total_count: b.data.length } };
}

/** the reads that answer arrays without list parameters: the lookups and the account's features */
const ARRAY_ROUTES: readonly { name: string; route: string }[] = [
  { name: 'business-categories', route: 'GET /advertiser_business_categories' },
  { name: 'content-categories', route: 'GET /content_categories' },
  { name: 'publishers', route: 'GET /publishers' },
  { name: 'placements', route: 'GET /line_items/placements' },
  { name: 'bidding-rules', route: 'GET /bidding_rules' },
  { name: 'features', route: 'GET /accounts/:account_id/features' },
];

const ALL_READS = [...LIST_ROUTES.map((l) => l.route), ...SINGLE_ROUTES.map((s) => s.route)];

/** the single-item writes of a campaign, whose answers ADS-ENV-002 reads */
const CAMPAIGN_WRITES = [
  { name: 'campaign-post', route: 'POST /accounts/:account_id/campaigns' },
  { name: 'campaign-put', route: 'PUT /accounts/:account_id/campaigns/:campaign_id' },
  { name: 'campaign-delete', route: 'DELETE /accounts/:account_id/campaigns/:campaign_id' },
];

/** writes of the accounts area whose answers' echo their rules check */
const WRITES = [
  { name: 'account-put', route: 'PUT /accounts/:account_id', rule: 'ADS-ACC-005' },
  { name: 'features-post', route: 'POST /accounts/:account_id/features', rule: 'ADS-SBX-003' },
];

export const ENVELOPE_FAMILY_FAULTS = [
  ...CAMPAIGN_WRITES.map((w) =>
    adsMutation(
      'ads',
      `ads-single-as-array-${w.name}`,
      `${w.route} answers data as a one-element array, not an object`,
      ['ADS-ENV-002'],
      [w.route],
      { reply: mapMember('data', (d) => [d]) },
    ),
  ),
  ...WRITES.map((w) =>
    adsMutation(
      'ads',
      `ads-params-not-echoed-${w.name}`,
      `${w.route} answers request.params {}: the query is not echoed`,
      [w.rule],
      [w.route],
      {
        reply: setMember('request.params', {}),
      },
    ),
  ),
  adsMutation(
    'ads',
    'ads-total-count-as-string',
    'the campaigns list answers total_count as a string',
    ['ADS-ENV-004'],
    ['GET /accounts/:account_id/campaigns'],
    { reply: mapMember('total_count', (v) => String(v)) },
  ),
  adsMutation('ads', 'ads-envelope-without-request', 'list and single answers carry no request member', ['ADS-ENV-001'], ALL_READS, {
    reply: dropMember('request'),
  }),
  // (a single curated category takes no query parameter: nothing to echo)
  ...[
    ...LIST_ROUTES.map((l) => ({ ...l, kind: 'list' })),
    ...SINGLE_ROUTES.filter((s) => s.withDeleted).map((s) => ({ ...s, kind: 'single' })),
  ].map((r) =>
    adsMutation(
      'ads',
      `ads-params-not-echoed-${r.kind}-${r.name}`,
      `${r.route} answers request.params {}: the query is not echoed`,
      ['ADS-ENV-001'],
      [r.route],
      { reply: setMember('request.params', {}) },
    ),
  ),
  // GET /accounts with data no array stops the run at its start check (suites/ads/domain.ts): no rule runs to catch it
  ...LIST_ROUTES.filter((l) => l.name !== 'accounts').map((l) =>
    adsMutation(
      'ads',
      `ads-list-data-keyed-${l.name}`,
      `${l.route} answers data as an object keyed by id, not an array`,
      ['ADS-ENV-002'],
      [l.route],
      { reply: mapMember('data', keyed) },
    ),
  ),
  ...SINGLE_ROUTES.map((s) =>
    adsMutation(
      'ads',
      `ads-single-as-array-${s.name}`,
      `${s.route} answers data as a one-element array, not an object`,
      ['ADS-ENV-002'],
      [s.route],
      { reply: mapMember('data', (d) => [d]) },
    ),
  ),
  ...LIST_ROUTES.map((l) =>
    adsMutation('ads', `ads-next-cursor-dropped-${l.name}`, `${l.route} answers no next_cursor on any page`, ['ADS-ENV-003'], [l.route], {
      reply: dropMember('next_cursor'),
    }),
  ),
  ...ARRAY_ROUTES.map((l) =>
    adsMutation(
      'ads',
      `ads-total-count-always-${l.name}`,
      `${l.route} answers total_count, which it is never asked for`,
      ['ADS-ENV-004'],
      [l.route],
      { reply: withTotalCount },
    ),
  ),
  ...LIST_ROUTES.map((l) =>
    adsMutation(
      'ads',
      `ads-total-count-always-${l.name}`,
      `${l.route} answers total_count also without with_total_count=true`,
      ['ADS-ENV-004'],
      [l.route],
      { reply: withTotalCount },
    ),
  ),
];
