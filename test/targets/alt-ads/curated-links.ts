// Line item curated categories: a line item joined to a curated category.
import { ownAccount } from './auth.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { nextOrder, recordId } from './ids.ts';
import { lineItemParam } from './line-items.ts';
import { CURATED_CATEGORIES } from './reference-data.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { LineItemCuratedCategory } from './store.ts';
import { curatedLinkView } from './views.ts';

const WHAT = 'line item curated category';

function curatedParam(c: Call, required: boolean): string | undefined {
  const id = c.p.str('curated_category_id', { required });
  if (id !== undefined && !CURATED_CATEGORIES.some((x) => x.id === id)) {
    c.p.fail('UNKNOWN_CURATED_CATEGORY', `curated category ${id} does not exist`, 'curated_category_id');
    return undefined;
  }
  return id;
}

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const li = lineItemParam(c, a);
  const cc = curatedParam(c, true);
  c.p.done();
  const now = c.ctx.clock.now();
  const r: LineItemCuratedCategory = {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    lineItemId: li?.id as string,
    curatedCategoryId: cc as string,
  };
  c.ctx.st.curatedLinks.set(r.id, r);
  return one(c, curatedLinkView(r));
}

function update(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const r = findChild(c.ctx.st.curatedLinks, a, c.path.line_item_curated_category_id, WHAT);
  const li = c.p.has('line_item_id') ? lineItemParam(c, a) : undefined;
  const cc = curatedParam(c, false);
  c.p.done();
  if (li) r.lineItemId = li.id;
  if (cc !== undefined) r.curatedCategoryId = cc;
  r.updatedAt = c.ctx.clock.now();
  return one(c, curatedLinkView(r));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  return one(c, curatedLinkView(deleteChild(c.ctx, findChild(c.ctx.st.curatedLinks, a, c.path.line_item_curated_category_id, WHAT))));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const ids = c.p.list('line_item_curated_category_ids');
  const lis = c.p.list('line_item_ids');
  const all = [...c.ctx.st.curatedLinks.values()].filter(
    (r) => r.accountId === a.id && (!ids || ids.includes(r.id)) && (!lis || lis.includes(r.lineItemId)),
  );
  return listChildren(c, all, curatedLinkView);
}

const ONE = '/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id';
export const curatedLinkRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/line_item_curated_categories', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/line_item_curated_categories', handler: create },
  {
    method: 'GET',
    pattern: ONE,
    handler: (c) =>
      getChild(
        c,
        c.ctx.st.curatedLinks,
        ownAccount(c.ctx, c.user, c.path.account_id),
        c.path.line_item_curated_category_id,
        WHAT,
        curatedLinkView,
      ),
  },
  { method: 'PUT', pattern: ONE, handler: update },
  { method: 'DELETE', pattern: ONE, handler: remove },
];
