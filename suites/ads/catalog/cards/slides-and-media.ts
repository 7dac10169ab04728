// Checks of what a slide and a MEDIA component hold (Component rules 1 and 5): a slide is a complete
// card, so a slide holding a component that breaks a component rule is refused (CAT-CARD-031); a
// MEDIA component holds "one video or image", so one video is taken as one image is (CAT-CARD-032).
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, ok, what } from '../../reading/answers.ts';
import {
  card,
  cardOf,
  getCard,
  mediaKeys,
  postCard,
  sameComponents,
  servedTree,
  shapeOf,
  simpleComponents,
  slidesShape,
} from './card-records.ts';

const WEBSITE = { type: 'WEBSITE', url: 'https://example.com/conformance' };

/** slides whose second slide breaks one component rule (the tree of a DETAILS card: website destinations only) */
function brokenSlides(keys: string[]): Record<string, Record<string, unknown>[]> {
  const [k, k2] = [keys[0], keys[1] ?? keys[0]];
  const details = { type: 'DETAILS', title: 'Broken slide', destination: WEBSITE };
  return {
    'a SWIPEABLE_MEDIA of one media': [{ type: 'SWIPEABLE_MEDIA', media_keys: [k] }, details],
    'a MEDIA of two media': [{ type: 'MEDIA', media_keys: [k, k2] }, details],
    'an app destination on a DETAILS component': [
      { type: 'MEDIA', media_key: k },
      { ...details, destination: { type: 'APP', ios_app_store_identifier: '333903271' } },
    ],
    'a DETAILS component without a destination': [
      { type: 'MEDIA', media_key: k },
      { type: 'DETAILS', title: 'Broken slide' },
    ],
    'a component of an unlisted type': [
      { type: 'MEDIA', media_key: k },
      { ...details, type: 'PANEL' },
    ],
  };
}

export const slidesAndMediaChecks: Record<string, AdsCheck> = {
  // Component rules 5: "slides builds multi-destination carousels; each slide is a complete card made of components"
  async 'CAT-CARD-031'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    const first = simpleComponents(all[0], 'Slide 1');
    // valid slides of this form are taken (else a refusal below would not speak of the broken slide)
    await card(ctx, { slides: [first, simpleComponents(all[0], 'Slide 2')] });
    for (const [label, broken] of Object.entries(brokenSlides(all))) {
      const slides = [first, broken];
      expectRefused(ctx, await postCard(ctx, { slides }), `slides whose second slide holds ${label}: ${slidesShape(slides)}`);
    }
  },

  // Component rules 1: "MEDIA (one video or image)"
  async 'CAT-CARD-032'(ctx: AdsCtx) {
    const { all, images } = await mediaKeys(ctx);
    const video = all.find((k) => !images.includes(k));
    if (video === undefined)
      ctx.notCheckable(
        'needs a video: fixtures.ads.accountMedia has no media of a video creative type (PREROLL, VAST_PREROLL), so a MEDIA component of one video cannot be sent',
      );
    // the same form with an image is taken (else a refusal below would speak of the form, not of the video)
    if (images.length === 0) ctx.notCheckable('needs an image: fixtures.ads.accountMedia has no media of an image creative type');
    await card(ctx, { components: simpleComponents(images[0], 'Image media') });
    const components = simpleComponents(video, 'Video media');
    const res = await postCard(ctx, { components });
    ctx.check(ok(res), `a MEDIA component of one video (${video}) answered ${what(res)}`);
    const got = await getCard(ctx, cardOf(res).id);
    ctx.check(ok(got), `GET cards/:card_id of the card with a video answered ${what(got)}`);
    const served = servedTree(ctx, cardOf(got), 'components');
    ctx.check(sameComponents(components, served), `components sent: ${shapeOf(components)}; served: ${shapeOf(served)}`);
  },
};
