// What a role may do with creatives and previews, as its user: associate the fixtures' display
// media with a line item (a media creative, the document's own "creatives") and delete it, and
// preview a draft post the app's user made ("previews"). "Full access" (ACCOUNT_ADMIN, AD_MANAGER)
// and CREATIVE_MANAGER ("creatives and previews") may both; CAMPAIGN_ANALYST ("view campaigns and
// stats": a viewer changes nothing), ANALYST ("… only") and PARTNER_AUDIENCE_MANAGER (data partner
// audiences: no change is granted it) may not create or delete media creatives: each refused, the
// DELETE of a media creative the app's user made among them; nor create a promoted-only draft post.
// ANALYST is refused the preview too; whether CAMPAIGN_ANALYST and PARTNER_AUDIENCE_MANAGER preview
// a draft post is open (a preview changes no record, and their words neither name nor exclude it):
// observed, never failed. Needs a line item (the run finds whether the target creates them) and
// account media.
import type { AdsFixtures } from '../../../config/ads/index.ts';
import type { AdsCtx } from '../api.ts';
import { draftUser, draftsPath, postDraft, recordOf } from '../catalog/drafts/draft-records.ts';
import { newLineItem } from '../line-items/create.ts';
import { needOk, noStringId, record, what } from '../reading/answers.ts';
import { accountId, requireWrites } from '../setup/records.ts';
import { together } from '../setup/steps.ts';
import { GRANTS, type Role } from './roles.ts';
import { answered, expectAllowed, expectForbidden } from './served.ts';
import { type RoleUser, userWith } from './users.ts';

type Media = NonNullable<AdsFixtures['accountMedia']>[number];

const LANDING_URL = 'https://example.com/conform';

/** display media of the fixtures (not PREROLL: a display image needs no PREROLL_VIEWS line item) */
async function displayMedia(ctx: AdsCtx): Promise<Media> {
  const media = ((await ctx.api.fixtures()).accountMedia ?? []).find((m) => typeof m.id === 'string' && m.creative_type !== 'PREROLL');
  if (!media)
    ctx.notCheckable(
      'needs display account media (not PREROLL): the control API gave none and the config names no fixtures.ads.accountMedia',
    );
  return media;
}

/** a draft post of the app's user, to preview (setup) */
async function draftToPreview(ctx: AdsCtx): Promise<string> {
  const res = await postDraft(ctx, { text: 'A draft to preview' });
  needOk(ctx, res, 'creating a draft post');
  const id = recordOf(res).id;
  ctx.setup(typeof id === 'string' && id !== '', `creating a draft post answered ${noStringId(id)}: ${what(res)}`);
  return id as string;
}

/** create and delete a media creative, or be refused both (the DELETE of one the app's user made) */
async function mediaCreatives(ctx: AdsCtx, u: RoleUser, role: Role, path: string, query: Record<string, string>): Promise<void> {
  if (GRANTS[role].creatives) {
    const made = await u.call('POST', path, { query });
    expectAllowed(ctx, made, `${role} (creatives): POST a media creative`);
    const id = record(made).id;
    ctx.check(typeof id === 'string' && id !== '', `${role}: POST a media creative answered ${noStringId(id)}: ${what(made)}`, made);
    expectAllowed(ctx, await u.call('DELETE', `${path}/${id}`), `${role} (creatives): DELETE its media creative`);
    return;
  }
  const theirs = await ctx.api.ads.call('POST', path, { query });
  needOk(ctx, theirs, 'creating a media creative as the app user');
  const id = record(theirs).id;
  ctx.setup(typeof id === 'string' && id !== '', `creating a media creative answered ${noStringId(id)}: ${what(theirs)}`);
  const [made, deleted] = await together([() => u.call('POST', path, { query }), () => u.call('DELETE', `${path}/${id}`)]);
  expectForbidden(ctx, made, `${role}: POST a media creative`);
  expectForbidden(ctx, deleted, `${role}: DELETE a media creative`);
}

/**
 * a role no change is granted creates no promoted-only draft post: refused whether or not the roles
 * with creatives need TWEET_COMPOSER for one (it is "available only with" those, never this role)
 */
async function promotedOnlyDraft(ctx: AdsCtx, u: RoleUser, role: Role): Promise<void> {
  const res = await u.call('POST', await draftsPath(ctx), {
    query: { as_user_id: await draftUser(ctx), text: 'A promoted-only post', nullcast: true, name: ctx.api.name('role-nullcast') },
  });
  expectForbidden(ctx, res, `${role}: POST a promoted-only (nullcast=true) draft post`);
}

/** preview a draft post: allowed, refused, or observed where the words leave it open */
async function preview(ctx: AdsCtx, u: RoleUser, role: Role, path: string): Promise<void> {
  const res = await u.call('POST', path);
  const grant = GRANTS[role].previews;
  if (grant === 'open') ctx.observe(`${role}: preview a draft post (POST draft_tweets/preview/:id)`, answered(res));
  else if (grant) expectAllowed(ctx, res, `${role} (previews): preview a draft post`);
  else expectForbidden(ctx, res, `${role}: preview a draft post`);
}

export async function checkCreativeAccess(ctx: AdsCtx, role: Role): Promise<void> {
  requireWrites(ctx);
  const account = await accountId(ctx);
  const media = await displayMedia(ctx);
  // as ADS-MC-001 makes an image ad: a WEBSITE_CLICKS line item, which needs landing_url
  const [u, li, draft] = await together([() => userWith(ctx, role), () => newLineItem(ctx, 'WEBSITE_CLICKS'), () => draftToPreview(ctx)]);
  const query = { account_media_id: media.id as string, line_item_id: li.id, landing_url: LANDING_URL };
  await together([
    () => mediaCreatives(ctx, u, role, `/accounts/${account}/media_creatives`, query),
    () => preview(ctx, u, role, `/accounts/${account}/draft_tweets/preview/${draft}`),
    async () => {
      if (!GRANTS[role].creatives) await promotedOnlyDraft(ctx, u, role);
    },
  ]);
}
