// Accounts of the authenticated user: list (account_ids, q as a case-insensitive name prefix,
// list parameters), single (with_deleted), PUT (name, industry_type), account apps, the caller's
// access, and the granted features.
import { ownAccount } from './auth.ts';
import { numericId, nextOrder, recordId } from './ids.ts';
import { listBody, page, readListParams } from './listing.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, Ctx, FundingInstrument } from './store.ts';
import { accountView, appView } from './views.ts';

export const INDUSTRY_TYPES = [
  'AGENCY',
  'BUSINESS_TO_BUSINESS',
  'ONLINE_SERVICES',
  'EDUCATION',
  'FINANCIAL',
  'HEALTH',
  'GOVERNMENT',
  'MEDIA',
  'MOBILE',
  'RESTAURANT',
  'RETAIL',
  'TECHNOLOGY',
  'TRAVEL',
  'OTHER',
] as const;

export const FEATURE_KEY = /^[A-Z0-9_]+$/;

/** a new account of `ownerId` with one funding instrument */
export function createAccount(
  ctx: Ctx,
  ownerId: string,
  o: { name?: string; sandbox: boolean; allowlisted: boolean; features?: string[] },
): Account {
  const now = ctx.clock.now();
  const id = recordId();
  const a: Account = {
    id,
    order: nextOrder(),
    ownerId,
    name: o.name ?? `Alt sandbox ${id}`,
    industryType: 'OTHER',
    timezone: 'Europe/Berlin',
    createdAt: now,
    updatedAt: now,
    deleted: false,
    features: [...(o.features ?? [])],
    historyAllowlisted: o.allowlisted,
    sandbox: o.sandbox,
  };
  ctx.st.accounts.set(id, a);
  const fi: FundingInstrument = {
    id: recordId(),
    order: nextOrder(),
    accountId: id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    type: 'INSERTION_ORDER',
    currency: 'EUR',
  };
  ctx.st.fundingInstruments.set(fi.id, fi);
  return a;
}

const accountValue = (a: Account, attr: string) => accountView(a, true)[attr];

function list(c: Call): Answer {
  const p = c.p;
  const ids = p.list('account_ids');
  const q = p.str('q');
  const lr = readListParams(c.ctx, c.user, p);
  const prefix = q?.toLowerCase();
  const mine = [...c.ctx.st.accounts.values()].filter(
    (a) => a.ownerId === c.user && (!ids || ids.includes(a.id)) && (prefix === undefined || a.name.toLowerCase().startsWith(prefix)),
  );
  const pg = page(mine, lr, accountValue);
  return { body: listBody(p, lr, pg, (a) => accountView(a, false)) };
}

function get(c: Call): Answer {
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  return one(c, accountView(ownAccount(c.ctx, c.user, c.path.account_id, { withDeleted }), true));
}

function put(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const name = c.p.str('name', { nonEmpty: true, max: 255 });
  const industry = c.p.oneOf('industry_type', INDUSTRY_TYPES);
  c.p.done();
  if (name !== undefined) a.name = name;
  if (industry !== undefined) a.industryType = industry;
  if (name !== undefined || industry !== undefined) a.updatedAt = c.ctx.clock.now();
  return one(c, accountView(a, true));
}

function apps(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const lr = readListParams(c.ctx, c.user, c.p, { sortable: ['os_type', 'app_store_identifier'] });
  const all = [...c.ctx.st.apps.values()].filter((x) => x.accountId === a.id);
  const pg = page(all, lr, (x, attr) => appView(x)[attr]);
  return { body: listBody(c.p, lr, pg, appView) };
}

function access(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  return one(c, { account_id: a.id, user_id: c.user, permissions: ['ACCOUNT_ADMIN', 'TWEET_COMPOSER'] });
}

function features(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const keys = c.p.list('feature_keys', { item: FEATURE_KEY, itemText: 'feature keys are upper-case words' });
  c.p.done();
  return one(
    c,
    a.features.filter((f) => !keys || keys.includes(f)),
  );
}

export function addApps(ctx: Ctx, accountId: string): void {
  const now = ctx.clock.now();
  const apps: [string, string, string | null][] = [
    ['com.alt.example.android', 'ANDROID', 'altexample://open/{id}'],
    [numericId().slice(-9), 'IOS', null],
  ];
  for (const [store, os, link] of apps) {
    const id = recordId();
    ctx.st.apps.set(id, {
      id,
      order: nextOrder(),
      accountId,
      createdAt: now,
      updatedAt: now,
      deleted: false,
      appStoreIdentifier: store,
      osType: os,
      deepLinkPattern: link,
      conversionTracking: os === 'ANDROID',
    });
  }
}

export const accountRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts', handler: list },
  { method: 'GET', pattern: '/accounts/:account_id', handler: get },
  { method: 'PUT', pattern: '/accounts/:account_id', handler: put },
  { method: 'GET', pattern: '/accounts/:account_id/account_apps', handler: apps },
  { method: 'GET', pattern: '/accounts/:account_id/authenticated_user_access', handler: access },
  { method: 'GET', pattern: '/accounts/:account_id/features', handler: features },
];
