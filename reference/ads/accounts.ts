// Accounts (list with account_ids and a case-insensitive name prefix q; single; PUT name and
// industry_type; sandbox-only creation, whose data is an array, and deletion), account apps and
// the authenticated user's access. Only the authenticated user's accounts are served.

import { ownAccount, nowIso } from './context.ts';
import { array, single } from './envelope.ts';
import { invalidParam } from './errors.ts';
import { createAccount } from './factory.ts';
import { paginate, readList } from './list-params.ts';
import { list } from './envelope.ts';
import { readParams } from './params.ts';
import { ID_LIST, listReply } from './records.ts';
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

function listAccounts(call: Call) {
  const p = readParams(call.raw, { account_ids: ID_LIST, q: { t: 'string' } });
  Object.assign(call.echo, p);
  const lp = readList(call.ctx, call.raw, {}, call.echo);
  const ids = p.account_ids as string[] | undefined;
  const q = typeof p.q === 'string' ? p.q.toLowerCase() : undefined;
  const rows = [...call.ctx.state.accounts.values()]
    .filter((a) => a.owner === ME)
    .filter((a) => lp.withDeleted || !a.record.deleted)
    .filter((a) => !ids || ids.includes(a.record.id))
    .filter((a) => q === undefined || String(a.record.name).toLowerCase().startsWith(q))
    .map((a) => ({ rec: a.record, seq: a.seq }));
  const page = paginate(rows, lp);
  return list(call.echo, { ...page, data: page.data.map((r) => listed(r as Rec)) });
}

function getAccount(call: Call) {
  const p = readParams(call.raw, { with_deleted: { t: 'bool' } });
  Object.assign(call.echo, p);
  const acc = ownAccount(call.ctx, call.path.account_id, p.with_deleted === true);
  return single(call.echo, structuredClone(acc.record));
}

function createSandboxAccount(call: Call) {
  const acc = createAccount(call.ctx, ME, 'Sandbox account');
  return array(call.echo, [listed(acc.record)], 201);
}

function updateAccount(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { name: { t: 'string', max: 255 }, industry_type: { t: 'enum', values: INDUSTRY_TYPES } });
  Object.assign(call.echo, p);
  if (p.name === '') throw invalidParam('name', 'name may not be empty');
  if (p.name !== undefined) acc.record.name = p.name;
  if (p.industry_type !== undefined) acc.record.industry_type = p.industry_type;
  acc.record.updated_at = nowIso(call.ctx);
  return single(call.echo, structuredClone(acc.record));
}

function deleteSandboxAccount(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  acc.record.deleted = true;
  acc.record.updated_at = nowIso(call.ctx);
  return single(call.echo, listed(acc.record));
}

function accountApps(call: Call) {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return listReply(call, acc.apps, {});
}

function authenticatedUserAccess(call: Call) {
  ownAccount(call.ctx, call.path.account_id);
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
