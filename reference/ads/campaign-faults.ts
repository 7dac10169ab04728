// The campaigns faults (faults/campaigns.ts), applied on the single-record campaign routes only:
// the batch endpoint shares createCampaign/updateCampaign/deleteCampaign and stays correct.

import type { Ctx } from './context.ts';
import type { Raw, Spec } from './params.ts';
import type { Rec } from './table.ts';

/** the create spec as a fault loosens it */
export function faultyCreateSpec(ctx: Ctx, spec: Spec): Spec {
  const s = { ...spec };
  if (ctx.fault('ads-campaign-name-256')) s.name = { t: 'string', max: 256, required: true };
  if (ctx.fault('ads-campaign-po-51')) s.purchase_order_number = { t: 'string', max: 51 };
  if (ctx.fault('ads-campaign-optimization-unchecked')) s.budget_optimization = { t: 'string' };
  return s;
}

const BUDGETS = ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro'];

/** the create parameters as a fault rewrites them before they are read */
export function faultyCreateRaw(ctx: Ctx, raw: Raw): Raw {
  const r = new Map(raw);
  if (ctx.fault('ads-campaign-name-optional') && !r.get('name')) r.set('name', 'Untitled campaign');
  if (ctx.fault('ads-campaign-budget-rounded')) {
    for (const k of BUDGETS) {
      const v = r.get(k);
      if (v !== undefined && /^\d+\.\d+$/.test(v)) r.set(k, String(Math.round(Number(v))));
    }
  }
  if (ctx.fault('ads-campaign-default-paused') && !r.has('entity_status')) r.set('entity_status', 'PAUSED');
  return r;
}

/** the campaign as created (single-record POST), for the fault that applies PUTs to it */
const AS_CREATED = new WeakMap<Rec, Rec>();

export function rememberCreated(rec: Rec): void {
  AS_CREATED.set(rec, structuredClone(rec));
}

/** what a PUT leaves unchanged is taken from here: the campaign, or under the fault the campaign as created */
export function putBase(ctx: Ctx, rec: Rec): Rec {
  const created = AS_CREATED.get(rec);
  return ctx.fault('ads-campaign-put-from-creation') && created ? { ...rec, ...created, id: rec.id, deleted: rec.deleted } : rec;
}
