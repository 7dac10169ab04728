// The cases of the consumer rules judged once the app has settled (settle-batch.ts): what each
// delivers. A wrongly signed event (CON-SIG-002..007, 009, 010) must not be acted on; a duplicate, a replay
// of a processed event and each profile kind in both its names must be processed once
// (CON-EVT-001, 002, 004); the deprecated names are observed (CON-EVT-OBS-002). The rules judge
// them in signature.ts and deliveries.ts.
import { randomBytes } from 'node:crypto';
import { writeJson } from '../../generators/consumer/bodies.ts';
import { allAtOnce } from '../../harness/domain/lanes.ts';
import type { ConsumerCtx, Sent } from './api.ts';
import { type Event, freshEventId, PASCAL_NAMES, PROFILE_KINDS } from './events.ts';
import type { SettleCase } from './settle-batch.ts';
import { caseSwapped, PREFIX, signed, signedHex, truncated, unprefixed } from './signing.ts';

/** the x-vendor-webhooks-signature value (none when undefined), or a signature under another header's name */
type Sign = (ctx: ConsumerCtx, body: string) => string | undefined | Elsewhere;
type Elsewhere = { header: string; value: string };

/** the real API's name of the signature header (fixtures/real/crc-vectors.json); the documents name x-vendor-webhooks-signature */
const REAL_API_HEADER = 'x-twitter-webhooks-signature';

/**
 * Delivers an event with each signature `signs` makes of its body (the body changed by `alter`
 * after signing, when given) in a kind the app acts on when correctly signed (every listed kind
 * when it acts on none): one event per kind and form.
 */
function refusal(rule: string, signs: Sign | Sign[], alter?: (v: { data: Record<string, unknown> }) => void): SettleCase {
  const forms = Array.isArray(signs) ? signs : [signs];
  return {
    rule,
    deliver: async (ctx) =>
      allAtOnce(
        (await ctx.api.refusalKinds(ctx)).flatMap((kind) => forms.map((sign) => ({ kind, sign }))),
        async ({ kind, sign }): Promise<Sent> => {
          const e = ctx.api.event(kind);
          const body = JSON.stringify(e.value);
          const signs = sign(ctx, body);
          const [signature, elsewhere] = typeof signs === 'object' ? [undefined, signs] : [signs, undefined];
          let delivered = body;
          if (alter) {
            const changed = structuredClone(e.value) as { data: Record<string, unknown> };
            alter(changed);
            delivered = JSON.stringify(changed);
          }
          return { e, res: await ctx.api.service.deliver({ body: delivered, signature, elsewhere }) };
        },
      ),
  };
}

/**
 * Delivers an event and requires the app to have acted on it (waiting for it as §6 says): an app
 * that does not act on a kind it acts on fails CON-SIG-001's premise (a setup step). One that acted
 * on the one delivery more than once processed the event again already: CON-EVT-002's own failure
 * ("receivers deduplicate by event id", Events 4).
 */
export async function processedOnce(ctx: ConsumerCtx, kind: string): Promise<Event> {
  const e = ctx.api.event(kind);
  const res = await ctx.api.deliver(e);
  const n = (await ctx.api.shown(ctx, [e.id])).count(e.id);
  ctx.setup(n > 0, `the app did not act on a correctly signed ${kind} event${ctx.api.within} (CON-SIG-001): ${await ctx.api.said(e, res)}`);
  // a later second processing (a queue) shows in the batch's count, which CON-EVT-002 judges
  if (n === 1) return e;
  ctx.fail(
    `a correctly signed ${kind} event delivered once, before any replay of it, was processed more than once${ctx.api.within}: ${await ctx.api.said(e, res)}`,
    res,
  );
}

/** an event's bytes as a replay may write it out anew: the same JSON value in other whitespace, member order and escapes */
export function writtenAnew(e: Event): string {
  return writeJson(e.value, {
    indent: '  ',
    newline: '\n',
    spaced: true,
    order: 7,
    escapeNonAscii: true,
    escapeSlash: false,
    trailing: '\n',
  });
}

const deliver = async (ctx: ConsumerCtx, e: Event, body?: string): Promise<Sent> => ({ e, res: await ctx.api.deliver(e, body) });

/** the bearer token as the key: not checkable without consumer.bearerToken */
function bearerOf(ctx: ConsumerCtx): string {
  const bearer = ctx.api.target.bearerToken;
  if (bearer === undefined) ctx.notCheckable("needs consumer.bearerToken: the app's bearer token, to sign an event with it as the key");
  return bearer;
}

