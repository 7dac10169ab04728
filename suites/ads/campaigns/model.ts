// Model-based: short random sequences of campaign creations (valid, or breaking one rule), updates,
// deletions and lists (generators/ads/model.ts), each answer checked against what the model of
// the document predicts, with fast-check's asyncModelRun. After each accepted update a PUT of the
// campaign's own status (and daily budget) follows, which the model predicts to change nothing.
// Where the document allows several outcomes (a PUT without a daily budget keeps or clears it) the
// model leaves them open; the generators send no empty values (whether "" counts as given: not said).
// On a target with tenants each sequence runs on a tenant of its own (its account, its active
// campaigns, its funding instrument in the stand-in's place), side by side; without, side by side on
// the one account as far as the rule's share of its active-campaign limit holds their campaigns,
// each sequence then making no more than its part of that share.
import fc from 'fast-check';
import { checkProperty } from '../../../harness/engine/property.ts';
import {
  type AdsCommand,
  type AdsCommandRunner,
  type AdsExpectation,
  adsCommands,
  initialAdsModel,
} from '../../../generators/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { ok, record, refused, what } from '../reading/answers.ts';
import { createdCampaignId, fundingInstrumentId, requireWrites } from '../setup/records.ts';
import { activeShare, campaignsPath, differences, listAll, type Params, readCampaign, readsBack } from './campaign-records.ts';

const CAMPAIGN_COMMANDS = ['createCampaign', 'updateCampaign', 'deleteCampaign', 'listCampaigns'] as const;
/** commands per sequence */
export const MAX_COMMANDS = 15;

/** the funding instrument the commands are generated with: each sequence puts its account's in its place */
const FUNDING_STAND_IN = '{funding-instrument}';

/** `v` with the stand-in's value the funding instrument `fi` (params and predicted records alike) */
function withFunding<T extends Record<string, unknown>>(v: T, fi: string): T {
  return v.funding_instrument_id === FUNDING_STAND_IN ? { ...v, funding_instrument_id: fi } : v;
}

/** the target's side of a sequence: model keys to campaign ids, and keys the model no longer knows for sure */
interface Real {
  ids: Map<string, string>;
  /** keys whose state the document leaves open after what happened to them (they are no longer compared) */
  unknown: Set<string>;
}

/** a sequence's own side: what its commands run with (its context, on its tenant when it has one) */
interface OwnReal extends Real {
  runner: AdsCommandRunner<Real>;
}

function runner(ctx: AdsCtx, fi: string): AdsCommandRunner<Real> {
  const expectAnswer = (res: HttpResult, e: AdsExpectation, said: string, real: Real, key?: string): void => {
    if (e.outcome === 'rejected') {
      ctx.check(refused(res), `${said} breaks ${e.rules.join(', ')} and was not refused: ${what(res)}`, res);
    } else if (e.outcome === 'not-found') {
      ctx.check(res.status === 404, `${said}: a second DELETE answered ${what(res)}, not 404`, res);
    } else if (e.outcome === 'unspecified') {
      ctx.observe(`${said.split(' ')[0]} campaign: ${e.reason}`, String(res.status));
      if (ok(res) && key) real.unknown.add(key);
    } else if (e.outcome === 'accepted') {
      ctx.check(ok(res), `${said} was refused: ${what(res)}`, res);
      const shown = differences(record(res), withFunding(e.record, fi));
      ctx.check(shown.length === 0, `${said}: the answer shows ${shown.join('; ')}`);
    }
  };
  return {
    async run(cmd: AdsCommand, e: AdsExpectation, key: string | undefined, real: Real) {
      const path = await campaignsPath(ctx);
      if (cmd.kind === 'createCampaign') {
        const res = await ctx.api.ads.call('POST', path, { query: withFunding(cmd.params, fi) as Params });
        const said = `POST campaign ${JSON.stringify(cmd.params)} (${cmd.intent})`;
        // "required for most funding instrument types": a creation without a daily budget may be refused
        if (e.outcome === 'accepted' && !ok(res) && cmd.params.daily_budget_amount_local_micro === undefined && refused(res)) {
          ctx.observe('POST campaign without a daily budget', String(res.status));
          real.unknown.add(e.key);
          return undefined;
        }
        expectAnswer(res, e, said, real);
        if (e.outcome === 'accepted') real.ids.set(e.key, createdCampaignId(ctx, res));
        return undefined;
      }
      if (cmd.kind === 'listCampaigns') {
        if (e.outcome !== 'listed') return undefined;
        const listed = new Set(
          (await listAll(ctx, { with_deleted: cmd.with_deleted, with_draft: cmd.with_draft })).map((c) => String(c.id)),
        );
        const known = [...real.ids].filter(([k]) => !real.unknown.has(k));
        const missing = known.filter(([k, id]) => e.keys.includes(k) && !listed.has(id)).map(([, id]) => id);
        const extra = known.filter(([k, id]) => !e.keys.includes(k) && listed.has(id)).map(([, id]) => id);
        const said = `GET campaigns with_deleted=${cmd.with_deleted} with_draft=${cmd.with_draft}`;
        ctx.check(missing.length === 0, `${said} leaves out ${missing.join(', ')}`);
        ctx.check(extra.length === 0, `${said} lists ${extra.join(', ')}`);
        return undefined;
      }
      if (cmd.kind !== 'updateCampaign' && cmd.kind !== 'deleteCampaign') return undefined;
      const id = key === undefined ? undefined : real.ids.get(key);
      if (id === undefined || (key !== undefined && real.unknown.has(key))) return undefined;
      if (cmd.kind === 'updateCampaign') {
        const said = `PUT campaign ${id} ${JSON.stringify(cmd.params)} (${cmd.intent})`;
        const res = await ctx.api.ads.call('PUT', `${path}/${id}`, { query: withFunding(cmd.params, fi) as Params });
        expectAnswer(res, e, said, real, key);
        // then a PUT that names the status the campaign has: the model predicts no change at all. It
        // names the daily budget the campaign has too, since "on update, a missing daily budget makes
        // the campaign spend evenly over the flight from the total budget" (it may clear it)
        const status = e.outcome === 'accepted' ? e.record.entity_status : undefined;
        if (e.outcome === 'accepted' && (status === 'ACTIVE' || status === 'PAUSED')) {
          const daily = e.record.daily_budget_amount_local_micro as number | undefined;
          const query = { entity_status: status, daily_budget_amount_local_micro: daily };
          const again = await ctx.api.ads.call('PUT', `${path}/${id}`, { query });
          expectAnswer(again, e, `after ${said}, PUT ${JSON.stringify(query)} (what it has)`, real, key);
        }
        return undefined;
      }
      const res = await ctx.api.ads.call('DELETE', `${path}/${id}`);
      expectAnswer(res, e.outcome === 'accepted' ? { ...e, record: {} } : e, `DELETE campaign ${id}`, real, key);
      if (e.outcome === 'accepted') {
        const deleted = (await readCampaign(ctx, id, true)).deleted;
        ctx.check(deleted === true, `after DELETE campaign ${id} (with_deleted=true) shows deleted ${JSON.stringify(deleted)}`);
      }
      return undefined;
    },
  };
}

