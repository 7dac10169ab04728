// Accounts (list with account_ids and a case-insensitive name prefix q; single; PUT name and
// industry_type; sandbox-only creation, whose data is an array, and deletion), account apps and
// the authenticated user's access. Only the authenticated user's accounts are served.

import { holding } from './access/gate.ts';
import { accessOf } from './access/report.ts';
import { type Ctx, ownAccount, nowIso } from './context.ts';
import { array, single } from './envelope.ts';
import { invalidParam } from './errors.ts';
import { createAccount } from './factory.ts';
import { paginate, readList } from './list-params.ts';
import { list } from './envelope.ts';
import { readParams } from './params.ts';
import { ID_LIST, listReply, withDeletedParam } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import { ME } from './state.ts';
import type { Rec } from './table.ts';

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

/** the account as lists show it: industry_type only on single retrieval and update */
function listed(rec: Rec): Record<string, unknown> {
  const { industry_type: _, ...rest } = structuredClone(rec);
  return rest;
}

const epochSeconds = (iso: unknown) => (typeof iso === 'string' ? Math.floor(Date.parse(iso) / 1000) : iso);

function listAccounts(call: Call) {
  const { ctx } = call;
  const idList = ctx.fault('ads-id-filter-over-200') ? ({ t: 'list', max: 400 } as const) : ID_LIST;
  const p = readParams(call.raw, { account_ids: idList, q: { t: 'string' } });
  Object.assign(call.echo, p);
  const lp = readList(ctx, call.raw, {}, call.echo);
  const named = p.account_ids as string[] | undefined;
  const ids = ctx.fault('ads-account-ids-first-only') ? named?.slice(0, 1) : named;
  const caseSensitive = ctx.fault('ads-accounts-q-case-sensitive');
  const fold = (s: string) => (caseSensitive ? s : s.toLowerCase());
  const q = typeof p.q === 'string' ? fold(p.q) : undefined;
  const rows = [...ctx.state.accounts.values()]
    // fault ads-accounts-list-all-users: every user's accounts are listed
    .filter((a) => a.owner === ME || ctx.fault('ads-accounts-list-all-users'))
    // a user of the control API: the account they hold a role on
    .filter((a) => !call.user || a.record.id === holding(ctx, call.user, a.record.id).account)
    .filter((a) => (lp.withDeleted && !ctx.fault('ads-accounts-list-with-deleted-ignored')) || !a.record.deleted)
    .filter((a) => !ids || ids.includes(a.record.id))
    // fault ads-accounts-q-anywhere: q matches anywhere in the name
    .filter(
      (a) =>
        q === undefined ||
        (ctx.fault('ads-accounts-q-anywhere') ? fold(String(a.record.name)).includes(q) : fold(String(a.record.name)).startsWith(q)),
    )
    .map((a) => ({ rec: a.record, seq: a.seq }));
  const page = paginate(rows, lp);
  if (ctx.fault('ads-accounts-list-total-count-missing')) delete page.total_count;
  const render = (r: Rec) => {
    const out = listed(r);
    if (ctx.fault('ads-account-list-epoch-times'))
      Object.assign(out, { created_at: epochSeconds(out.created_at), updated_at: epochSeconds(out.updated_at) });
    return out;
  };
  return list(call.echo, { ...page, data: page.data.map((r) => render(r as Rec)) });
}

function getAccount(call: Call) {
  const withDeleted = withDeletedParam(call);
  const id = call.path.account_id;
  const other = call.ctx.fault('ads-other-account-served') ? call.ctx.state.accounts.get(id) : undefined;
  const acc = other ?? ownAccount(call.ctx, id, withDeleted);
  return single(call.echo, call.ctx.fault('ads-account-single-no-industry-type') ? listed(acc.record) : structuredClone(acc.record));
}

