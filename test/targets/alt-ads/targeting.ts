// Targeting criteria: the list (line_item_ids required, up to 200; targeting_criterion_ids; lang
// adds localized_name), and, as the real interface has them (not shown by the document), single
// create / get / delete and the batch. Targeting an IAB code of a content category needs every IAB
// code that category maps to on the line item (validation error otherwise).
import { ownAccount } from './auth.ts';
import { paramsOf, runBatch } from './batch.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { ApiError, type Detail, detail, invalid, invalidOne } from './errors.ts';
import { record } from './history.ts';
import { nextOrder, recordId } from './ids.ts';
import { lineItemParam } from './line-items.ts';
import type { Params } from './params.ts';
import { CONTENT_CATEGORIES } from './reference-data.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, TargetingCriterion } from './store.ts';
import { targetingView } from './views.ts';

const WHAT = 'targeting criterion';

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const lis = c.p.list('line_item_ids', { required: true });
  const ids = c.p.list('targeting_criterion_ids');
  const lang = c.p.str('lang', { pattern: /^[a-z]{2}$/ });
  const all = [...c.ctx.st.targeting.values()].filter(
    (t) => t.accountId === a.id && (!lis || lis.includes(t.lineItemId)) && (!ids || ids.includes(t.id)),
  );
  return listChildren(c, all, (t) => targetingView(t, lang), { sortable: ['targeting_type', 'targeting_value'] });
}

function build(c: Call, a: Account, p: Params): TargetingCriterion {
  const li = lineItemParam({ ...c, p }, a);
  const type = p.str('targeting_type', { required: true, pattern: /^[A-Z_]+$/ });
  const value = p.str('targeting_value', { required: true });
  const op = p.oneOf('operator_type', ['EQ', 'NE'] as const) ?? 'EQ';
  p.done();
  const now = c.ctx.clock.now();
  return {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    lineItemId: li?.id as string,
    targetingType: type as string,
    targetingValue: value as string,
    operatorType: op,
  };
}

/** the content category rule on a line item's live criteria: the codes missing, if any */
function missingIab(c: Call, lineItemId: string): string[] {
  const codes = new Set(
    [...c.ctx.st.targeting.values()]
      .filter((t) => t.lineItemId === lineItemId && !t.deleted && t.targetingType === 'IAB_CATEGORY')
      .map((t) => t.targetingValue),
  );
  return CONTENT_CATEGORIES.filter((cc) => cc.iab_categories.some((x) => codes.has(x))).flatMap((cc) =>
    cc.iab_categories.filter((x) => !codes.has(x)),
  );
}

function save(c: Call, a: Account, t: TargetingCriterion): TargetingCriterion {
  c.ctx.st.targeting.set(t.id, t);
  record(c.ctx, { accountId: a.id, userId: c.user, entity: 'TARGETING_CRITERIA', entityId: t.id, after: targetingView(t), type: 'CREATE' });
  return t;
}

const incomplete = (missing: string[]) =>
  detail(
    'CONTENT_CATEGORY_INCOMPLETE',
    `targeting a content category needs all its IAB categories; missing ${missing.join(', ')}`,
    'targeting_value',
  );

function checkIab(c: Call, lineItemId: string): void {
  const missing = missingIab(c, lineItemId);
  if (missing.length) throw invalid([incomplete(missing)]);
}

function create(c: Call): Answer {
  if (c.ctx.noCriterionCreation) throw new ApiError(404, 'not_found', [{ code: 'NOT_FOUND', text: 'no such endpoint' }]);
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const t = build(c, a, c.p);
  const st = c.ctx.st;
  const before = new Map(st.targeting);
  const h = st.history.length;
  save(c, a, t);
  try {
    checkIab(c, t.lineItemId);
  } catch (e) {
    st.targeting = before;
    st.history.length = h;
    throw e;
  }
  return one(c, targetingView(t));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const t = findChild(c.ctx.st.targeting, a, c.path.targeting_criterion_id, WHAT);
  deleteChild(c.ctx, t);
  record(c.ctx, { accountId: a.id, userId: c.user, entity: 'TARGETING_CRITERIA', entityId: t.id, after: targetingView(t), type: 'DELETE' });
  return one(c, targetingView(t));
}

function batch(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const st = c.ctx.st;
  const touched = new Map<number, string>();
  return runBatch(c, {
    snapshot() {
      const targeting = new Map([...st.targeting].map(([k, v]) => [k, { ...v }]));
      const h = st.history.length;
      return () => {
        st.targeting = targeting;
        st.history.length = h;
      };
    },
    run(op, params, index) {
      if (op === 'Update')
        throw invalidOne('INVALID_OPERATION_TYPE', 'targeting criteria are created or deleted, not updated', 'operation_type');
      if (op === 'Create') {
        const t = save(c, a, build(c, a, paramsOf(params, {})));
        touched.set(index, t.lineItemId);
        return targetingView(t);
      }
      const id = params.targeting_criterion_id;
      if (typeof id !== 'string' || id === '')
        throw invalidOne('REQUIRED_PARAMETER_MISSING', 'targeting_criterion_id is required', 'targeting_criterion_id');
      const t = deleteChild(c.ctx, findChild(st.targeting, a, id, WHAT));
      touched.set(index, t.lineItemId);
      return targetingView(t);
    },
    finish() {
      const faults = new Map<number, Detail[]>();
      for (const [index, lineItemId] of touched) {
        const missing = missingIab(c, lineItemId);
        if (missing.length) faults.set(index, [incomplete(missing)]);
      }
      return faults;
    },
  });
}

export const targetingRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/targeting_criteria', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/targeting_criteria', handler: create },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/targeting_criteria/:targeting_criterion_id',
    handler: (c) =>
      getChild(c, c.ctx.st.targeting, ownAccount(c.ctx, c.user, c.path.account_id), c.path.targeting_criterion_id, WHAT, targetingView),
  },
  { method: 'DELETE', pattern: '/accounts/:account_id/targeting_criteria/:targeting_criterion_id', handler: remove },
  { method: 'POST', pattern: '/batch/accounts/:account_id/targeting_criteria', handler: batch },
];
