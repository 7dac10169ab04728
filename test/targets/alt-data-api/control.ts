// Test-control API (TARGET-CONTRACT §3), served under /ctl.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasBearer, isObject, parseJson, readBody, type Ctx } from './context.ts';
import { sweep } from './crc.ts';
import { type Delivery, happen, nextEventSeq, ownEvent } from './activity.ts';
import { problem, send } from './errors.ts';
import { releaseHold } from './replay.ts';
import { iso, killState, newState, nowMs, type EventRecord, type Rec } from './store.ts';

function bad(ctx: Ctx, res: ServerResponse, detail: string): void {
  problem(res, ctx.base, 400, null, 'Bad Request', detail);
}

function records(v: unknown, key: string): Rec[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => isObject(x) && typeof x[key] === 'string')) return undefined;
  return v as Rec[];
}

export async function handleControl(ctx: Ctx, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (ctx.controlToken !== undefined && !hasBearer(req, ctx.controlToken)) {
    problem(res, ctx.base, 401, null, 'Unauthorized', 'Control token missing or wrong.');
    return;
  }
  const route = `${req.method} ${path}`;
  const parsed = req.method === 'POST' ? parseJson(await readBody(req)) : { bad: false as const, value: undefined };
  if (parsed.bad) {
    bad(ctx, res, 'Body is not JSON.');
    return;
  }
  const body = parsed.value;
  const st = ctx.st;
  switch (route) {
    case 'GET /capabilities':
      send(res, 200, {
        clock: true,
        events: true,
        crcSweep: true,
        replayHold: true,
        posts: true,
        adsFixtures: false,
        limits: { maxWebhooks: ctx.maxWebhooks },
      });
      return;
    case 'POST /reset':
      killState(st);
      ctx.out.abortAll();
      ctx.st = newState();
      send(res, 204);
      return;
    case 'GET /clock':
      send(res, 200, { now: iso(nowMs(st)) });
      return;
    case 'POST /clock': {
      const n = isObject(body) ? body.advance_seconds : undefined;
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
        bad(ctx, res, 'advance_seconds: a number >= 0 is required.');
        return;
      }
      st.offsetMs += Math.round(n * 1000);
      await sweep(ctx, st, true);
      send(res, 200, { now: iso(nowMs(st)) });
      return;
    }
    case 'POST /crc-sweep':
      send(res, 200, { checked: await sweep(ctx, st, false) });
      return;
    case 'POST /events': {
      const evs = isObject(body) ? body.events : undefined;
      if (!Array.isArray(evs) || !evs.every((e) => isObject(e) && typeof e.id === 'string' && e.id !== '' && 'payload' in e)) {
        bad(ctx, res, 'events: an array of {id, kind, payload} is required.');
        return;
      }
      const at = nowMs(st);
      const deliveries: Delivery[] = [];
      for (const e of evs as Rec[]) {
        if (ctx.ownActivity === 'beside') await happen(ctx, ownEvent(ctx));
        const ev: EventRecord = {
          id: e.id as string,
          kind: typeof e.kind === 'string' ? e.kind : '',
          payload: e.payload,
          atMs: at,
          seq: nextEventSeq(),
        };
        deliveries.push(...(await happen(ctx, ev)));
      }
      send(res, 200, { deliveries });
      return;
    }
    case 'POST /replay-hold': {
      const hold = isObject(body) ? body.hold : undefined;
      if (typeof hold !== 'boolean') {
        bad(ctx, res, 'hold: a boolean is required.');
        return;
      }
      if (hold) st.held = true;
      else await releaseHold(ctx, st);
      send(res, 200, { hold: st.held, jobs_in_progress: st.jobs.size });
      return;
    }
    case 'POST /posts': {
      const o = isObject(body) ? body : {};
      const posts = records(o.posts, 'id'),
        users = records(o.users, 'id'),
        media = records(o.media, 'media_key');
      if (!isObject(body) || !posts || !users || !media) {
        bad(ctx, res, 'posts/users need string ids, media need string media_keys.');
        return;
      }
      for (const p of posts) st.posts.set(p.id as string, p);
      for (const u of users) st.users.set(u.id as string, u);
      for (const m of media) st.media.set(m.media_key as string, m);
      send(res, 204);
      return;
    }
    case 'POST /ads/fixtures':
      problem(res, ctx.base, 501, null, 'Not Implemented', 'The alt target has no advertising API (adsFixtures: false).');
      return;
    default:
      problem(res, ctx.base, 404, null, 'Not Found', `No control route ${route}.`);
  }
}
