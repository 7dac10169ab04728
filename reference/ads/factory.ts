// Creating accounts with what every account of the real API comes with: funding instruments (an
// insertion order, which needs no daily budget, and a credit card, which does), an account app,
// and the owner as its FULL promotable user. The baseline after start and reset: one account of
// the authenticated user and one of another user.

import type { Ctx } from './context.ts';
import { nowIso } from './context.ts';
import { AccountData, ME, OTHER_USER } from './state.ts';
import type { Rec } from './table.ts';

function base(ctx: Ctx, id: string): Rec {
  const now = nowIso(ctx);
  return { id, created_at: now, updated_at: now, deleted: false };
}

function fundingInstrument(ctx: Ctx, accountId: string, type: 'INSERTION_ORDER' | 'CREDIT_CARD'): Rec {
  const b = base(ctx, ctx.state.ids.record());
  return {
    start_time: b.created_at,
    description: type === 'CREDIT_CARD' ? 'Visa ending in 0650' : 'Insertion order',
    credit_limit_local_micro: type === 'CREDIT_CARD' ? 200_000_000 : null,
    end_time: null,
    id: b.id,
    entity_status: 'ACTIVE',
    account_id: accountId,
    reasons_not_able_to_fund: [],
    io_header: null,
    currency: 'USD',
    funded_amount_local_micro: type === 'INSERTION_ORDER' ? 140_000_000_000 : 0,
    created_at: b.created_at,
    type,
    able_to_fund: true,
    updated_at: b.updated_at,
    credit_remaining_local_micro: null,
    deleted: false,
  };
}

export function addPromotableUser(ctx: Ctx, acc: AccountData, userId: string, type: 'FULL' | 'RETWEETS_ONLY'): Rec {
  const b = base(ctx, ctx.state.ids.record());
  return acc.promotableUsers.add(ctx.state.seq(), {
    user_id: userId,
    id: b.id,
    created_at: b.created_at,
    updated_at: b.updated_at,
    deleted: false,
    promotable_user_type: type,
  });
}

/** a new account of `owner` with its funding instruments, app and FULL promotable user */
export function createAccount(ctx: Ctx, owner: string, name: string): AccountData {
  const id = ctx.state.ids.account();
  const b = base(ctx, id);
  const acc = new AccountData(
    owner,
    {
      name,
      business_name: null,
      timezone: 'America/Los_Angeles',
      timezone_switch_at: null,
      id,
      created_at: b.created_at,
      updated_at: b.updated_at,
      industry_type: null,
      business_id: null,
      approval_status: 'ACCEPTED',
      deleted: false,
    },
    ctx.state.seq(),
  );
  acc.fundingInstruments.add(ctx.state.seq(), fundingInstrument(ctx, id, 'INSERTION_ORDER'));
  acc.fundingInstruments.add(ctx.state.seq(), fundingInstrument(ctx, id, 'CREDIT_CARD'));
  const app = base(ctx, ctx.state.ids.record());
  acc.apps.add(ctx.state.seq(), {
    app_store_identifier: 'com.example.android',
    conversion_tracking_enabled: false,
    deep_link_pattern: 'example://',
    id: app.id,
    created_at: app.created_at,
    updated_at: app.updated_at,
    os_type: 'Android',
    deleted: false,
  });
  addPromotableUser(ctx, acc, owner, 'FULL');
  ctx.state.accounts.set(id, acc);
  return acc;
}

/** the first funding instrument of the account (the insertion order) */
export function mainFundingInstrument(acc: AccountData): Rec {
  return acc.fundingInstruments.all()[0];
}

export function seedBaseline(ctx: Ctx): void {
  createAccount(ctx, ME, 'API McTestface');
  createAccount(ctx, OTHER_USER, 'Other advertiser');
}

/** the baseline account of another user (never served to the authenticated user) */
export function otherUsersAccount(ctx: Ctx): string | undefined {
  for (const [id, acc] of ctx.state.accounts) if (acc.owner !== ME) return id;
  return undefined;
}
