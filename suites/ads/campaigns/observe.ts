// What the document does not show: the status and body shape of a refused campaign creation (Errors:
// "Error body shape and error code list …: not shown") and of a successful one ("Complete campaign
// response shape beyond these: not shown").
import { errorCodesOf, validateAdsResponse } from '../../../schemas/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { record } from '../reading/answers.ts';
import { requireWrites } from '../setup/records.ts';
import { postWithBudget } from './campaign-records.ts';

function members(v: unknown): string {
  return v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).sort().join(', ') : JSON.stringify(v);
}

function shape(res: HttpResult): string {
  return `${res.status} ${res.headers['content-type'] ?? '(no content type)'}; members: ${members(res.body)}`;
}

export const observeChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-OBS-001'(ctx: AdsCtx) {
    requireWrites(ctx);
    const refused = await postWithBudget(ctx, { name: undefined });
    ctx.observe('a refused campaign creation (no name)', shape(refused));
    const codes = errorCodesOf(refused.body);
    ctx.observe('error codes of a refused campaign creation (no name)', codes.length ? codes.join(', ') : '(none under a `code` member)');
    const created = await postWithBudget(ctx, { total_budget_amount_local_micro: 10_000_000 });
    ctx.observe('a successful campaign creation', shape(created));
    ctx.observe('members of a created campaign record', members(record(created)));
    const v = validateAdsResponse('single', 'campaign', created.body);
    ctx.observe('a created campaign against schemas/ads campaign.json', v.ok ? 'valid' : v.errors.join('; '));
  },
};
