// How the API is reached: HTTPS (observed), and bearer authentication as the only scheme.
import { beside, inLanes } from '../../harness/domain/lanes.ts';
import type { DataCheck, DataCtx } from './api.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { problemKind } from '../../schemas/data-api/index.ts';
import { expectRefused, failureForm } from './verdicts/http.ts';
import { endedMinute, minutesBefore, targetNow, yyyymmddhhmm } from './setup/target-clock.ts';
import { clearOfConflict } from './setup/replay.ts';
import { findListed, refusedRegistration, registerValid } from './setup/webhooks.ts';

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
    // its webhook and the target's now side by side (--concurrency)
    const [{ id }, now] = await beside(
      () => registerValid(ctx),
      () => targetNow(ctx),
    );
    const replay = { webhook_id: id, from_date: yyyymmddhhmm(minutesBefore(now, 30)), to_date: yyyymmddhhmm(endedMinute(now)) };
    const schemes = otherSchemes(ctx.api.target.bearerToken);
    const judge = (res: HttpResult, name: string, what: string) => {
      expectRefused(ctx, res, `${name} with the bearer token under ${what}`);
      ctx.observe('status for another authentication scheme', failureForm(res));
      const type = (res.body as { type?: unknown } | undefined)?.type;
      if (res.contentType === 'application/problem+json' && typeof type === 'string') {
        ctx.check(
          problemKind(type, ctx.api.data.target.problemTypeBase),
          `${name} with the bearer token under ${what} was refused with an undocumented problem type ${type}`,
        );
      }
    };
    // the registrations one scheme at a time: each URL is looked for in the list and removed at once
    // if registered anyway (the rule holds room for one webhook besides its own, not the whole list)
    const registrations = async () => {
      for (const [what, authorization] of schemes)
        await refusedRegistration(
          ctx,
          `POST /2/webhooks with the bearer token under ${what}`,
          (url) => ctx.api.data.call('POST', '/2/webhooks', { auth: 'none', headers: { authorization }, json: { url } }),
          (res) => judge(res, 'POST /2/webhooks', what),
        );
    };
    // the other calls beside them, a scheme to a lane (--concurrency): every one is refused, so none
    // disturbs another, and one that is not fails the rule whatever ran beside it
    const others = async ([what, authorization]: [string, string]) => {
      const as = { auth: 'none' as const, headers: { authorization } };
      const calls: [string, () => Promise<HttpResult>][] = [
        ['GET /2/webhooks', () => ctx.api.data.call('GET', '/2/webhooks', as)],
        ['PUT /2/webhooks/:webhook_id', () => ctx.api.data.call('PUT', `/2/webhooks/${id}`, as)],
        ['DELETE /2/webhooks/:webhook_id', () => ctx.api.data.call('DELETE', `/2/webhooks/${id}`, as)],
        [
          'POST /2/webhooks/replay',
          () => clearOfConflict(ctx, () => ctx.api.data.call('POST', '/2/webhooks/replay', { ...as, json: replay })),
        ],
      ];
      for (const [name, call] of calls) judge(await call(), name, what);
      ctx.check(await findListed(ctx, { id }), `DELETE with the bearer token under ${what} was refused but webhook ${id} is gone`);
    };
    await inLanes([registrations, ...schemes.map((s) => () => others(s))], (work) => work());
  },

  'API-OBS-001': async (ctx: DataCtx) => {
    const base = new URL(ctx.api.target.baseUrl);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname) || base.hostname.startsWith('127.');
    ctx.observe('scheme of {base_url}', `${base.protocol.replace(':', '')}${loopback ? ' (loopback host)' : ''}`);
    const res = await ctx.api.data.listWebhooks();
    ctx.observe('content type of GET /2/webhooks', res.contentType || '(none)');
  },
};
