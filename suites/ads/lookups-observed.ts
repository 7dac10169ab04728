// What the document leaves open about the lookups, observed: the fields of publishers and bidding
// rules ("response field names: not shown"), the audience estimate's answer ("response shape: not
// shown") and which criteria count as primary, and recommendations (closed beta, version 5).
import { inLanes } from '../../harness/domain/lanes.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { envelope, ok, records } from './reading/answers.ts';
import { AUDIENCE_BASE } from './setup/lookup-bodies.ts';
import { accountId, mayWrite, postCampaign } from './setup/records.ts';
import { together } from './setup/steps.ts';

/** "object{a,b{c}}", "array[3] of object{…}", "400": what an answer's data looks like */
function shapeOf(v: unknown, depth = 0): string {
  if (Array.isArray(v)) return `array[${v.length}]${v.length > 0 ? ` of ${shapeOf(v[0], depth)}` : ''}`;
  if (v && typeof v === 'object') {
    if (depth >= 2) return 'object';
    const members = Object.entries(v as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, x]) => (x && typeof x === 'object' && !Array.isArray(x) ? `${k}${shapeOf(x, depth + 1).slice('object'.length)}` : k));
    return `object{${members.join(',')}}`;
  }
  return v === null ? 'null' : typeof v;
}

function answerOf(res: HttpResult): string {
  return ok(res) ? `${res.status} data ${shapeOf(envelope(res).data)}` : `${res.status} (refused)`;
}

/** the member names the records of a list carry, all of them */
function fieldsOf(rs: Record<string, unknown>[]): string {
  return [...new Set(rs.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])))].sort().join(', ') || '(none)';
}

export const observedLookupsChecks: Record<string, AdsCheck> = {
  async 'ADS-LKP-OBS-001'(ctx: AdsCtx) {
    const [publishers, rules, usd] = await together([
      () => ctx.api.ads.call('GET', '/publishers'),
      () => ctx.api.ads.call('GET', '/bidding_rules'),
      () => ctx.api.ads.call('GET', '/bidding_rules', { query: { currency: 'USD' } }),
    ]);
    ctx.observe('GET /publishers', answerOf(publishers));
    if (ok(publishers)) ctx.observe('fields of a publisher', fieldsOf(records(publishers)));
    ctx.observe('GET /bidding_rules', answerOf(rules));
    if (ok(rules)) ctx.observe('fields of a bidding rule', fieldsOf(records(rules)));
    ctx.observe('GET /bidding_rules?currency=USD', answerOf(usd));
  },

  async 'ADS-LKP-OBS-002'(ctx: AdsCtx) {
    const path = `/accounts/${await accountId(ctx)}/audience_estimate`;
    // which targeting types are primary is not listed: a LANGUAGE criterion alone shows one answer
    const secondaryOnly = { targeting_criteria: [{ targeting_type: 'LANGUAGE', targeting_value: 'en' }] };
    // estimates make nothing: side by side
    const [base, negated, language] = await inLanes([AUDIENCE_BASE, { ...AUDIENCE_BASE, operator_type: 'NE' }, secondaryOnly], (json) =>
      ctx.api.ads.call('POST', path, { json }),
    );
    ctx.observe('POST audience_estimate (two BROAD_KEYWORD criteria)', answerOf(base));
    ctx.observe('POST audience_estimate with operator_type NE beside targeting_criteria', answerOf(negated));
    ctx.observe('POST audience_estimate with a LANGUAGE criterion only (primary types: not listed)', answerOf(language));
  },

  async 'ADS-LKP-OBS-003'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    // a recommendation concerns a funding instrument's campaigns: give it one where writes are allowed
    if (mayWrite(ctx)) {
      const made = await postCampaign(ctx);
      ctx.observe('a campaign for the recommendations to concern', made.status < 300 ? 'created' : `not created (${made.status})`);
    }
    const path = `/accounts/${account}/recommendations`;
    const [list, onTwelve] = await inLanes([5, 12], (version) => ctx.api.ads.call('GET', path, { version }));
    ctx.observe(`GET /5${path.replace(account, ':account_id')}`, answerOf(list));
    ctx.observe('GET /12/accounts/:account_id/recommendations (the document says version 5)', String(onTwelve.status));
    if (!ok(list)) return;
    const recs = records(list);
    ctx.observe('fields of a recommendation in the list', fieldsOf(recs));
    const perInstrument = new Map<string, number>();
    for (const r of recs)
      if (typeof r.funding_instrument_id === 'string')
        perInstrument.set(r.funding_instrument_id, (perInstrument.get(r.funding_instrument_id) ?? 0) + 1);
    if (perInstrument.size > 0)
      ctx.observe('most recommendations of one funding_instrument_id (the limit: one)', String(Math.max(...perInstrument.values())));
    const first = recs.find((r) => typeof r.id === 'string');
    if (!first) return;
    const one = await ctx.api.ads.call('GET', `${path}/${encodeURIComponent(first.id as string)}`, { version: 5 });
    ctx.observe('GET /5/accounts/:account_id/recommendations/:recommendation_id', answerOf(one));
  },
};
