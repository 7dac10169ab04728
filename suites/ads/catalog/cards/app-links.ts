// Checks of the app destination's deep links (CAT-CARD-035): "an Android deep link (only with
// vendorplay_app_id) and an iOS deep link (only with ios_app_store_identifier)". The deep links'
// field names are not shown: the real interface's vendorplay_deep_link and ios_deep_link unless
// target.adsApi.catalogParams names others (postCard sends them so), once each with its own store
// identifier is seen to be taken; then each without it is refused.
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectRefused, refused, what } from '../../reading/answers.ts';
import { appButton, destinationNames, formsTaken, mediaKeys, postCard } from './card-records.ts';

const IOS = { ios_app_store_identifier: '333903271' };
const PLAY = { vendorplay_app_id: 'com.example.conformance' };
const ANDROID_LINK = { vendorplay_deep_link: 'conformance://android' };
const IOS_LINK = { ios_deep_link: 'conformance://ios' };

export const appLinkChecks: Record<string, AdsCheck> = {
  async 'CAT-CARD-035'(ctx: AdsCtx) {
    const { all } = await mediaKeys(ctx);
    await formsTaken(ctx, 'button');
    const tree = (destination: Record<string, string>) => [
      { type: 'MEDIA', media_key: all[0] },
      { ...appButton('INSTALL'), destination: { type: 'APP', ...destination } },
    ];
    for (const [label, destination] of Object.entries({
      'an Android deep link with vendorplay_app_id': { ...PLAY, ...ANDROID_LINK },
      'an iOS deep link with ios_app_store_identifier': { ...IOS, ...IOS_LINK },
    })) {
      const res = await postCard(ctx, { components: tree(destination) });
      if (refused(res))
        ctx.notCheckable(
          `a card with ${label} was refused (${what(res)}): the deep links' field names are not shown${destinationNames(ctx, tree(destination))}`,
        );
      ctx.setup(res.status < 300, `a card with ${label} answered ${what(res)}`);
    }
    const unpaired = {
      'an Android deep link with ios_app_store_identifier only': { ...IOS, ...ANDROID_LINK },
      'an iOS deep link with vendorplay_app_id only': { ...PLAY, ...IOS_LINK },
    };
    for (const [label, destination] of Object.entries(unpaired))
      expectRefused(ctx, await postCard(ctx, { components: tree(destination) }), `an app destination with ${label}`);
  },
};
