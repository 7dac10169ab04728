// The shared envelope on the card endpoints (CAT-CARD-033: generic cards and cards/all; CAT-ICC-013:
// image conversation cards): each call sends parameters the endpoint takes and reads them back in
// request.params, with data and next_cursor as the shape of the call says (envelope-echo.ts).
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectEnvelope } from '../envelope-echo.ts';
import { catalogParam, paramUsable } from '../params.ts';
import { card, cardsPath, mediaKeys, simpleComponents } from './card-records.ts';
import { conversationCard, simpleConversation } from './conversation.ts';

export const envelopeChecks: Record<string, AdsCheck> = {
  async 'CAT-CARD-033'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const c = await card(ctx, { components: simpleComponents(all[0], 'Envelope') });
    const id = String(c.id);
    const idsParam = catalogParam(ctx, 'cardIds');
    const listed = { count: 5, [idsParam]: [id] };
    const list = await ctx.api.ads.call('GET', await cardsPath(ctx), { query: listed });
    paramUsable(ctx, 'cardIds', list, 'GET cards filtered by card ids');
    expectEnvelope(ctx, list, 'GET cards', listed, 'list');
    const one = { with_deleted: true };
    expectEnvelope(ctx, await ctx.api.ads.call('GET', await cardsPath(ctx, `/${id}`), { query: one }), 'GET cards/:card_id', one, 'single');
    // cards/all by card URI, where the record carries one (card record fields are not shown)
    if (typeof c.card_uri !== 'string' || c.card_uri === '')
      ctx.notCheckable('the card record carries no card_uri (card record fields are not shown): cards/all could not be called');
    const byUri = { card_uris: [c.card_uri] };
    expectEnvelope(ctx, await ctx.api.ads.call('GET', await cardsPath(ctx, '/all'), { query: byUri }), 'GET cards/all', byUri, 'array');
  },

  async 'CAT-ICC-013'(ctx: AdsCtx) {
    const id = await conversationCard(ctx, await simpleConversation(ctx, 'envelope'));
    const idsParam = catalogParam(ctx, 'cardIds');
    const listed = { count: 5, [idsParam]: [id] };
    const list = await ctx.api.ads.call('GET', await cardsPath(ctx, '/image_conversation'), { query: listed });
    paramUsable(ctx, 'cardIds', list, 'GET cards/image_conversation filtered by card ids');
    expectEnvelope(ctx, list, 'GET cards/image_conversation', listed, 'list');
    const one = { with_deleted: true };
    const single = await ctx.api.ads.call('GET', await cardsPath(ctx, `/image_conversation/${id}`), { query: one });
    expectEnvelope(ctx, single, 'GET cards/image_conversation/:card_id', one, 'single');
  },
};
