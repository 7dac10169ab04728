// ADS-PERM-OBS-001: what the permission table leaves open, recorded for the roles the control API
// lists, never failed: whether AD_MANAGER may PUT the account ("without users and settings": which
// calls are settings is not stated), whether ANALYST and PARTNER_AUDIENCE_MANAGER read the account
// record, whether CREATIVE_MANAGER without TWEET_COMPOSER creates a promoted-only (nullcast) draft
// post, and what user_id the access endpoint gives (its response shape is not shown).
import { inLanes } from '../../../harness/domain/lanes.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { draftUser, draftsPath } from '../catalog/drafts/draft-records.ts';
import { envelope, ok, record } from '../reading/answers.ts';
import { accountId, requireWrites } from '../setup/records.ts';
import { readAccess } from './access.ts';
import { type Role, roleCap } from './roles.ts';
import { userWith } from './users.ts';

const status = (res: HttpResult) => (ok(res) ? `allowed (${res.status})` : `refused (${res.status})`);

const OPEN: [Role, string, (ctx: AdsCtx) => Promise<string>][] = [
  [
    'AD_MANAGER',
    'AD_MANAGER: PUT /accounts/:account_id (its own name again)',
    async (ctx) => {
      const path = `/accounts/${await accountId(ctx)}`;
      const name = record(await ctx.api.ads.call('GET', path)).name;
      const u = await userWith(ctx, 'AD_MANAGER');
      return status(await u.call('PUT', path, { query: { name: String(name) } }));
    },
  ],
  ...(['ANALYST', 'PARTNER_AUDIENCE_MANAGER'] as const).map((role): [Role, string, (ctx: AdsCtx) => Promise<string>] => [
    role,
    `${role}: GET /accounts/:account_id`,
    async (ctx) => status(await (await userWith(ctx, role)).call('GET', `/accounts/${await accountId(ctx)}`)),
  ]),
  [
    'CREATIVE_MANAGER',
    'CREATIVE_MANAGER without TWEET_COMPOSER: POST a nullcast=true draft post',
    async (ctx) => {
      const u = await userWith(ctx, 'CREATIVE_MANAGER');
      const query = { as_user_id: await draftUser(ctx), text: 'Promoted-only?', nullcast: true, name: ctx.api.name('nullcast') };
      return status(await u.call('POST', await draftsPath(ctx), { query }));
    },
  ],
  [
    'CAMPAIGN_ANALYST',
    'authenticated_user_access data.user_id of a new user',
    async (ctx) => {
      const u = await userWith(ctx, 'CAMPAIGN_ANALYST');
      const data = envelope(await readAccess(ctx, u)).data as { user_id?: unknown } | undefined;
      const id = data?.user_id;
      return id === undefined ? 'absent' : String(id) === u.user.user_id ? "the user's user_id" : 'another id';
    },
  ],
];

export async function observeOpenPoints(ctx: AdsCtx): Promise<void> {
  requireWrites(ctx);
  const tried = OPEN.filter(([role]) => ctx.has(roleCap(role)));
  if (!tried.length) ctx.notCheckable('the control API lists none of the roles whose open points are observed');
  await inLanes(tried, async ([, topic, see]) => ctx.observe(topic, await see(ctx)));
}
