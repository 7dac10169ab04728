// The cards of each account (generic cards, image conversation cards, video conversation cards),
// kept as a part of the ads state (dropped by a reset).
import type { Ctx } from '../../context.ts';
import { Table } from '../../table.ts';

export interface AccountCards {
  /** cards made by POST /accounts/:account_id/cards */
  cards: Table;
  /** image and video conversation cards (card_type IMAGE_CONVERSATION / VIDEO_CONVERSATION) */
  conversations: Table;
}

export class CardsState {
  readonly byAccount = new Map<string, AccountCards>();
}

export function accountCards(ctx: Ctx, accountId: string): AccountCards {
  const s = ctx.state.part('cards', () => new CardsState());
  let a = s.byAccount.get(accountId);
  if (!a) {
    a = { cards: new Table(), conversations: new Table() };
    s.byAccount.set(accountId, a);
  }
  return a;
}
