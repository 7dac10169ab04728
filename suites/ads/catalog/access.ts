// Authenticated access on the catalog document's endpoints. The document takes it from Document 2:
// "Document 2 … defines the shared conventions used here: the response envelope …, list parameters,
// authenticated access and versioning" (¶1), and Document 2's Authentication 1 says "Every call acts
// for an authenticated user; the `account_id` in the path must be associated with that user". The
// ads suite's ADS-AUTH rules send their calls to Document 2's endpoints only; these send them to the
// catalog's, with the same credentials (authentication.ts: none, and each one minimal change of the
// config's) and the same care: a read counts where the config's own credentials are served it.
import { inLanes } from '../../../harness/domain/lanes.ts';
import { NotCheckable } from '../../../harness/engine/outcome.ts';
import type { RuleMeta } from '../../../harness/model/rule.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { type Read, refusedCredentials, servedReads } from '../authentication.ts';
import { unlessNotCheckable } from '../everywhere/world.ts';
import { expectRefused } from '../reading/answers.ts';
import { accountId, requireWrites } from '../setup/records.ts';
import { catalogRule } from './catalog-rule.ts';
import { draftsPath, draftUser } from './drafts/draft-records.ts';

const ITEM = "authenticated access (¶1: Document 2's convention used here; its Authentication item 1)";

export const ACCESS_RULES: RuleMeta[] = [
  catalogRule(
    'CAT-AUTH-001',
    'access',
    'MUST',
    'Endpoints',
    ITEM,
    'The catalog endpoints under an account of another user (its cards, image conversation cards, draft posts, account media) are refused',
  ),
  catalogRule(
    'CAT-AUTH-002',
    'access',
    'MUST',
    'Endpoints',
    ITEM,
    'A catalog call (the catalogs, cards, draft posts and account media; a draft post creation) without credentials, or with wrong ones, is refused',
  ),
];

/** the catalog reads under `account` (and the user's catalogs, which name no account) */
function catalogReads(account: string): Read[] {
  return [
    { name: 'GET /product_catalogs', path: '/product_catalogs' },
    { name: 'GET /accounts/:account_id/cards', path: `/accounts/${account}/cards`, query: { count: 1 } },
    {
      name: 'GET /accounts/:account_id/cards/image_conversation',
      path: `/accounts/${account}/cards/image_conversation`,
      query: { count: 1 },
    },
    { name: 'GET /accounts/:account_id/draft_tweets', path: `/accounts/${account}/draft_tweets`, query: { count: 1 } },
    { name: 'GET /accounts/:account_id/account_media', path: `/accounts/${account}/account_media`, query: { count: 1 } },
  ];
}

export const accessChecks: Record<string, AdsCheck> = {
  // Document 2: "`account_id` (path, string) must belong to the authenticated user"
  async 'CAT-AUTH-001'(ctx: AdsCtx) {
    const other = (await ctx.api.fixtures()).otherUserAccountId;
    if (!other)
      ctx.notCheckable(
        'needs an account of another user: the control API gave none and the config names no fixtures.ads.otherUserAccountId',
      );
    // the same reads under the user's own account are served first: a path the target does not serve refuses everyone
    const mine = await servedReads(ctx, catalogReads(await accountId(ctx)).slice(1), 'for the account of another user');
    const theirs = mine.map((r) => ({ ...r, path: r.path.replace(/^\/accounts\/[^/]+/, `/accounts/${other}`) }));
    const answers = await inLanes(theirs, (r) => ctx.api.ads.call('GET', r.path, { query: r.query }));
    for (const [i, r] of theirs.entries()) expectRefused(ctx, answers[i], `${r.name} of ${other}, an account of another user`);
  },

  // Document 2, Authentication 1: "Every call acts for an authenticated user"
  async 'CAT-AUTH-002'(ctx: AdsCtx) {
    const sent = refusedCredentials(ctx);
    const reads = await servedReads(ctx, catalogReads(await accountId(ctx)));
    await inLanes(
      reads.flatMap((c) => sent.map((s) => ({ c, s }))),
      async ({ c, s }) => expectRefused(ctx, await ctx.api.ads.call('GET', c.path, { ...s.o, query: c.query }), `${c.name} ${s.what}`),
    );
    // a write where the run may write (what a wrongly served one made is removed by the run's cleanup)
    const wrote = await unlessNotCheckable(async () => {
      requireWrites(ctx);
      const path = await draftsPath(ctx);
      const asUser = await draftUser(ctx);
      await inLanes(sent, async (s) => {
        const query = { as_user_id: asUser, text: 'A draft post sent with refused credentials', name: ctx.api.name('auth') };
        expectRefused(ctx, await ctx.api.ads.call('POST', path, { ...s.o, query }), `POST /accounts/:account_id/draft_tweets ${s.what}`);
      });
    });
    if (wrote instanceof NotCheckable) ctx.note(`no write sent: ${wrote.message}`);
  },
};
