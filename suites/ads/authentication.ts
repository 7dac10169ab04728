// Authentication 1: "Every call acts for an authenticated user". A call without credentials, or
// with credentials that are each one minimal change of the config's (client/auth.ts
// wrongCredentials), is refused on every kind of endpoint: a list, a single record, the reference
// lookups (which name no account), the user's access, and a write, which must also make nothing.
// A read counts where the config's credentials are served it (else its refusal shows nothing).
import { inLanes } from '../../harness/domain/lanes.ts';
import { NotCheckable } from '../../harness/engine/outcome.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { listAll } from './campaigns/campaign-records.ts';
import { wrongCredentials } from './client/auth.ts';
import type { AdsCallOptions } from './client/ads-api.ts';
import { unlessNotCheckable } from './everywhere/world.ts';
import { expectRefused, ok } from './reading/answers.ts';
import { fundingInstrumentId, requireWrites } from './setup/records.ts';

export interface Sent {
  what: string;
  o: Pick<AdsCallOptions, 'auth' | 'as'>;
}

/** no credentials, and each wrong form (its made secrets redacted like the config's) */
export function refusedCredentials(ctx: AdsCtx): Sent[] {
  const wrong = wrongCredentials(ctx.api.ads.target.auth);
  ctx.secret(...wrong.flatMap((w) => w.secrets));
  return [{ what: 'without credentials', o: { auth: 'none' } }, ...wrong.map((w) => ({ what: w.what, o: { as: w.auth } }))];
}

/** a read the rule sends with each refused credential */
export interface Read {
  name: string;
  path: string;
  query?: Record<string, number>;
}

/** the reads: GET /accounts and two reference lookups, and with an account its record, lists under it and the user's access */
function reads(account: string | undefined): Read[] {
  return [
    { name: 'GET /accounts', path: '/accounts', query: { count: 1 } },
    { name: 'GET /content_categories', path: '/content_categories' },
    { name: 'GET /line_items/placements', path: '/line_items/placements' },
    ...(account === undefined
      ? []
      : [
          { name: 'GET /accounts/:account_id', path: `/accounts/${account}` },
          { name: 'GET /accounts/:account_id/campaigns', path: `/accounts/${account}/campaigns`, query: { count: 1 } },
          { name: 'GET /accounts/:account_id/funding_instruments', path: `/accounts/${account}/funding_instruments`, query: { count: 1 } },
          { name: 'GET /accounts/:account_id/authenticated_user_access', path: `/accounts/${account}/authenticated_user_access` },
        ]),
  ];
}

/**
 * the reads the config's own credentials are served: a refusal shows something only where the right
 * credentials are taken (a path the target does not serve refuses everyone)
 */
export async function servedReads(ctx: AdsCtx, all: Read[], unsent = 'with wrong ones'): Promise<Read[]> {
  const served = await inLanes(all, async (c) => ({ c, res: await ctx.api.ads.call('GET', c.path, { query: c.query }) }));
  for (const { c, res } of served)
    if (!ok(res)) ctx.note(`${c.name} with the config's credentials answered ${res.status}: not sent ${unsent}`);
  const out = served.filter(({ res }) => ok(res)).map(({ c }) => c);
  if (!out.length) ctx.notCheckable("no read was served with the config's credentials, so no refusal shows anything");
  return out;
}

/** POST campaigns with each credential, all refused, and no campaign of theirs listed after (a purchase order number marks them) */
async function refusedWrites(ctx: AdsCtx, account: string, sent: Sent[]): Promise<void> {
  const fi = await fundingInstrumentId(ctx);
  const markers = sent.map(() => ctx.api.name('auth'));
  await inLanes(
    sent.map((s, i) => ({ s, marker: markers[i] })),
    async ({ s, marker }) => {
      const query = { funding_instrument_id: fi, name: marker, purchase_order_number: marker, entity_status: 'PAUSED' };
      const res = await ctx.api.ads.call('POST', `/accounts/${account}/campaigns`, { ...s.o, query });
      expectRefused(ctx, res, `POST /accounts/:account_id/campaigns ${s.what}`);
    },
  );
  const made = (await listAll(ctx, { with_draft: true })).filter((c) => markers.includes(c.purchase_order_number as string));
  ctx.check(
    made.length === 0,
    `refused creations left campaigns behind: ${made.map((c) => `${c.id} (${c.purchase_order_number})`).join(', ')}`,
  );
}

export const authenticationChecks: Record<string, AdsCheck> = {
  async 'ADS-AUTH-002'(ctx: AdsCtx) {
    const sent = refusedCredentials(ctx);
    const account = (await ctx.api.fixtures()).accountId || undefined;
    const calls = (await servedReads(ctx, reads(account))).flatMap((c) => sent.map((s) => ({ c, s })));
    await inLanes(calls, async ({ c, s }) => {
      const res = await ctx.api.ads.call('GET', c.path, { ...s.o, query: c.query });
      expectRefused(ctx, res, `${c.name} ${s.what}`);
    });
    if (account === undefined) return ctx.note('no ads account named: the calls under an account were not sent');
    // a write where the run may write (else the reads are the rule's whole say)
    const wrote = await unlessNotCheckable(async () => {
      requireWrites(ctx);
      await refusedWrites(ctx, account, sent);
    });
    if (wrote instanceof NotCheckable) ctx.note(`no write sent: ${wrote.message}`);
  },
};
