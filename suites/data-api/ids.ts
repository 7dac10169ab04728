// Webhook ids on DELETE and PUT: unknown ones and malformed ones are refused.
import type { DataCheck, DataCtx } from './api.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import {
  fixedIdMutations,
  fixedUnknownWebhookIds,
  type IdMutation,
  invalidIdMutation,
  unknownWebhookId,
} from '../../generators/data-api/ids.ts';
import type { Mutated } from '../../generators/builders.ts';
import { expectRefused, expectRefusedWith } from './verdicts/http.ts';
import { findListed, listed, registerValid } from './setup/webhooks.ts';
import { NO_SECOND_APP, needTenant } from './setup/tenant-needs.ts';

const STAND_IN_ID = '4242424242';

const unknownIdRefused =
  (method: 'DELETE' | 'PUT'): DataCheck =>
  async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const deleted = await ctx.api.data.deleteWebhook(id);
    ctx.setup(deleted.status === 200, `DELETE of a fresh webhook answered ${deleted.status}`);
    const known = (await listed(ctx)).map((w) => w.id);
    const call = (x: string) => (method === 'DELETE' ? ctx.api.data.deleteWebhook(x) : ctx.api.data.putWebhook(x));
    expectRefusedWith(ctx, await call(id), 'WebhookIdInvalid', `${method} /2/webhooks/:webhook_id (deleted id ${id})`);
    // the edges of the pattern (1 digit, 19 digits, the int64 maximum) in every run, then random ids
    await checkCases(
      ctx,
      fixedUnknownWebhookIds([...known, id]),
      unknownWebhookId([...known, id]),
      async (unknown) => {
        expectRefusedWith(ctx, await call(unknown), 'WebhookIdInvalid', `${method} /2/webhooks/${unknown} (unknown id)`);
      },
      { runs: Math.min(ctx.runs, 10), independent: true },
    );
  };

export const idChecks: Record<string, DataCheck> = {
  // WebhookIdInvalid: "id not found or not owned by the app". A tenant is an app of its own: its
  // webhook's id is one this app does not own.
  'WH-ID-004': async (ctx: DataCtx) => {
    needTenant(ctx, NO_SECOND_APP);
    const own = new Set((await listed(ctx)).map((w) => w.id));
    await ctx.onTenant(async (other) => {
      // an id of this app's own webhooks names its webhook, rightly: the other app's must be another
      let foreign: string | undefined;
      for (let i = 0; i < 2 && foreign === undefined; i++) {
        const { id } = await registerValid(other);
        if (!own.has(id)) foreign = id;
      }
      if (foreign === undefined) ctx.notCheckable("the other app's webhooks got the ids of this app's own webhooks");
      expectRefusedWith(
        ctx,
        await ctx.api.data.deleteWebhook(foreign),
        'WebhookIdInvalid',
        `DELETE /2/webhooks/${foreign} (another app's webhook)`,
      );
      expectRefusedWith(
        ctx,
        await ctx.api.data.putWebhook(foreign),
        'WebhookIdInvalid',
        `PUT /2/webhooks/${foreign} (another app's webhook)`,
      );
      const w = await findListed(other, { id: foreign });
      ctx.check(
        w?.valid === true,
        `after this app's DELETE and PUT of another app's webhook ${foreign}, that app lists it as ${w ? JSON.stringify(w) : 'gone'}`,
      );
    });
  },

  'WH-ID-001': unknownIdRefused('DELETE'),
  'WH-ID-002': unknownIdRefused('PUT'),

  'WH-ID-003': async (ctx: DataCtx) => {
    // Each case mutates a stand-in id; the webhook's id takes its place. On a target with tenants
    // each case registers a webhook on a tenant of its own, side by side; else the cases share one
    // webhook of the rule's, registered again only after a case found it gone (a lax target deleted
    // it), so a case costs its two refused calls and a list, not a registration and a removal too.
    const shared = !ctx.tenantsOffered;
    let kept = shared ? (await registerValid(ctx)).id : undefined;
    // the random cases on the shared webhook run side by side: each sends only calls that must be
    // refused. A case that finds the webhook gone fails; a case beside it then registers no webhook
    // of its own (the rule holds one slot), and the cases run again one after another, each with a
    // webhook of its own once the shared one is gone, to name the case that removed it
    let inFlight = 0;
    const check = async ({ value: template, mutation }: Mutated<string, IdMutation>, c: DataCtx): Promise<void> => {
      inFlight++;
      try {
        if (shared && kept === undefined && inFlight > 1)
          c.check(false, `the rule's webhook was gone before the case ${mutation} ran beside other cases: one of them removed it`);
        const id = kept ?? (await registerValid(c)).id;
        // zero-padding keeps 20 digits or more whatever the id's length: an id of the pattern with
        // leading zeros (a short id padded to fewer than 20 digits) may name the webhook of that number
        const value = mutation === 'zero-pad-to-20-plus-digits' ? id.padStart(template.length, '0') : template.split(STAND_IN_ID).join(id);
        // both refused, neither waits for the other (side by side with --concurrency)
        const [put, del] = await inLanes(['PUT', 'DELETE'] as const, (m) =>
          m === 'PUT' ? c.api.data.putWebhook(value) : c.api.data.deleteWebhook(value),
        );
        expectRefused(c, put, `PUT /2/webhooks/${JSON.stringify(value)} (${mutation} of ${id})`);
        expectRefused(c, del, `DELETE /2/webhooks/${JSON.stringify(value)} (${mutation} of ${id})`);
        const still = await findListed(c, { id });
        if (!still) kept = undefined;
        c.check(still, `webhook ${id} is gone after DELETE /2/webhooks/${JSON.stringify(value)} (${mutation})`);
      } finally {
        inFlight--;
      }
    };
    // each case takes a webhook slot of its own when it has a tenant of its own: the cases run side by side
    const opts = {
      show: (m: Mutated<string, IdMutation>) => `${m.mutation}: ${JSON.stringify(m.value)} (${STAND_IN_ID} stands for the webhook's id)`,
      ownTenant: true,
    };
    // each mutation once with a fixed value in every run, one after another, then random ones
    await checkCases(ctx, fixedIdMutations(STAND_IN_ID), undefined, check, opts);
    await checkProperty(ctx, invalidIdMutation(STAND_IN_ID), check, { ...opts, independent: shared });
  },
};
