// Bearer authentication on webhook management and replay: refused without it, refused when wrong.
import { nearMisses } from '../../generators/builders.ts';
import type { DataCheck, DataCtx } from './api.ts';
import type { AuthMode } from './client/data-api.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { expectRefused } from './verdicts/http.ts';
import { requestReplay } from './setup/replay.ts';
import { findListed, refusedRegistration, registerValid } from './setup/webhooks.ts';
import { endedMinute, minutesBefore, targetNow, yyyymmddhhmm } from './setup/target-clock.ts';

interface Endpoint {
  name: string;
  /** `id`: the rule's webhook; a fresh callback URL instead where the call `registers` */
  call(ctx: DataCtx, auth: AuthMode, id: string): Promise<HttpResult>;
  /** what must be unchanged afterwards */
  unchanged?(ctx: DataCtx, id: string): Promise<string | undefined>;
  /**
   * a registration: one credential at a time, each with a fresh URL that must not be listed after
   * (removed at once if registered anyway: the rule holds room for one webhook besides its own)
   */
  registers?: true;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /2/webhooks', call: (ctx, auth) => ctx.api.data.listWebhooks(auth) },
  {
    name: 'POST /2/webhooks',
    call: (ctx, auth, url) => ctx.api.data.createWebhook(url, auth),
    registers: true,
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

/** a credential sent, and what it is called in a failure */
interface Credential {
  auth: AuthMode;
  what: string;
}

/**
 * Wrong bearer tokens, each one minimal change of the app's: with characters appended, with its
 * last two dropped, and with the case of its letters swapped (where it has letters). They are
 * redacted like the token itself.
 */
function wrongTokens(ctx: DataCtx): Credential[] {
  const token = ctx.api.data.target.bearerToken;
  const forms = nearMisses(token);
  ctx.secret(...forms.map((f) => f.value));
  return forms.map((f) => ({ auth: { bearer: f.value }, what: `with a wrong bearer token (the right one ${f.how})` }));
}

const refusedOnEvery =
  (credentials: (ctx: DataCtx) => Credential[], observed: string): DataCheck =>
  async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const sent = credentials(ctx);
    // the endpoints side by side (--concurrency), and on each the credentials, but registrations: every
    // call must be refused, so none disturbs another, and one that is not fails the rule whatever ran beside it
    await inLanes(ENDPOINTS, async (ep) => {
      const judge = (res: HttpResult, c: Credential) => {
        expectRefused(ctx, res, `${ep.name} ${c.what}`);
        ctx.observe(`status for ${observed}`, String(res.status));
      };
      if (ep.registers) {
        for (const c of sent)
          await refusedRegistration(
            ctx,
            `${ep.name} ${c.what}`,
            (url) => ep.call(ctx, c.auth, url),
            (res) => judge(res, c),
          );
      } else {
        const answers = await inLanes(sent, (c) => ep.call(ctx, c.auth, id));
        for (const [i, res] of answers.entries()) judge(res, sent[i]);
      }
      const changed = await ep.unchanged?.(ctx, id);
      ctx.check(!changed, `${ep.name} ${observed} was refused but ${changed}`);
    });
  };

export const authChecks: Record<string, DataCheck> = {
  'AUTH-001': refusedOnEvery(() => [{ auth: 'none', what: 'without Authorization' }], 'without Authorization'),
  'AUTH-002': refusedOnEvery(wrongTokens, 'with a wrong bearer token'),
};
