// TWEET_COMPOSER: "The extra permission TWEET_COMPOSER allows creating promoted-only posts and is
// available only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER."
// ADS-PERM-013: a user given TWEET_COMPOSER with each role the target lists (and with none) either
// cannot be made (POST /users refused: the target keeps the rule where it is asked) or is never
// reported TWEET_COMPOSER without one of the three (with no role, a refused authenticated_user_access
// reports nothing: the user holds no role on the account); with one of the three, both are reported.
// ADS-PERM-014: a CREATIVE_MANAGER holding TWEET_COMPOSER creates a promoted-only post: a draft
// post with the nullcast flag ("nullcast flag (promoted-only post)", ads-api-catalog-cards.md).
import { inLanes } from '../../../harness/domain/lanes.ts';
import { ControlError } from '../../../harness/target/control.ts';
import type { AdsCtx } from '../api.ts';
import { draftUser, draftsPath, recordOf } from '../catalog/drafts/draft-records.ts';
import { noStringId, what } from '../reading/answers.ts';
import { requireWrites } from '../setup/records.ts';
import { expectReported, reportedFor, reportedIfServed } from './access.ts';
import { COMPOSER_ROLES, ROLES, type Role, TWEET_COMPOSER, roleCap } from './roles.ts';
import { expectAllowed } from './served.ts';
import { type RoleUser, userWith } from './users.ts';

/** the user, or undefined when the control API refused to make one (a 4xx) */
async function madeOrRefused(ctx: AdsCtx, role: Role | undefined): Promise<RoleUser | undefined> {
  try {
    return await userWith(ctx, role, [TWEET_COMPOSER]);
  } catch (e) {
    if (e instanceof ControlError && e.status !== undefined && e.status >= 400 && e.status <= 499) {
      ctx.observe(`POST /users with ${TWEET_COMPOSER} and ${role ?? 'no role'}`, `refused (${e.status})`);
      return undefined;
    }
    throw e;
  }
}

export async function checkComposerOnlyWithThree(ctx: AdsCtx): Promise<void> {
  const listed = ROLES.filter((r) => ctx.has(roleCap(r)));
  ctx.setup(
    COMPOSER_ROLES.some((r) => listed.includes(r)),
    `needs one of ${COMPOSER_ROLES.join(', ')} among the control API's roles, which list ${listed.join(', ') || 'none of the six'}`,
  );
  const notListed = ROLES.filter((r) => !listed.includes(r));
  if (notListed.length) ctx.observe(`${ctx.rule.id}: roles not tried (the control API does not list them)`, notListed.join(', '));
  await inLanes([undefined, ...listed], async (role) => {
    if (role !== undefined && COMPOSER_ROLES.includes(role)) {
      await expectReported(ctx, await userWith(ctx, role, [TWEET_COMPOSER]));
      return;
    }
    const u = await madeOrRefused(ctx, role);
    if (!u) return;
    // a user made with no role holds none on the account, which is then not associated with it
    // (Authentication 1): a refused authenticated_user_access reports nothing (as ADS-PERM-015 takes it)
    const reported = role === undefined ? await reportedIfServed(ctx, u) : await reportedFor(ctx, u);
    ctx.check(
      !reported.has(TWEET_COMPOSER) || COMPOSER_ROLES.some((r) => reported.has(r)),
      `a user given ${TWEET_COMPOSER} with ${role ?? 'no role'} is reported [${[...reported].join(', ')}]: ${TWEET_COMPOSER} is available only with ${COMPOSER_ROLES.join(', ')}`,
    );
  });
}

export async function checkComposerPosts(ctx: AdsCtx): Promise<void> {
  requireWrites(ctx);
  const u = await userWith(ctx, 'CREATIVE_MANAGER', [TWEET_COMPOSER]);
  const made = await u.call('POST', await draftsPath(ctx), {
    query: { as_user_id: await draftUser(ctx), text: 'A promoted-only post', nullcast: true, name: ctx.api.name('nullcast') },
  });
  expectAllowed(ctx, made, `CREATIVE_MANAGER with ${TWEET_COMPOSER}: POST a promoted-only (nullcast=true) draft post`);
  const id = recordOf(made).id;
  ctx.check(typeof id === 'string' && id !== '', `the promoted-only draft post answered ${noStringId(id)}: ${what(made)}`, made);
}
