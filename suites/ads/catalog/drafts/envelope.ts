// The shared envelope on the draft post and account media lists and single account media
// (CAT-DRF-019, CAT-AMD-008): each call sends parameters the endpoint takes and reads them back in
// request.params, with data and next_cursor as the shape of the call says (envelope-echo.ts). GET
// draft_tweets/:id takes no parameter: its data object is CAT-DRF-007's.
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectEnvelope } from '../envelope-echo.ts';
import { draft, draftsPath, mediaPath } from './draft-records.ts';

export const draftsEnvelopeChecks: Record<string, AdsCheck> = {
  async 'CAT-DRF-019'(ctx: AdsCtx) {
    await draft(ctx, { text: 'Conformance draft in its envelope' });
    const sent = { count: 5 };
    expectEnvelope(ctx, await ctx.api.ads.call('GET', await draftsPath(ctx), { query: sent }), 'GET draft_tweets', sent, 'list');
  },

  async 'CAT-AMD-008'(ctx: AdsCtx) {
    const [a] = (await ctx.api.fixtures()).accountMedia ?? [];
    if (!a) ctx.notCheckable('needs an account media in fixtures.ads.accountMedia');
    const listed = { count: 5, account_media_ids: [a.id] };
    expectEnvelope(ctx, await ctx.api.ads.call('GET', await mediaPath(ctx), { query: listed }), 'GET account_media', listed, 'list');
    const one = { with_deleted: true };
    const single = await ctx.api.ads.call('GET', await mediaPath(ctx, `/${a.id}`), { query: one });
    expectEnvelope(ctx, single, 'GET account_media/:account_media_id', one, 'single');
  },
};
