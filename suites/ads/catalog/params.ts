// The names of the list parameters ads-api-catalog-cards.md describes only by role ("card types",
// "card ids", "card URIs", "name prefix", "creative types", "include legacy website and app cards",
// the draft post list's "user to list for", the conversation cards' "unlock image"), and the
// card component fields whose names it does not show (the website destination's URL, the two deep
// links): the real interface's names unless the
// config's target.adsApi.catalogParams names others. A target that refuses a default name makes the
// rule not checkable, naming the key to set; it is never failed for the name.
import type { CatalogParamKey, CatalogParamNames } from '../../../config/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { refused, what } from '../reading/answers.ts';

export const DEFAULT_CATALOG_PARAMS: Record<CatalogParamKey, string> = {
  cardTypes: 'card_types',
  cardIds: 'card_ids',
  cardUris: 'card_uris',
  namePrefix: 'q',
  creativeTypes: 'creative_types',
  includeLegacy: 'include_legacy_cards',
  draftsUser: 'user_id',
  // "the field names of the website destination URL and of the two deep links: not shown"
  websiteUrl: 'url',
  androidDeepLink: 'vendorplay_deep_link',
  iosDeepLink: 'ios_deep_link',
  // Image conversation cards, create parameters: "unlock image | a media_key for the instant-unlock case …";
  // video conversation cards: "write-only unlock image media key" (the real interface names both alike)
  unlockImage: 'unlocked_image_media_key',
};

/** the parameter's name: the configured one, else the default */
export function catalogParamName(names: CatalogParamNames | undefined, key: CatalogParamKey): string {
  const configured = names?.[key];
  return typeof configured === 'string' && configured !== '' ? configured : DEFAULT_CATALOG_PARAMS[key];
}

/** the name this run uses for the parameter */
export function catalogParam(ctx: AdsCtx, key: CatalogParamKey): string {
  return catalogParamName(ctx.api.target.catalogParams, key);
}

/** a plain filter request with the parameter was refused: the rule is not checkable (the name may differ) */
export function paramUsable(ctx: AdsCtx, key: CatalogParamKey, res: HttpResult, request: string): void {
  if (!refused(res)) return;
  const name = catalogParam(ctx, key);
  const configured = ctx.api.target.catalogParams?.[key] !== undefined;
  ctx.notCheckable(
    `${request} with ${name} was refused (${what(res)}): the document describes this parameter only by role; ` +
      (configured
        ? `the configured target.adsApi.catalogParams.${key} (${name}) was refused`
        : `set target.adsApi.catalogParams.${key} to the target's name for it`),
  );
}
