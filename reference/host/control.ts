// The generic part of the test-control API (TARGET-CONTRACT §3), under /__control in test mode only:
// capabilities, reset, and the virtual clock. Every control route, the parts' included, needs the
// control token when one is set.

import { type Clock, isoMillis } from './clock.ts';
import { mergeCapabilities } from './capabilities.ts';
import { type Reply, bearerOf, errorReply, isObject, json, noContent } from './http.ts';
import type { HostContext, MountedModule, RequestHead, Route } from './types.ts';
import { userRoutes } from './user-routes.ts';

export const CONTROL_PREFIX = '/__control';

function clockReply(clock: Clock): Reply {
  return json(200, { now: isoMillis(clock.nowMs()) });
}

/** `flags`: the host's own capabilities besides the parts' (tenants) */
export function hostControlRoutes(ctx: HostContext, parts: readonly MountedModule[], flags: Record<string, boolean> = {}): Route[] {
  const { clock, users } = ctx;
  const checks = parts.flatMap((p) => (p.checkUser ? [p.checkUser.bind(p)] : []));
  return [
    ...userRoutes(users, () => clock.nowMs(), checks),
    { method: 'GET', path: '/capabilities', handle: () => json(200, { ...flags, ...mergeCapabilities(parts) }) },
    {
      method: 'POST',
      path: '/reset',
      handle: () => {
        for (const p of parts) p.reset();
        users.reset();
        clock.reset();
        return noContent();
      },
    },
    { method: 'GET', path: '/clock', handle: () => clockReply(clock) },
    {
      method: 'POST',
      path: '/clock',
      json: true,
      async handle(req) {
        const n = isObject(req.body) ? req.body.advance_seconds : undefined;
        if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
          return errorReply(400, 'advance_seconds must be a non-negative number');
        }
        if (!clock.canAdvance(n)) return errorReply(400, 'advance_seconds would move the clock past 9999-12-31T23:59:59Z');
        clock.advance(n);
        for (const p of parts) await p.onClockAdvanced?.();
        return clockReply(clock);
      },
    },
  ];
}

/** the route behind the control token (when one is set), then its own authorization if it has one */
export function behindControlToken(route: Route, controlToken: string | undefined): Route {
  if (controlToken === undefined) return route;
  const own = route.authorize?.bind(route);
  return {
    ...route,
    authorize(req: RequestHead) {
      if (bearerOf(req.headers.authorization) !== controlToken) {
        return errorReply(401, 'Unauthorized: the control API needs Authorization: Bearer <control token>');
      }
      return own?.(req);
    },
  };
}
