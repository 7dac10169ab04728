// product_catalogs' user_id ("long, optional; default is the authenticated user") naming the
// authenticated user: GET lists the same catalogs as without it, and POST meets that user's one
// catalog (refused: the user has one). The authenticated user's id is read from GET
// authenticated_user_access (document 2 gives it the user's permissions; the real answer carries
// user_id): without it the rule is not checkable.
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, ok, record, records, what } from '../../reading/answers.ts';
import { accountId } from '../../setup/records.ts';
import { withCatalog } from './catalog-records.ts';

const idsOf = (res: HttpResult) =>
  records(res)
    .map((c) => String(c.id))
    .sort()
    .join();

export const userIdChecks: Record<string, AdsCheck> = {
  async 'CAT-PRD-032'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const access = await ctx.api.ads.call('GET', `/accounts/${account}/authenticated_user_access`);
    const me = record(access).user_id;
    if (!ok(access) || typeof me !== 'string' || me === '')
      ctx.notCheckable(`needs the authenticated user's id: GET accounts/:account_id/authenticated_user_access answered ${what(access)}`);
    await withCatalog(ctx, async (c) => {
      const plain = await ctx.api.ads.call('GET', '/product_catalogs');
      const named = await ctx.api.ads.call('GET', '/product_catalogs', { query: { user_id: me } });
      ctx.check(ok(named), `GET product_catalogs with user_id of the authenticated user (${me}) answered ${what(named)}`);
      ctx.check(
        idsOf(named) === idsOf(plain) && records(named).some((x) => x.id === c.id),
        `GET product_catalogs lists ${idsOf(named)} with user_id=${me}, ${idsOf(plain)} without it`,
      );
      const second = await ctx.api.ads.call('POST', '/product_catalogs', { query: { name: ctx.api.name('second'), user_id: me } });
      const made = record(second).id;
      if (ok(second) && typeof made === 'string' && made !== c.id) await ctx.api.ads.call('DELETE', `/product_catalogs/${made}`);
      expectRefused(ctx, second, `POST product_catalogs with user_id of the authenticated user (${me}), who has a catalog`);
    });
  },
};
