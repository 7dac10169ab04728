// How the API is reached: HTTPS (observed), and bearer authentication as the only scheme.
import { inLanes } from '../../harness/domain/lanes.ts';
import type { DataCheck, DataCtx } from './api.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { problemKind } from '../../schemas/data-api/index.ts';
import { expectRefused, failureForm } from './verdicts/http.ts';
import { endedMinute, minutesBefore, targetNow, yyyymmddhhmm } from './setup/target-clock.ts';
import { clearOfConflict } from './setup/replay.ts';
import { findListed, hook, listed, registerValid } from './setup/webhooks.ts';

/** Authorization headers that carry the right token under another scheme, or under none. */
function otherSchemes(token: string): [string, string][] {
  return [
    ['scheme Token', `Token ${token}`],
    ['scheme OAuth', `OAuth ${token}`],
    ['scheme Basic (token:)', `Basic ${Buffer.from(`${token}:`).toString('base64')}`],
    ['scheme Basic (the token itself)', `Basic ${token}`],
    ['no scheme', token],
  ];
}

export const transportChecks: Record<string, DataCheck> = {
  'AUTH-003': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const before = (await listed(ctx)).length;
    const now = await targetNow(ctx);
    const replay = { webhook_id: id, from_date: yyyymmddhhmm(minutesBefore(now, 30)), to_date: yyyymmddhhmm(endedMinute(now)) };
    // the schemes side by side (--concurrency): every call is refused, so none disturbs another
    await inLanes(otherSchemes(ctx.api.target.bearerToken), async ([what, authorization]) => {
      const as = { auth: 'none' as const, headers: { authorization } };
      const h = hook(ctx);
      const calls: [string, () => Promise<HttpResult>][] = [
        ['GET /2/webhooks', () => ctx.api.data.call('GET', '/2/webhooks', as)],
        ['POST /2/webhooks', () => ctx.api.data.call('POST', '/2/webhooks', { ...as, json: { url: h.url } })],
        ['PUT /2/webhooks/:webhook_id', () => ctx.api.data.call('PUT', `/2/webhooks/${id}`, as)],
        ['DELETE /2/webhooks/:webhook_id', () => ctx.api.data.call('DELETE', `/2/webhooks/${id}`, as)],
        [
          'POST /2/webhooks/replay',
          () => clearOfConflict(ctx, () => ctx.api.data.call('POST', '/2/webhooks/replay', { ...as, json: replay })),
        ],
      ];
      for (const [name, call] of calls) {
        const res = await call();
        expectRefused(ctx, res, `${name} with the bearer token under ${what}`);
        ctx.observe('status for another authentication scheme', failureForm(res));
        const type = (res.body as { type?: unknown } | undefined)?.type;
        if (res.contentType === 'application/problem+json' && typeof type === 'string') {
          ctx.check(
            problemKind(type, ctx.api.data.target.problemTypeBase),
            `${name} with the bearer token under ${what} was refused with an undocumented problem type ${type}`,
          );
        }
      }
      ctx.check(await findListed(ctx, { id }), `DELETE with the bearer token under ${what} was refused but webhook ${id} is gone`);
    });
    const after = (await listed(ctx)).length;
    ctx.check(after === before, `the number of webhooks changed from ${before} to ${after} through refused calls`);
  },

  'API-OBS-001': async (ctx: DataCtx) => {
    const base = new URL(ctx.api.target.baseUrl);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname) || base.hostname.startsWith('127.');
    ctx.observe('scheme of {base_url}', `${base.protocol.replace(':', '')}${loopback ? ' (loopback host)' : ''}`);
    const res = await ctx.api.data.listWebhooks();
    ctx.observe('content type of GET /2/webhooks', res.contentType || '(none)');
  },
};
