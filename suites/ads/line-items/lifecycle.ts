// A line item's life: creation (not shown by the document: observed), PUT of entity_status (States
// and transitions), DELETE (irreversible; a repeat is 404) without cascade to its promoted posts,
// and advertiser_user_id (which client applications may set it: not shown, observed).
import type { AdsCheck, AdsCtx } from '../api.ts';
import { needOk, ok, record, records, what } from '../reading/answers.ts';
import { creationOf, postProbeLineItem, rememberLineItemCreation } from '../setup/line-item-creation.ts';
import { requireWrites } from '../setup/records.ts';
import { prerollCategories } from '../setup/preroll-categories.ts';
import { newLineItem } from './create.ts';
import { LINE_ITEM_FIELDS } from './fields.ts';

const short = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…` : s);

async function putLineItem(ctx: AdsCtx, account: string, id: string, query: Record<string, string | number>) {
  return ctx.api.ads.call('PUT', `/accounts/${account}/line_items/${id}`, { query });
}

export const lifecycleChecks: Record<string, AdsCheck> = {
  async 'ADS-LI-OBS-001'(ctx: AdsCtx) {
    requireWrites(ctx);
    const topic = 'line item creation: POST /12/accounts/:account_id/line_items (campaign_id, objective, product_type, placements)';
    if (ctx.api.target.lineItemCreation === false) {
      ctx.observe(topic, 'not tried: the config says target.adsApi.lineItemCreation: false');
      return;
    }
    const res = await postProbeLineItem(ctx);
    const c = creationOf(res);
    rememberLineItemCreation(ctx, c);
    const created = c.idProblem ? `creates them (${res.status}), answering a record whose ${c.idProblem}` : `creates them (${res.status})`;
    ctx.observe(topic, c.creates ? created : `does not: ${short(what(res))}`);
    if (!c.creates) return;
    const li = record(res);
    const defaults = ['bid_strategy', 'goal', 'pay_by'].map((k) => `${k} ${JSON.stringify(li[k])}`).join(', ');
    ctx.observe('defaults of an ENGAGEMENTS line item created without bid, goal or pay_by', defaults);
    const extra = Object.keys(li).filter((k) => !LINE_ITEM_FIELDS.has(k));
    ctx.observe('line item fields beyond the documented list', extra.length ? extra.sort().join(', ') : 'none');
  },

  async 'ADS-LI-OBS-002'(ctx: AdsCtx) {
    const base = await newLineItem(ctx);
    const users = await ctx.api.ads.call('GET', `/accounts/${base.account}/promotable_users`);
    needOk(ctx, users, 'listing promotable users');
    const user = records(users).find((u) => typeof u.user_id === 'string' || typeof u.user_id === 'number');
    const userId = user ? String(user.user_id) : typeof base.record.advertiser_user_id === 'string' ? base.record.advertiser_user_id : '';
    if (!userId) {
      ctx.observe('advertiser_user_id', 'not tried: no promotable user of the account and no advertiser_user_id on a line item');
      return;
    }
    const preroll = await ctx.api.ads.call('POST', `/accounts/${base.account}/line_items`, {
      query: {
        campaign_id: base.record.campaign_id as string,
        name: ctx.api.name('line-item'),
        objective: 'PREROLL_VIEWS',
        product_type: base.record.product_type as string,
        placements: base.record.placements as string[],
        entity_status: 'PAUSED',
        // "one or two categories must be set on such a line item" (Reference lookups)
        categories: await prerollCategories(ctx),
      },
    });
    const targets: [string, string | undefined][] = [
      ['ENGAGEMENTS', base.id],
      ['PREROLL_VIEWS', ok(preroll) ? (record(preroll).id as string | undefined) : undefined],
    ];
    for (const [objective, id] of targets) {
      const topic = `PUT advertiser_user_id on a ${objective} line item`;
      if (!id) {
        ctx.observe(topic, `not tried: creating a PREROLL_VIEWS line item answered ${short(what(preroll))}`);
        continue;
      }
      const res = await putLineItem(ctx, base.account, id, { advertiser_user_id: userId });
      ctx.observe(topic, ok(res) ? `accepted (${res.status})` : `refused: ${short(what(res))}`);
    }
  },

  async 'ADS-LI-016'(ctx: AdsCtx) {
    const made = [
      await newLineItem(ctx, 'APP_INSTALLS', { goal: 'APP_INSTALLS', android_app_store_identifier: 'com.example.conform' }),
      await newLineItem(ctx, 'WEBSITE_CLICKS', { goal: 'LINK_CLICKS', bid_strategy: 'AUTO' }),
    ];
    for (const li of made) {
      // the record may spell the default out or show no value (the default applies): any other value breaks it
      const payBy = li.record.pay_by;
      ctx.check(
        payBy === 'IMPRESSION' || payBy === null || payBy === undefined,
        `a ${li.record.objective} line item with goal ${li.record.goal}, made without pay_by, has pay_by ${JSON.stringify(payBy)}, not the default IMPRESSION`,
      );
      ctx.observe('pay_by of a line item made without one (default IMPRESSION)', payBy === 'IMPRESSION' ? 'IMPRESSION' : 'no value');
    }
  },

  async 'ADS-LI-008'(ctx: AdsCtx) {
    const li = await newLineItem(ctx, 'ENGAGEMENTS', {}, 'PAUSED');
    let state = typeof li.record.entity_status === 'string' ? li.record.entity_status : 'PAUSED';
    let moved = 0;
    for (const to of ['ACTIVE', 'PAUSED', 'PAUSED'] as const) {
      const res = await putLineItem(ctx, li.account, li.id, { entity_status: to });
      if (!ok(res)) {
        // which source states permit a PUT to ACTIVE or PAUSED: not shown
        ctx.observe(`PUT entity_status ${to} on a ${state} line item`, `refused: ${short(what(res))}`);
        continue;
      }
      moved++;
      const answered = record(res).entity_status;
      ctx.check(answered === to, `PUT entity_status=${to} on a ${state} line item answered entity_status ${JSON.stringify(answered)}`);
      const later = await putLineItem(ctx, li.account, li.id, { name: ctx.api.name('line-item') });
      needOk(ctx, later, 'a PUT of the name afterwards');
      const kept = record(later).entity_status;
      ctx.check(kept === to, `after PUT entity_status=${to} was accepted, the next PUT answers entity_status ${JSON.stringify(kept)}`);
      state = to;
    }
    if (moved === 0) ctx.notCheckable('the target permitted no PUT of entity_status (which source states permit one: not shown)');
  },

  async 'ADS-LI-009'(ctx: AdsCtx) {
    const li = await newLineItem(ctx);
    const path = `/accounts/${li.account}/line_items/${li.id}`;
    const first = await ctx.api.ads.call('DELETE', path);
    ctx.check(ok(first), `DELETE of a line item was refused: ${what(first)}`);
    const answered = record(first);
    if ('deleted' in answered)
      ctx.check(answered.deleted === true, `DELETE answered the line item with deleted ${JSON.stringify(answered.deleted)}`);
    const second = await ctx.api.ads.call('DELETE', path);
    ctx.check(second.status === 404, `a second DELETE of the line item answered ${what(second)}, not 404`);
    // irreversible: whatever a PUT on it answers (not described), the line item stays deleted, so a DELETE still answers 404
    const put = await putLineItem(ctx, li.account, li.id, { entity_status: 'PAUSED' });
    ctx.observe('PUT on a deleted line item (not described)', String(put.status));
    const third = await ctx.api.ads.call('DELETE', path);
    ctx.check(
      third.status === 404,
      `after a PUT (${put.status}) on the deleted line item, DELETE answered ${what(third)}, not 404: it is no longer deleted`,
    );
  },

  async 'ADS-LI-010'(ctx: AdsCtx) {
    const tweets = (await ctx.api.fixtures()).tweetIds ?? [];
    if (tweets.length === 0)
      ctx.notCheckable('needs a post of the user to promote: the control API gave none and the config names no fixtures.ads.tweetIds');
    const li = await newLineItem(ctx);
    const posted = await ctx.api.ads.call('POST', `/accounts/${li.account}/promoted_tweets`, {
      query: { line_item_id: li.id, tweet_ids: tweets[0] },
    });
    needOk(ctx, posted, 'promoting a post on the line item');
    const ids = (records(posted).length ? records(posted) : [record(posted)])
      .map((r) => r.id)
      .filter((x): x is string => typeof x === 'string');
    ctx.setup(ids.length > 0, `promoting a post answered no record id: ${what(posted)}`);
    const deleted = await ctx.api.ads.call('DELETE', `/accounts/${li.account}/line_items/${li.id}`);
    needOk(ctx, deleted, 'deleting the line item');
    const list = (withDeleted: boolean) =>
      ctx.api.ads.call('GET', `/accounts/${li.account}/promoted_tweets`, {
        query: { promoted_tweet_ids: ids, ...(withDeleted ? { with_deleted: true } : {}) },
      });
    const plain = await list(false);
    needOk(ctx, plain, 'listing the promoted posts');
    const shown = records(plain).filter((r) => ids.includes(r.id as string));
    ctx.check(
      shown.length === 0,
      `promoted posts of a deleted line item are listed without with_deleted: ${JSON.stringify(shown).slice(0, 300)}`,
    );
    const all = await list(true);
    needOk(ctx, all, 'listing the promoted posts with with_deleted=true');
    for (const id of ids) {
      const r = records(all).find((x) => x.id === id);
      ctx.check(r, `promoted post ${id} of the deleted line item is not listed with with_deleted=true: ${what(all)}`);
      ctx.check(
        r.deleted === false,
        `promoted post ${id} of the deleted line item has deleted ${JSON.stringify(r.deleted)}, not false (no cascade)`,
      );
    }
  },
};
