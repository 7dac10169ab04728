// Media creatives (Endpoints › Media creatives): POST associates account media with a line item and
// needs account_media_id and line_item_id, and landing_url when the line item's objective is
// WEBSITE_CLICKS (for display images; ignored for preroll assets); DELETE removes one. Needs
// account media (fixtures.ads.accountMedia) and a line item.
import type { AdsFixtures } from '../../../config/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, expectShape, needOk, ok, record, what } from '../reading/answers.ts';
import { prerollCategories } from '../setup/preroll-categories.ts';
import { newLineItem } from './create.ts';

type Media = NonNullable<AdsFixtures['accountMedia']>[number];

const LANDING_URL = 'https://example.com/conform';

async function accountMedia(ctx: AdsCtx): Promise<Media[]> {
  const media = (await ctx.api.fixtures()).accountMedia ?? [];
  if (media.length === 0)
    ctx.notCheckable('needs account media to associate: the control API gave none and the config names no fixtures.ads.accountMedia');
  return media;
}

/** display media: a creative_type other than PREROLL (landing_url applies to display images only) */
const display = (media: Media[]) => media.find((m) => typeof m.creative_type === 'string' && m.creative_type !== 'PREROLL');

function post(ctx: AdsCtx, account: string, query: Record<string, string>): Promise<HttpResult> {
  return ctx.api.ads.call('POST', `/accounts/${account}/media_creatives`, { query });
}

export const mediaCreativeChecks: Record<string, AdsCheck> = {
  async 'ADS-MC-001'(ctx: AdsCtx) {
    const media = await accountMedia(ctx);
    const web = await newLineItem(ctx, 'WEBSITE_CLICKS');
    const any = display(media) ?? media[0];
    expectRefused(
      ctx,
      await post(ctx, web.account, { line_item_id: web.id, landing_url: LANDING_URL }),
      'POST media_creatives without account_media_id',
    );
    expectRefused(
      ctx,
      await post(ctx, web.account, { account_media_id: any.id, landing_url: LANDING_URL }),
      'POST media_creatives without line_item_id',
    );
    const image = display(media);
    if (image) {
      expectRefused(
        ctx,
        await post(ctx, web.account, { account_media_id: image.id, line_item_id: web.id }),
        `POST media_creatives of ${image.creative_type} media on a WEBSITE_CLICKS line item without landing_url`,
      );
      const made = await post(ctx, web.account, { account_media_id: image.id, line_item_id: web.id, landing_url: LANDING_URL });
      ctx.check(ok(made), `POST media_creatives with account_media_id, line_item_id and landing_url was refused: ${what(made)}`);
      expectShape(ctx, made, 'single', 'media-creative', 'POST media_creatives');
      const r = record(made);
      ctx.check(
        r.line_item_id === web.id && r.account_media_id === image.id,
        `the media creative names line item ${JSON.stringify(r.line_item_id)} and account media ${JSON.stringify(r.account_media_id)}, not ${web.id} and ${image.id}`,
      );
    } else ctx.note('no account media of the fixtures is a display creative (creative_type other than PREROLL): landing_url not checked');
    const preroll = media.find((m) => m.creative_type === 'PREROLL');
    if (preroll) {
      // landing_url is ignored for preroll assets: given, it is no reason to refuse. On a
      // PREROLL_VIEWS line item, since which objectives take in-stream media is not said
      const video = await newLineItem(ctx, 'PREROLL_VIEWS', { categories: await prerollCategories(ctx) });
      const made = await post(ctx, video.account, { account_media_id: preroll.id, line_item_id: video.id, landing_url: LANDING_URL });
      ctx.check(
        ok(made),
        `POST media_creatives of PREROLL media with a landing_url on a PREROLL_VIEWS line item was refused: ${what(made)}`,
      );
    }
  },

  async 'ADS-MC-002'(ctx: AdsCtx) {
    const media = await accountMedia(ctx);
    // display media on a WEBSITE_CLICKS line item (with its landing_url), else PREROLL media on a PREROLL_VIEWS one
    const m = display(media) ?? media[0];
    const li =
      m.creative_type === 'PREROLL'
        ? await newLineItem(ctx, 'PREROLL_VIEWS', { categories: await prerollCategories(ctx) })
        : await newLineItem(ctx, 'WEBSITE_CLICKS');
    const made = await post(ctx, li.account, { account_media_id: m.id, line_item_id: li.id, landing_url: LANDING_URL });
    needOk(ctx, made, 'creating a media creative');
    const id = record(made).id;
    ctx.setup(typeof id === 'string', `creating a media creative answered no data.id: ${what(made)}`);
    const res = await ctx.api.ads.call('DELETE', `/accounts/${li.account}/media_creatives/${id}`);
    ctx.check(ok(res), `DELETE of media creative ${id} was refused: ${what(res)}`);
  },
};
