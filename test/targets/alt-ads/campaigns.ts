// The campaign endpoints: list (campaign_ids, funding_instrument_ids, q, with_draft), single,
// create, update, delete.
import { ownAccount } from './auth.ts';
import { createCampaign, deleteCampaign, findCampaign, updateCampaign } from './campaign-rules.ts';
import { listBody, page, readListParams } from './listing.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import { campaignView } from './views.ts';

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = c.p;
  const ids = p.list('campaign_ids');
  const fis = p.list('funding_instrument_ids');
  const q = p.str('q')?.toLowerCase();
  const withDraft = p.bool('with_draft') ?? false;
  const lr = readListParams(c.ctx, c.user, p, {
    sortable: ['entity_status', 'daily_budget_amount_local_micro', 'total_budget_amount_local_micro'],
  });
  const found = [...c.ctx.st.campaigns.values()].filter(
    (x) =>
      x.accountId === a.id &&
      (withDraft || x.entityStatus !== 'DRAFT') &&
      (!ids || ids.includes(x.id)) &&
      (!fis || fis.includes(x.fundingInstrumentId)) &&
      (q === undefined || x.name.toLowerCase().startsWith(q)),
  );
  const pg = page(found, lr, (x, attr) => campaignView(x)[attr]);
  return { body: listBody(p, lr, pg, campaignView) };
}

function get(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  return one(c, campaignView(findCampaign(c.ctx, a, c.path.campaign_id, withDeleted)));
}

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  return one(c, campaignView(createCampaign(c.ctx, a, c.user, c.p)));
}

function update(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const found = findCampaign(c.ctx, a, c.path.campaign_id);
  return one(c, campaignView(updateCampaign(c.ctx, found, c.user, c.p)));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const found = findCampaign(c.ctx, a, c.path.campaign_id);
  return one(c, campaignView(deleteCampaign(c.ctx, found, c.user)));
}

export const campaignRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/campaigns', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/campaigns', handler: create },
  { method: 'GET', pattern: '/accounts/:account_id/campaigns/:campaign_id', handler: get },
  { method: 'PUT', pattern: '/accounts/:account_id/campaigns/:campaign_id', handler: update },
  { method: 'DELETE', pattern: '/accounts/:account_id/campaigns/:campaign_id', handler: remove },
];