function createSandboxAccount(call: Call) {
  const acc = createAccount(call.ctx, ME, 'Sandbox account');
  // fault ads-sandbox-account-not-stored: the account is answered but not kept
  if (call.ctx.fault('ads-sandbox-account-not-stored')) call.ctx.state.accounts.delete(acc.record.id);
  if (call.ctx.fault('ads-sandbox-account-as-object')) return single(call.echo, listed(acc.record), 201);
  return array(call.echo, [listed(acc.record)], 201);
}

/** faults ads-sandbox-account-on-production, ads-sandbox-account-delete-on-production,
 *  ads-sandbox-features-on-production: the production address serves the sandbox account
 *  creation, its deletion, or adding and removing features */
export function servedOnProduction(ctx: Ctx, route: AdsRoute): boolean {
  if (route.handle === deleteSandboxAccount) return ctx.fault('ads-sandbox-account-delete-on-production');
  if (route.handle === createSandboxAccount) return ctx.fault('ads-sandbox-account-on-production');
  return route.path.endsWith('/features') && ctx.fault('ads-sandbox-features-on-production');
}

function updateAccount(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const industry = call.ctx.fault('ads-industry-type-unchecked')
    ? ({ t: 'string' } as const)
    : ({ t: 'enum', values: INDUSTRY_TYPES } as const);
  const p = readParams(call.raw, { name: { t: 'string', max: 255 }, industry_type: industry });
  Object.assign(call.echo, p);
  if (p.name === '') throw invalidParam('name', 'name may not be empty');
  if (p.name !== undefined) acc.record.name = p.name;
  if (p.industry_type !== undefined) acc.record.industry_type = p.industry_type;
  acc.record.updated_at = nowIso(call.ctx);
  return single(call.echo, structuredClone(acc.record));
}

function deleteSandboxAccount(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const before = listed(acc.record);
  // fault ads-sandbox-delete-not-stored: the answer says deleted, the account stays as it was
  if (call.ctx.fault('ads-sandbox-delete-not-stored')) return single(call.echo, { ...before, deleted: true });
  acc.record.deleted = true;
  acc.record.updated_at = nowIso(call.ctx);
  return single(call.echo, call.ctx.fault('ads-sandbox-delete-answers-undeleted') ? before : listed(acc.record));
}

function accountApps(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const asString = call.ctx.fault('ads-account-apps-tracking-as-string');
  const render = (r: Rec) => {
    const out = structuredClone(r);
    if (asString) out.conversion_tracking_enabled = String(out.conversion_tracking_enabled);
    return out;
  };
  return listReply(call, acc.apps, { render, refuseDeleted: call.ctx.fault('ads-account-apps-with-deleted-refused') });
}

function authenticatedUserAccess(call: Call) {
  ownAccount(call.ctx, call.path.account_id);
  if (call.user) return single(call.echo, accessOf(call.ctx, call.user, call.path.account_id));
  return single(call.echo, { user_id: ME, permissions: ['ACCOUNT_ADMIN', 'TWEET_COMPOSER'] });
}

function fundingInstruments(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { funding_instrument_ids: ID_LIST });
  Object.assign(call.echo, p);
  const ids = p.funding_instrument_ids as string[] | undefined;
  return listReply(call, acc.fundingInstruments, { filter: (r) => !ids || ids.includes(r.id) });
}

export const accountRoutes: AdsRoute[] = [
  { method: 'GET', path: '/accounts', handle: listAccounts },
  { method: 'POST', path: '/accounts', sandboxOnly: true, handle: createSandboxAccount },
  { method: 'GET', path: '/accounts/:account_id', handle: getAccount },
  { method: 'PUT', path: '/accounts/:account_id', handle: updateAccount },
  { method: 'DELETE', path: '/accounts/:account_id', sandboxOnly: true, handle: deleteSandboxAccount },
  { method: 'GET', path: '/accounts/:account_id/account_apps', handle: accountApps },
  { method: 'GET', path: '/accounts/:account_id/authenticated_user_access', handle: authenticatedUserAccess },
  { method: 'GET', path: '/accounts/:account_id/funding_instruments', handle: fundingInstruments },
];
