// Recommendations (closed beta, version segment 5): at most one per funding instrument, offered for
// each funding instrument that has a live campaign; a single recommendation is a tree of suggested
// changes (operation_type, entity_type, params, dependent_entities) usable with the batch endpoints.

import type { Reply } from '../host/http.ts';
import { ownAccount } from './context.ts';
import { array, single } from './envelope.ts';
import { notFound } from './errors.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec } from './table.ts';

function offered(acc: AccountData): { id: string; fi: Rec; campaign: Rec }[] {
  return acc.fundingInstruments
    .all()
    .filter((fi) => !fi.deleted)
    .flatMap((fi) => {
      const campaign = acc.campaigns
        .all()
        .filter((c) => !c.deleted && c.funding_instrument_id === fi.id)
        .at(-1);
      return campaign ? [{ id: `r${fi.id}`, fi, campaign }] : [];
    });
}

function summary(r: { id: string; fi: Rec; campaign: Rec }) {
  return { id: r.id, funding_instrument_id: r.fi.id, campaign_id: r.campaign.id, created_at: r.campaign.updated_at, status: 'PENDING' };
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return array(call.echo, offered(acc).map(summary));
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const r = offered(acc).find((x) => x.id === call.path.recommendation_id);
  if (!r) throw notFound('NOT_FOUND', 'Recommendation', call.path.recommendation_id);
  const bump = (v: unknown) => (typeof v === 'number' ? Math.round((v * 1.1) / 10_000) * 10_000 : 10_000_000);
  const lineItems = acc.lineItems.all().filter((li) => !li.deleted && li.campaign_id === r.campaign.id);
  return single(call.echo, {
    ...summary(r),
    changes: [
      {
        entity_type: 'campaigns',
        params: { id: r.campaign.id, daily_budget_amount_local_micro: bump(r.campaign.daily_budget_amount_local_micro) },
        operation_type: 'Update',
        dependent_entities: lineItems.map((li) => ({
          entity_type: 'line_items',
          params: { id: li.id, bid_amount_local_micro: bump(li.bid_amount_local_micro) },
          operation_type: 'Update',
          dependent_entities: [],
        })),
      },
    ],
  });
}

export const recommendationRoutes: AdsRoute[] = [
  { method: 'GET', version: '5', path: '/accounts/:account_id/recommendations', handle: list },
  { method: 'GET', version: '5', path: '/accounts/:account_id/recommendations/:recommendation_id', handle: get },
];