/** the campaigns each sequence may make when sequences share the account side by side, each lane room for fewer than MAX_COMMANDS */
export const LANE_CAMPAIGNS = 8;

/**
 * Without tenants, the sequences side by side on the one account: as many at once as --concurrency
 * allows and the rule's share of the active-campaign limit (the rules beside it keep theirs) and the
 * room left hold LANE_CAMPAIGNS campaigns each; where a lane's part of the room is below
 * MAX_COMMANDS, each sequence makes no more campaigns than that part (`budget`), so that none can
 * reach the limit the model predicts refusals at (each judges only its own campaigns). With no room
 * for two lanes, one after another, as many campaigns as the commands make. On a target with
 * tenants each sequence has an account (and a limit) of its own: no budget.
 */
function sideBySide(ctx: AdsCtx, room: number): { lanes: number; budget?: number } {
  if (ctx.tenantsOffered) return { lanes: ctx.s.lanes };
  const shared = Math.min(room, activeShare(ctx));
  const lanes = Math.max(1, Math.min(ctx.s.lanes, Math.floor(shared / LANE_CAMPAIGNS)));
  const part = Math.floor(shared / lanes);
  return { lanes, budget: lanes > 1 && part < MAX_COMMANDS ? part : undefined };
}

/** what a sequence starts from on its account: its funding instrument and room for active campaigns */
async function accountRoom(ctx: AdsCtx): Promise<{ fi: string; room: number }> {
  const fi = await fundingInstrumentId(ctx);
  const limit = ctx.api.activeCampaignLimit;
  const alreadyActive = (await listAll(ctx)).filter((c) => c.entity_status === 'ACTIVE' && c.deleted !== true).length;
  ctx.setup(alreadyActive < limit, `the account already holds ${alreadyActive} active campaigns, its limit being ${limit}`);
  return { fi, room: limit - alreadyActive };
}

export async function campaignModelCheck(ctx: AdsCtx): Promise<void> {
  requireWrites(ctx);
  await readsBack(ctx);
  const app = await accountRoom(ctx);
  const { lanes, budget } = sideBySide(ctx, app.room);
  const commands = adsCommands(
    { run: (cmd, e, key, real: OwnReal) => real.runner.run(cmd, e, key, real) },
    {
      fundingInstrumentId: FUNDING_STAND_IN,
      namePrefix: `conform-${ctx.api.runId}-`,
      kinds: CAMPAIGN_COMMANDS,
      maxCommands: MAX_COMMANDS,
      // fast-check's default size keeps sequences under 10 commands; up to MAX_COMMANDS lets PUTs follow PUTs on one campaign
      size: 'max',
      campaignBudget: budget,
    },
  );
  await checkProperty(
    ctx,
    commands,
    async (cmds, c) => {
      const { fi, room } = c === ctx ? app : await accountRoom(c);
      const real: OwnReal = { ids: new Map(), unknown: new Set(), runner: runner(c, fi) };
      await fc.asyncModelRun(() => ({ model: { state: initialAdsModel(room) }, real }), cmds);
    },
    // without tenants the sequences share the account, side by side as sideBySide allows; on a target
    // with tenants each has an account of its own: they go side by side as far as --concurrency
    { ownTenant: true, independent: lanes > 1, lanes: ctx.tenantsOffered ? undefined : lanes },
  );
}
