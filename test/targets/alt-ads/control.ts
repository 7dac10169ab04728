// The test-control API (TARGET-CONTRACT §3) as far as an ads target needs it: capabilities,
// reset, the clock and the ads fixtures. Bearer: the control token.
import { ApiError, detail } from './errors.ts';
import { makeFixtures } from './fixtures.ts';
import type { Answer } from './router.ts';
import { type Ctx, emptyState } from './store.ts';

export const CONTROL_PREFIX = '/__alt-control';

export interface ControlCall {
  token?: string;
  method: string;
  path: string;
  authorization?: string;
  body: Buffer;
}

function advanceSeconds(body: Buffer): number {
  let n: unknown;
  try {
    n = (JSON.parse(body.toString('utf8')) as { advance_seconds?: unknown }).advance_seconds;
  } catch {
    n = undefined;
  }
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
    throw new ApiError(422, 'validation', [detail('INVALID_PARAMETER_VALUE', 'advance_seconds must be a number >= 0', 'advance_seconds')]);
  return n;
}

export function control(ctx: Ctx, o: ControlCall): Answer {
  if (o.token !== undefined && o.authorization !== `Bearer ${o.token}`)
    throw new ApiError(401, 'authentication', [detail('CONTROL_TOKEN', 'the control token is missing or wrong')]);
  const route = `${o.method} ${o.path}`;
  switch (route) {
    case 'GET /capabilities':
      return {
        body: {
          clock: true,
          events: false,
          crcSweep: false,
          replayHold: false,
          posts: false,
          adsFixtures: true,
          limits: { activeCampaignsPerAccount: ctx.activeCampaignLimit },
        },
      };
    case 'POST /reset':
      ctx.st = emptyState();
      ctx.clock.reset();
      return { status: 204, body: undefined };
    case 'GET /clock':
      return { body: { now: new Date(ctx.clock.now()).toISOString() } };
    case 'POST /clock':
      return { body: { now: new Date(ctx.clock.advance(advanceSeconds(o.body))).toISOString() } };
    case 'POST /ads/fixtures':
      return { body: makeFixtures(ctx) };
    default:
      throw new ApiError(404, 'not_found', [detail('UNKNOWN_ROUTE', `the control API has no ${route}`)]);
  }
}
