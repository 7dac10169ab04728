// Bearer authentication on webhook management and replay: refused without it, refused when wrong.
import type { DataCheck, DataCtx } from './api.ts';
import type { AuthMode } from './client/data-api.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { expectRefused } from './verdicts/http.ts';
import { requestReplay } from './setup/replay.ts';
import { findListed, hook, registerValid } from './setup/webhooks.ts';
import { endedMinute, minutesBefore, targetNow, yyyymmddhhmm } from './setup/target-clock.ts';

interface Endpoint {
  name: string;
  call(ctx: DataCtx, auth: AuthMode, id: string): Promise<HttpResult>;
  /** what must be unchanged afterwards */
  unchanged?(ctx: DataCtx, id: string): Promise<string | undefined>;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /2/webhooks', call: (ctx, auth) => ctx.api.data.listWebhooks(auth) },
  {
    name: 'POST /2/webhooks',
    call: (ctx, auth) => ctx.api.data.createWebhook(hook(ctx).url, auth),
  },
  {
    name: 'PUT /2/webhooks/:webhook_id',
    call: (ctx, auth, id) => ctx.api.data.putWebhook(id, auth),
  },
  {
    name: 'DELETE /2/webhooks/:webhook_id',
    call: (ctx, auth, id) => ctx.api.data.deleteWebhook(id, auth),
    unchanged: async (ctx, id) => ((await findListed(ctx, { id })) ? undefined : `webhook ${id} was deleted`),
  },
  {
    name: 'POST /2/webhooks/replay',
    call: async (ctx, auth, id) => {
      const now = await targetNow(ctx);
      const body = { webhook_id: id, from_date: yyyymmddhhmm(minutesBefore(now, 30)), to_date: yyyymmddhhmm(endedMinute(now)) };
      return requestReplay(ctx, body, auth);
    },
  },
];

const refusedOnEvery =
  (auth: AuthMode, what: string): DataCheck =>
  async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const before = (await ctx.api.data.listWebhooks()).body as { data?: unknown[] };
    for (const ep of ENDPOINTS) {
      const res = await ep.call(ctx, auth, id);
      expectRefused(ctx, res, `${ep.name} ${what}`);
      ctx.observe(`status for ${what}`, String(res.status));
      const changed = await ep.unchanged?.(ctx, id);
      ctx.check(!changed, `${ep.name} ${what} was refused but ${changed}`);
    }
    const after = (await ctx.api.data.listWebhooks()).body as { data?: unknown[] };
    ctx.check(
      (after?.data?.length ?? 0) === (before?.data?.length ?? 0),
      `the number of webhooks changed from ${before?.data?.length} to ${after?.data?.length} through refused calls`,
    );
  };

export const authChecks: Record<string, DataCheck> = {
  'AUTH-001': refusedOnEvery('none', 'without Authorization'),
  'AUTH-002': refusedOnEvery('wrong', 'with a wrong bearer token'),
};
