// The connections endpoints against connections the run opened (TARGET-CONTRACT §3b stream.connect):
// GET /2/connections "lists active and historical streaming connections"; DELETE /2/connections
// "terminates specific connections by UUID", /2/connections/all "all active streaming connections
// of the app", /2/connections/{endpoint_id} "connections of one streaming endpoint". Their payloads
// are not shown: a connection is found in the list by its id wherever the target puts it, and what
// its entry shows of its state (its member names, and its values other than ids, numbers and times)
// must change when it is terminated (a terminated connection is no longer active) and stay as it
// was when it is not; it stays listed (historical). They end the app's connections as a whole, so
// they run on a tenant of their own.
import { ControlError, type ControlUser, type PerformedAction } from '../../harness/target/control.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { DataCheck, DataCtx } from './api.ts';
import { act, idOf, plainUser } from './setup/activity.ts';
import { isSuccess, short } from './verdicts/http.ts';
import { CONNECTIONS_OF_THE_APP, needTenant } from './setup/tenant-needs.ts';

interface Opened {
  id: string;
  endpoint: string;
}

/** streaming endpoints of the real service, asked for where a rule needs two (a target may ignore the member) */
const ENDPOINT_HINTS = ['filtered_stream', 'sample_stream'];

/** opens a streaming connection of the app (on `endpoint` when the target takes the member, an extension: it may refuse it) */
async function open(ctx: DataCtx, u: ControlUser, endpoint?: string): Promise<Opened> {
  const base = { kind: 'stream.connect', user_id: u.user_id };
  let performed: PerformedAction[] | undefined;
  if (endpoint !== undefined)
    performed = await ctx.api.control.actions([{ ...base, endpoint_id: endpoint }]).catch((e: unknown) => {
      if (e instanceof ControlError) return undefined;
      throw e;
    });
  performed ??= await act(ctx, base);
  const id = idOf(performed[0], 'connection_id');
  const ep = idOf(performed[0], 'endpoint_id');
  ctx.setup(id && ep, `stream.connect named no {endpoint_id, connection_id} in its ids: ${JSON.stringify(performed[0]?.ids)}`);
  ctx.api.data.trackConnection(id);
  return { id, endpoint: ep };
}

