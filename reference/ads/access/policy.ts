// The permission table of ads-api-accounts-campaigns.md (Endpoints › Accounts) as the reference
// reads it: what each role may read ('r') or read and write ('rw') in each area (areas.ts).
//   ACCOUNT_ADMIN     full access incl. users and settings
//   AD_MANAGER        full access without users and settings
//   CREATIVE_MANAGER  creatives and previews, no campaigns
//   CAMPAIGN_ANALYST  view campaigns and stats
//   ANALYST           organic analytics and audience insights only
//   PARTNER_AUDIENCE_MANAGER  API-only, data partner audiences
// Every role reads its own access and the lookups, and the account it holds the role on. What the
// table leaves open are choices (choices.ts): whether PUT /accounts/:account_id is "settings"
// (role-ad-manager-edits-account), whether the narrow roles see the account at all
// (role-narrow-see-no-account), whether PARTNER_AUDIENCE_MANAGER, whose words name its purpose and
// exclude nothing, reads campaigns (role-partner-audience-manager-reads-campaigns), whether the
// roles whose words neither name nor exclude previews preview a draft post
// (role-previews-not-excluded). Family faults flip one cell a rule asserts (faults/roles.ts); the
// open cells (OPEN_CELLS) are observed by the rules, and no fault flips them.
import type { AdsChoiceId } from '../choices.ts';
import type { Ctx } from '../context.ts';
import type { Area } from './areas.ts';
import { type Role, slug } from './roles.ts';

type Grant = 'rw' | 'r' | '-';

const BASE = { access: 'r', account: 'r', lookups: 'r', catalog: '-' } as const satisfies Partial<Record<Area, Grant>>;
const NOTHING = { settings: '-', campaigns: '-', creatives: '-', previews: '-', insights: '-' } as const;

export const TABLE: Record<Role, Record<Area, Grant>> = {
  ACCOUNT_ADMIN: { ...BASE, settings: 'rw', campaigns: 'rw', creatives: 'rw', previews: 'rw', insights: 'rw' },
  AD_MANAGER: { ...BASE, ...NOTHING, campaigns: 'rw', creatives: 'rw', previews: 'rw', insights: 'rw' },
  CREATIVE_MANAGER: { ...BASE, ...NOTHING, creatives: 'rw', previews: 'rw' },
  CAMPAIGN_ANALYST: { ...BASE, ...NOTHING, campaigns: 'r' },
  ANALYST: { ...BASE, ...NOTHING, insights: 'rw' },
  PARTNER_AUDIENCE_MANAGER: { ...BASE, ...NOTHING },
};

/**
 * The cells the rules assert, by name (family faults: `ads-role-<role>-<op>-refused` when the role
 * may, `…-allowed` when it may not). The preview and the audience estimate are POSTs that change
 * nothing: their area's grant is all they need.
 */
export const OPS = {
  'campaign-read': { area: 'campaigns', write: false },
  'campaign-write': { area: 'campaigns', write: true },
  'account-put': { area: 'settings', write: true },
  'media-creative': { area: 'creatives', write: true },
  preview: { area: 'previews', write: true },
} as const satisfies Record<string, { area: Area; write: boolean }>;

export type Op = keyof typeof OPS;

/** the cells the table leaves open: refused by default, allowed by the choice; the rules observe them, no family fault flips them */
export const OPEN_CELLS = [
  ['AD_MANAGER', 'account-put', 'role-ad-manager-edits-account'],
  ['PARTNER_AUDIENCE_MANAGER', 'campaign-read', 'role-partner-audience-manager-reads-campaigns'],
  ['CAMPAIGN_ANALYST', 'preview', 'role-previews-not-excluded'],
  ['PARTNER_AUDIENCE_MANAGER', 'preview', 'role-previews-not-excluded'],
] as const satisfies readonly (readonly [Role, Op, AdsChoiceId])[];

export const isOpenCell = (role: Role, op: Op): boolean => OPEN_CELLS.some(([r, o]) => r === role && o === op);

const READ_ONLY_POSTS: readonly Area[] = ['previews', 'insights'];

/** what the table says of a role in an area, before choices and faults */
export function tableSays(role: Role, area: Area, write: boolean): boolean {
  const g = TABLE[role][area];
  return g === 'rw' || (g === 'r' && (!write || READ_ONLY_POSTS.includes(area)));
}

export function familyFaultId(role: Role, op: Op, allowed: boolean): string {
  return `ads-role-${slug(role)}-${op}-${allowed ? 'refused' : 'allowed'}`;
}

function opOf(area: Area, write: boolean): Op | undefined {
  for (const [op, o] of Object.entries(OPS)) if (o.area === area && (o.write === write || READ_ONLY_POSTS.includes(area))) return op as Op;
  return undefined;
}

/** whether `role` may make this call (method and the route's path as declared), with the choices and faults on */
export function may(ctx: Ctx, role: Role, area: Area, method: string, routePath: string): boolean {
  const write = method !== 'GET';
  let allowed = tableSays(role, area, write);
  if (role === 'AD_MANAGER' && method === 'PUT' && routePath === '/accounts/:account_id' && ctx.choice('role-ad-manager-edits-account'))
    allowed = true;
  if ((role === 'ANALYST' || role === 'PARTNER_AUDIENCE_MANAGER') && area === 'account' && ctx.choice('role-narrow-see-no-account'))
    allowed = false;
  if (role === 'PARTNER_AUDIENCE_MANAGER' && area === 'campaigns' && !write && ctx.choice('role-partner-audience-manager-reads-campaigns'))
    allowed = true;
  if (
    (role === 'CAMPAIGN_ANALYST' || role === 'PARTNER_AUDIENCE_MANAGER') &&
    area === 'previews' &&
    ctx.choice('role-previews-not-excluded')
  )
    allowed = true;
  const op = opOf(area, write);
  if (op && ctx.fault(familyFaultId(role, op, allowed))) allowed = !allowed;
  return allowed;
}
