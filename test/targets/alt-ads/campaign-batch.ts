// The campaign batch: Create, Update and Delete items act as the single calls do; Update and
// Delete name the campaign as params.campaign_id.
import { ownAccount } from './auth.ts';
import { paramsOf, runBatch } from './batch.ts';
import { createCampaign, deleteCampaign, findCampaign, updateCampaign } from './campaign-rules.ts';
import { invalidOne } from './errors.ts';
import type { Answer, Call, Route } from './router.ts';
import { campaignView } from './views.ts';

function batch(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const st = c.ctx.st;
  return runBatch(c, {
    snapshot() {
      const campaigns = new Map([...st.campaigns].map(([k, v]) => [k, { ...v }]));
      const history = st.history.length;
      return () => {
        st.campaigns = campaigns;
        st.history.length = history;
      };
    },
    run(op, params) {
      if (op === 'Create') return campaignView(createCampaign(c.ctx, a, c.user, paramsOf(params, {})));
      const id = params.campaign_id;
      if (typeof id !== 'string' || id === '') throw invalidOne('REQUIRED_PARAMETER_MISSING', 'campaign_id is required', 'campaign_id');
      const found = findCampaign(c.ctx, a, id, op === 'Delete');
      if (op === 'Delete') return campaignView(deleteCampaign(c.ctx, found, c.user));
      return campaignView(updateCampaign(c.ctx, found, c.user, paramsOf(params, {}, ['campaign_id'])));
    },
  });
}

export const campaignBatchRoutes: Route[] = [{ method: 'POST', pattern: '/batch/accounts/:account_id/campaigns', handler: batch }];