const OTHER_KEY = randomBytes(32).toString('base64url');

export const SETTLED_CASES: readonly SettleCase[] = [
  refusal('CON-SIG-002', (_ctx, b) => signed(OTHER_KEY, b)),
  refusal('CON-SIG-003', (ctx, b) => truncated(ctx.api.secret, b)),
  refusal('CON-SIG-004', (ctx, b) => signedHex(ctx.api.secret, b)),
  refusal('CON-SIG-005', (ctx, b) => signed(bearerOf(ctx), b)),
  // no signature: no header at all, the header with no value, the prefix with no digest after it
  // ("Its value is sha256= followed by the Base64 of HMAC-SHA-256 over the raw request body … The
  // receiver recomputes and compares; they must match": an empty digest matches no body), and the
  // right one under the real API's header name only
  refusal('CON-SIG-006', [
    () => undefined,
    () => '',
    () => PREFIX,
    (ctx, b) => ({ header: REAL_API_HEADER, value: signed(ctx.api.secret, b) }),
  ]),
  refusal(
    'CON-SIG-007',
    (ctx, b) => signed(ctx.api.secret, b),
    (v) => {
      v.data.filter = { user_id: '2244994945' };
    },
  ),
  // the bare digest, and the digest under another algorithm's prefix
  refusal('CON-SIG-009', [(ctx, b) => unprefixed(ctx.api.secret, b), (ctx, b) => `sha1=${unprefixed(ctx.api.secret, b)}`]),
  refusal('CON-SIG-010', (ctx, b) => caseSwapped(ctx.api.secret, b)),
  {
    // a duplicate as it comes: the same event again at once, maybe before the app has acted on the
    // first; of a kind the app acts on, with an event id of each form the real payloads show (a
    // positive and a negative decimal event_uuid); then one again after another event came between
    // (a retry among other deliveries: deduplicating "by event id" is not remembering the last one
    // only); then one whose first delivery was signed with another key (refused or ignored: it
    // processed nothing, so the right one after it is no duplicate); each last delivery's answer
    rule: 'CON-EVT-001',
    async deliver(ctx) {
      const kind = await ctx.api.kindActedOn(ctx);
      const events = [ctx.api.event(kind, { id: freshEventId() }), ctx.api.event(kind, { id: freshEventId(true) })];
      const sent: Sent[] = [];
      for (const e of events) {
        await ctx.api.deliver(e);
        sent.push(await deliver(ctx, e));
      }
      const [first, between] = [ctx.api.event(kind, { id: freshEventId() }), ctx.api.event(kind, { id: freshEventId() })];
      await ctx.api.deliver(first);
      await ctx.api.deliver(between);
      sent.push(await deliver(ctx, first));
      // a delivery refused for its signature is no processing of the event: the correctly signed one after it is not a duplicate
      const refusedFirst = ctx.api.event(kind, { id: freshEventId() });
      const body = JSON.stringify(refusedFirst.value);
      await ctx.api.service.deliver({ body, signature: signed(OTHER_KEY, body) });
      sent.push(await deliver(ctx, refusedFirst));
      return sent;
    },
  },
  {
    // processed once first; a replay re-delivers it later, possibly written out anew: same event id, other bytes
    rule: 'CON-EVT-002',
    first: true,
    async deliver(ctx) {
      const e = await processedOnce(ctx, await ctx.api.kindActedOn(ctx));
      return [await deliver(ctx, e, writtenAnew(e))];
    },
  },
  {
    // each profile kind in its lowercase form and, where it had one, in its deprecated PascalCase name
    rule: 'CON-EVT-004',
    async deliver(ctx) {
      const pascalOf = new Map(Object.entries(PASCAL_NAMES).map(([pascal, kind]) => [kind, pascal]));
      const events = PROFILE_KINDS.flatMap((kind) => {
        const name = pascalOf.get(kind);
        return [ctx.api.event(kind), ...(name ? [ctx.api.event(kind, { typeName: name })] : [])];
      });
      return allAtOnce(events, (e) => deliver(ctx, e));
    },
  },
  {
    rule: 'CON-EVT-OBS-002',
    async deliver(ctx) {
      const sent: Sent[] = [];
      for (const [pascal, kind] of Object.entries(PASCAL_NAMES)) sent.push(await deliver(ctx, ctx.api.event(kind, { typeName: pascal })));
      return sent;
    },
  },
];
