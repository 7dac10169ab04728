// Media creatives (Endpoints › Media creatives): POST associates account media with a line item and
// needs account_media_id and line_item_id, and landing_url when the line item's objective is
// WEBSITE_CLICKS (for display images; ignored for preroll assets); DELETE removes one. Needs
// account media (fixtures.ads.accountMedia) and a line item.
import type { AdsFixtures } from '../../../config/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, expectShape, needOk, noStringId, ok, record, what } from '../reading/answers.ts';
import { prerollCategories } from '../setup/preroll-categories.ts';
import { inLanes } from '../../../harness/domain/lanes.ts';
import { later, together } from '../setup/steps.ts';
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
    const any = display(media) ?? media[0];
    const image = display(media);
    const preroll = media.find((m) => m.creative_type === 'PREROLL');
    // the line items, then every POST, side by side (each names its own media and line item; the
    // refused ones make nothing); the answers are judged in the order they were sent one by one
    const [web, takeVideo] = await together([
      () => newLineItem(ctx, 'WEBSITE_CLICKS'),
      // landing_url is ignored for preroll assets: given, it is no reason to refuse. On a
      // PREROLL_VIEWS line item, since which objectives take in-stream media is not said (its
      // setup's verdict comes after the checks of the display media, as it came before)
      later(async () => (preroll ? newLineItem(ctx, 'PREROLL_VIEWS', { categories: await prerollCategories(ctx) }) : undefined)),
    ]);
    const video = (() => {
      try {
        return takeVideo();
      } catch {
        return undefined;
      }
    })();
    const sends: (() => Promise<HttpResult>)[] = [
      () => post(ctx, web.account, { line_item_id: web.id, landing_url: LANDING_URL }),
      () => post(ctx, web.account, { account_media_id: any.id, landing_url: LANDING_URL }),
    ];
    if (image) {
      sends.push(() => post(ctx, web.account, { account_media_id: image.id, line_item_id: web.id }));
      sends.push(() => post(ctx, web.account, { account_media_id: image.id, line_item_id: web.id, landing_url: LANDING_URL }));
    }
    if (preroll && video)
      sends.push(() => post(ctx, video.account, { account_media_id: preroll.id, line_item_id: video.id, landing_url: LANDING_URL }));
    const answers = await inLanes(sends, (send) => send());
    expectRefused(ctx, answers[0], 'POST media_creatives without account_media_id');
    expectRefused(ctx, answers[1], 'POST media_creatives without line_item_id');
    if (image) {
      expectRefused(
        ctx,
        answers[2],
        `POST media_creatives of ${image.creative_type} media on a WEBSITE_CLICKS line item without landing_url`,
      );
      const made = answers[3];
      ctx.check(ok(made), `POST media_creatives with account_media_id, line_item_id and landing_url was refused: ${what(made)}`);
      expectShape(ctx, made, 'single', 'media-creative', 'POST media_creatives');
      const r = record(made);
      ctx.check(
        r.line_item_id === web.id && r.account_media_id === image.id,
        `the media creative names line item ${JSON.stringify(r.line_item_id)} and account media ${JSON.stringify(r.account_media_id)}, not ${web.id} and ${image.id}`,
      );
    }
    if (preroll) {
      takeVideo();
      const made = answers.at(-1) as HttpResult;
      ctx.check(
        ok(made),
        `POST media_creatives of PREROLL media with a landing_url on a PREROLL_VIEWS line item was refused: ${what(made)}`,
      );
    }
    // what the fixtures' media could not try is not passed: the rule says what is missing
    const missingMedia = [
      image ? '' : 'display media (creative_type other than PREROLL), for landing_url on WEBSITE_CLICKS',
      preroll ? '' : 'PREROLL media, for landing_url ignored on preroll assets',
    ].filter(Boolean);
    if (missingMedia.length > 0)
      ctx.notCheckable(
        `needs account media of both kinds in fixtures.ads.accountMedia; none is ${missingMedia.join(', nor ')} (the rest passed)`,
      );
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
    ctx.setup(typeof id === 'string', `creating a media creative answered ${noStringId(id)}: ${what(made)}`);
    const path = `/accounts/${li.account}/media_creatives/${id}`;
    // The document shows no way to read a media creative ("list media creatives … not shown"): the
    // real interface's GET of one is tried before the DELETE. A target that serves it there shows
    // what the DELETE did; "Every record also has `deleted` (boolean)" and with_deleted "include
    // deleted records": after the DELETE, no GET may serve it with deleted other than true (a GET
    // without with_deleted may also answer 404; one with it may answer 404 too, as it is not shown).
    const before = await ctx.api.ads.call('GET', path, { query: { with_deleted: true } });
    const served = ok(before) && record(before).id === id;
    const res = await ctx.api.ads.call('DELETE', path);
    ctx.check(ok(res), `DELETE of media creative ${id} was refused: ${what(res)}`, res);
    if (!served)
      ctx.notCheckable(
        `DELETE answered ${res.status}; whether it deleted the media creative does not show: the document shows no retrieval or list of media creatives, and GET ${path}?with_deleted=true before the DELETE answered ${what(before)}`,
      );
    const [plain, withDeleted] = await together([
      () => ctx.api.ads.call('GET', path),
      () => ctx.api.ads.call('GET', path, { query: { with_deleted: true } }),
    ]);
    for (const [got, call] of [
      [plain, `GET ${path}`],
      [withDeleted, `GET ${path}?with_deleted=true`],
    ] as const) {
      const r = record(got);
      const stays = ok(got) && r.id === id && r.deleted !== true;
      // the run's cleanup does not take a later DELETE's success for its removal, and names it as left
      if (stays)
        ctx.api.ads.kept(
          path,
          `ADS-MC-002 saw ${call} serve it with deleted ${JSON.stringify(r.deleted)} after a DELETE answered ${res.status}`,
        );
      ctx.check(
        !stays,
        `after DELETE answered ${res.status}, ${call} still serves the media creative with deleted ${JSON.stringify(r.deleted)}: ${what(got)}`,
        got,
      );
    }
  },
};
