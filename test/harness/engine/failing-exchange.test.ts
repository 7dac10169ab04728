// A failure names the exchange it is about: the answer its check named, else the last exchange
// the rule had sent when it failed (not a later cleanup, not a call aside).
import { describe, expect, test } from 'vitest';
import { type RunServices, RuleContext } from '../../../harness/engine/context.ts';
import { checkCases } from '../../../harness/engine/fixed-cases.ts';
import { RuleFailure } from '../../../harness/engine/outcome.ts';
import type { HttpExchange } from '../../../harness/model/result.ts';
import type { RuleMeta } from '../../../harness/model/rule.ts';

const x = (method: string, aside = false): HttpExchange => ({
  request: { method, url: `http://t.test/${method.toLowerCase()}`, headers: {} },
  response: { status: 200, headers: {} },
  ...(aside ? { aside: true } : {}),
});

const context = (): RuleContext =>
  new RuleContext(
    { id: 'T-1', holds: [] } as unknown as RuleMeta,
    { rerun: [] } as unknown as RunServices,
    {},
    {
      checkpoint: () => 0,
      cleanup: async () => [],
    },
  );

function failure(fn: () => void): RuleFailure {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleFailure) return e;
    throw e;
  }
  throw new Error('no failure');
}

describe('the exchange a failure is about', () => {
  test('named by the check: an exchange, or an answer carrying one', () => {
    const ctx = context();
    const put = x('PUT');
    ctx.evidence.push(x('POST'), put, x('GET'));
    expect(failure(() => ctx.check(false, 'renamed?', put)).about).toBe(put);
    expect(failure(() => ctx.check(false, 'renamed?', { exchange: put })).about).toBe(put);
    expect(failure(() => ctx.fail('renamed?', put)).about).toBe(put);
  });

  test('else the last exchange under test sent so far: a later cleanup is not it, nor a call aside', () => {
    const ctx = context();
    const get = x('GET');
    ctx.evidence.push(x('POST'), get, x('POST', true), { note: 'n' });
    const f = failure(() => ctx.check(false, 'listed?'));
    expect(f.about).toBe(get);
    ctx.evidence.push(x('DELETE')); // the cleanup, after the failure
    expect(f.about).toBe(get);
    expect(failure(() => context().fail('nothing sent')).about).toBeUndefined();
  });

  test('a fixed case that fails keeps the exchange its check named, not the exchanges after it', async () => {
    const ctx: RuleContext = context();
    const put = x('PUT');
    const f = await checkCases(ctx, ['a'], undefined, async () => {
      ctx.evidence.push(x('POST'), put, x('DELETE'));
      ctx.check(false, 'refused?', put);
    }).catch((e: unknown) => e);
    expect(f).toBeInstanceOf(RuleFailure);
    expect((f as RuleFailure).message).toContain('fixed case "a"');
    expect((f as RuleFailure).about).toBe(put);
  });
});

describe('an assertion over several items at once (checkEach)', () => {
  test('counts each item it judged as examined, once, passed or failed; none judged, nothing examined', () => {
    const ctx: RuleContext = context();
    ctx.checkEach(15, true, 'all served');
    expect(ctx.examined).toBe(15);
    ctx.checkEach(0, true, 'nothing to judge');
    expect(ctx.examined).toBe(15);
    const put = x('PUT');
    const f = failure(() => ctx.checkEach(4, false, '1 of 4 broke it', put));
    expect(f.message).toBe('1 of 4 broke it');
    expect(f.about).toBe(put);
    expect(ctx.examined).toBe(19);
  });
});
