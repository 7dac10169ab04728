// The toy rules' checks, keyed by rule id. Each ends by returning (pass), through ctx.check /
// ctx.fail (failed), ctx.setup (error), ctx.notCheckable, or by throwing (a harness bug).
import fc from 'fast-check';
import type { Check } from '../../../harness/domain/types.ts';
import type { RuleContext } from '../../../harness/engine/context.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import type { ToyApi } from './domain.ts';

type ToyCheck = Check<ToyApi>;
type ToyCtx = RuleContext<ToyApi>;

const idOf = (body: unknown): unknown => (body as { data?: { id?: unknown } } | undefined)?.data?.id;

export const toyChecks: Record<string, ToyCheck> = {
  'TOY-LIST-001': async (ctx: ToyCtx) => {
    const res = await ctx.api.client.call('GET', '/items');
    ctx.check(res.status === 200, `GET /toy/items answered ${res.status}`);
    ctx.check(Array.isArray((res.body as { data?: unknown })?.data), 'GET /toy/items answered no data list');
  },

  'TOY-CREATE-001': async (ctx: ToyCtx) => {
    const res = await ctx.api.client.create();
    ctx.check(res.status === 400, `POST /toy/items without a name answered ${res.status}, not 400`);
  },

  'TOY-CREATE-002': async (ctx: ToyCtx) => {
    const res = await ctx.api.client.create('one');
    ctx.check(res.status === 201, `POST /toy/items answered ${res.status}, not 201`);
    ctx.check(typeof idOf(res.body) === 'string', 'the created item was answered without an id');
  },

  'TOY-GET-001': async (ctx: ToyCtx) => {
    const made = await ctx.api.client.create('readable');
    ctx.setup(made.status === 201, `POST /toy/items answered ${made.status}`);
    const res = await ctx.api.client.get(idOf(made.body) as string);
    ctx.check((res.body as { data?: { name?: unknown } }).data?.name === 'readable', 'the item read back has another name');
  },

  'TOY-LIM-001': async (ctx: ToyCtx) => {
    const max = ctx.api.maxItems!;
    const have = (await ctx.api.client.list()).length;
    for (let i = have; i < max; i++) {
      const res = await ctx.api.client.create(`filler ${i}`);
      ctx.check(res.status === 201, `item ${i + 1} of ${max} was refused with ${res.status}`);
    }
    const over = await ctx.api.client.create('one too many');
    ctx.check(over.status === 409, `item ${max + 1} of ${max} answered ${over.status}, not 409`);
  },

  'TOY-CLOCK-001': async (ctx: ToyCtx) => {
    const before = await ctx.control.now();
    const now = await ctx.control.advance(3600);
    ctx.check(now.getTime() - before.getTime() === 3_600_000, 'the clock did not move on by an hour');
    const res = await ctx.api.client.create('timed');
    const at = (res.body as { data?: { created_at?: unknown } }).data?.created_at;
    ctx.check(at === now.toISOString(), `created_at is ${String(at)}, the target's clock says ${now.toISOString()}`);
  },

  'TOY-FIX-001': async (ctx: ToyCtx) => {
    for (const id of ctx.api.itemIds) {
      const res = await ctx.api.client.get(id);
      ctx.check(res.status === 200, `fixture item ${id} answered ${res.status}`);
    }
  },

  'TOY-UNDO-001': async (ctx: ToyCtx) => {
    // an undo step of the rule's own (ctx.defer), not a record the domain keeps: a DELETE that
    // changes nothing on a correct service (an unknown id answers 404), refused by a failing one
    ctx.defer(async () => {
      const res = await ctx.api.client.remove('undo-probe');
      if (res.status >= 500) throw new Error(`undo-probe: DELETE answered ${res.status}`);
    });
    const res = await ctx.api.client.call('GET', '/items');
    ctx.check(res.status === 200, `GET /toy/items answered ${res.status}`);
  },

  'TOY-OBS-001': async (ctx: ToyCtx) => {
    const res = await ctx.api.client.remove('no-such-item');
    ctx.observe('status for DELETE of an unknown item', String(res.status));
  },

  'TOY-PROP-001': async (ctx: ToyCtx) => {
    // made before the property: each case rolls back to a checkpoint that keeps it
    const kept = await ctx.api.client.create('k');
    ctx.setup(kept.status === 201, `POST /toy/items answered ${kept.status}`);
    const baseline = (await ctx.api.client.list()).length;
    await checkProperty(
      ctx,
      fc.string({ minLength: 1, maxLength: 12 }),
      async (name) => {
        const res = await ctx.api.client.create(name);
        ctx.check(res.status === 201, `POST /toy/items with a name of ${name.length} character(s) answered ${res.status}`);
        const names = (await ctx.api.client.list()).map((i) => i.name);
        ctx.check(names.length === baseline + 1, `the list holds ${names.length} items, expected ${baseline + 1}`);
        ctx.check(names.includes('k') && names.includes(name), 'the list lacks the item kept (k) or the new one');
      },
      { show: (v) => JSON.stringify(v) },
    );
  },

  'TOY-HOOK-001': async (ctx: ToyCtx) => {
    const hook = ctx.receiver.hook({ respond: () => ({ status: 200, body: { ok: true } }) });
    const res = await ctx.control.call('POST', '/events', { url: hook.url });
    const got = await hook.waitFor((r) => r.method === 'POST', ctx.config.limits.deliveryWaitMs);
    if (!got) ctx.fail(`no callback arrived at the hook (the control API said ${JSON.stringify(res.body)})`);
    ctx.check((JSON.parse(got.rawBody.toString('utf8')) as { event?: unknown }).event === 'ping', 'the callback is not a ping event');
  },

  'TOY-SNEAK-001': async (ctx: ToyCtx) => {
    ctx.receiver.hook();
  },
};
