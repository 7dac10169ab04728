// What the records under a line item share: lookup by id within the account, deletion (deleted =
// true; a second delete is 404), and their lists.
import { notFound } from './errors.ts';
import { listBody, type ListOptions, page, readListParams } from './listing.ts';
import { type Answer, type Call, one } from './router.ts';
import type { Account, Base, Ctx } from './store.ts';

export function findChild<T extends Base>(records: Map<string, T>, account: Account, id: string, what: string, withDeleted = false): T {
  const r = records.get(id);
  if (!r || r.accountId !== account.id || (r.deleted && !withDeleted)) throw notFound(what, id);
  return r;
}

export function deleteChild<T extends Base>(ctx: Ctx, r: T): T {
  r.deleted = true;
  r.updatedAt = ctx.clock.now();
  return r;
}

export function listChildren<T extends Base>(
  c: Call,
  records: Iterable<T>,
  view: (r: T) => Record<string, unknown>,
  o: ListOptions & { hidden?: (r: T) => boolean } = {},
): Answer {
  const lr = readListParams(c.ctx, c.user, c.p, o);
  const visible = [...records].filter((r) => lr.withDeleted || !o.hidden?.(r));
  const pg = page(visible, lr, (r, attr) => view(r)[attr]);
  return { body: listBody(c.p, lr, pg, view) };
}

export function getChild<T extends Base>(
  c: Call,
  records: Map<string, T>,
  account: Account,
  id: string,
  what: string,
  view: (r: T) => unknown,
): Answer {
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  return one(c, view(findChild(records, account, id, what, withDeleted)));
}
