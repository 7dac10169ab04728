// Batch rules item 6: "The container shape around the item list in the request body: not shown".
// Observed: the container the target accepts, and how the run learnt it (config or probe).
import type { AdsCheck, AdsCtx } from '../api.ts';
import { CONFIG_KEY, describeForm, foundForm } from './form.ts';

export const observeChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-OBS-001'(ctx: AdsCtx) {
    const found = await foundForm(ctx);
    const topic = 'batch request body container (POST /batch/accounts/:account_id/campaigns)';
    const source = found.how === 'config' ? 'set by target.adsApi.batchBody' : 'found by a probe';
    const unread = found.unreadItems ? `; its answer's items hold no record of the item: ${found.unreadItems}` : '';
    if (found.form) ctx.observe(topic, `${describeForm(found.form)} (${source}: ${found.tried.join('; ')}${unread})`);
    else {
      const none = found.how === 'config' ? 'the configured container was not accepted' : 'none of the containers tried was accepted';
      ctx.observe(topic, `${none} (${found.tried.join('; ')}); set ${CONFIG_KEY}`);
    }
  },
};