/** the smallest object of `body` with `id` as one of its member values */
export function entryOf(body: unknown, id: string, depth = 0): Record<string, unknown> | undefined {
  if (depth > 8 || body === null || typeof body !== 'object') return undefined;
  if (!Array.isArray(body) && Object.values(body).includes(id)) return body as Record<string, unknown>;
  for (const v of Object.values(body)) {
    const found = entryOf(v, id, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const TIME = /^\d{4}-\d{2}-\d{2}T|^\d+$/;

/** what an entry shows of its connection's state: its member names, and its values other than ids, numbers and times */
export function stateOf(entry: Record<string, unknown>, ids: readonly string[]): string {
  const keys = Object.keys(entry).sort();
  const shown = keys.filter((k) => {
    const v = entry[k];
    return typeof v === 'boolean' || (typeof v === 'string' && !ids.includes(v) && !TIME.test(v));
  });
  return JSON.stringify({ keys, values: shown.map((k) => [k, entry[k]]) });
}

/**
 * An access refusal (401, 403) is the endpoint's own answer, not a verdict on what it does: access to
 * some endpoints requires enrolment (Authentication 3), and the authentication of these is not shown.
 */
function refusedAccess(ctx: DataCtx, res: HttpResult, what: string): void {
  if (res.status === 401 || res.status === 403)
    ctx.notCheckable(
      `${what} was answered ${short(res)}: the app is refused access (some endpoints require enrolment or approval, Authentication 3)`,
    );
}

/** GET /2/connections: its answer must be a success (it lists the app's connections) */
async function list(ctx: DataCtx, when: string): Promise<HttpResult> {
  const res = await ctx.api.data.call('GET', '/2/connections');
  ctx.observe('answer of GET /2/connections', `${res.status} ${res.contentType || '(no content type)'}`);
  refusedAccess(ctx, res, 'GET /2/connections');
  ctx.check(isSuccess(res), `GET /2/connections ${when} was answered ${short(res)}: it lists the app's connections`, res);
  return res;
}

/** each connection's entry, which must be there */
function entries(ctx: DataCtx, res: HttpResult, opened: readonly Opened[], what: string): Record<string, unknown>[] {
  return opened.map((c) => {
    const e = entryOf(res.body, c.id);
    ctx.check(e, `GET /2/connections does not list connection ${c.id} ${what}: ${short(res)}`, res);
    return e;
  });
}

/**
 * Opens `opened`, lists them (each listed while active), terminates some with `end`, lists again:
 * those `ended` picks are listed still and shown otherwise, the others as before.
 */
async function terminates(
  ctx: DataCtx,
  opened: Opened[],
  end: () => Promise<HttpResult>,
  ended: (c: Opened) => boolean,
  what: string,
): Promise<void> {
  const ids = opened.flatMap((c) => [c.id, c.endpoint]);
  const before = entries(ctx, await list(ctx, 'after the run opened its connections'), opened, '(active, opened by the run)');
  const res = await end();
  ctx.observe(`answer of ${what}`, `${res.status} ${res.contentType || '(no content type)'}`);
  refusedAccess(ctx, res, what);
  ctx.check(isSuccess(res), `${what} was answered ${short(res)}`, res);
  const after = entries(ctx, await list(ctx, `after ${what}`), opened, `after ${what} (the list shows historical connections too)`);
  for (const [i, c] of opened.entries()) {
    const [was, is] = [stateOf(before[i], ids), stateOf(after[i], ids)];
    if (ended(c))
      ctx.check(
        was !== is,
        `after ${what}, GET /2/connections shows connection ${c.id} as it did while active: ${JSON.stringify(after[i])}`,
      );
    else
      ctx.check(
        was === is,
        `${what} changed connection ${c.id} (endpoint ${c.endpoint}), which it does not name: ${JSON.stringify(before[i])} → ${JSON.stringify(after[i])}`,
      );
  }
}

/** the connections rules end the app's connections as a whole: only on a tenant of their own (their holds put them there) */
const onOwnTenant = (ctx: DataCtx) => needTenant(ctx, CONNECTIONS_OF_THE_APP);

export const connectionChecks: Record<string, DataCheck> = {
  // GET lists active and historical connections; DELETE /2/connections ends those it names (the
  // run's form: {"uuids": […]}; a refusal of it leaves the rule not checkable, the payload not shown)
  'CONN-001': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const u = await plainUser(ctx);
    const opened = [await open(ctx, u), await open(ctx, u)];
    const body = { uuids: [opened[0].id] };
    await terminates(
      ctx,
      opened,
      async () => {
        const res = await ctx.api.data.call('DELETE', '/2/connections', { json: body });
        if (!isSuccess(res))
          ctx.notCheckable(
            `DELETE /2/connections refused the run's ${JSON.stringify(body)} (${short(res)}): its request payload is not shown`,
          );
        return res;
      },
      (c) => c === opened[0],
      'DELETE /2/connections naming one of two connections',
    );
  },

  'CONN-002': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const u = await plainUser(ctx);
    const opened = [await open(ctx, u, ENDPOINT_HINTS[0]), await open(ctx, u, ENDPOINT_HINTS[1])];
    await terminates(
      ctx,
      opened,
      () => ctx.api.data.call('DELETE', '/2/connections/all'),
      () => true,
      'DELETE /2/connections/all',
    );
  },

  'CONN-003': async (ctx: DataCtx) => {
    onOwnTenant(ctx);
    const u = await plainUser(ctx);
    const opened = [await open(ctx, u, ENDPOINT_HINTS[0]), await open(ctx, u, ENDPOINT_HINTS[1])];
    const endpoint = opened[0].endpoint;
    if (opened.every((c) => c.endpoint === endpoint))
      ctx.note(
        `both connections are on endpoint ${endpoint} (the target took no endpoint_id): that another endpoint's are left is not examined`,
      );
    const path = `/2/connections/${encodeURIComponent(endpoint)}`;
    await terminates(
      ctx,
      opened,
      () => ctx.api.data.call('DELETE', path),
      (c) => c.endpoint === endpoint,
      `DELETE ${path}`,
    );
  },
};
