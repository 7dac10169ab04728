/**
 * The contract assertion and its oracles catch what they are meant to catch
 * (so a passing contract means something).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertAllMutationsProduced,
  assertArbitraryContract,
  assertEveryValueKeepsItsRule,
  assertProduceSameValuesGivenSameSeed,
  callbackUrlViolations,
  explicitPort,
  isRealUtcMinute,
  urlMutationViolations,
  violations,
} from './contracts.ts';

const BASE = 'https://hooks.conformance.test';
const idRule = (v: string) => violations([[/^[0-9]{1,19}$/.test(v), `${v} is no id`]]);

describe('assertions', () => {
  it('same-seed assertion fails for an arbitrary with hidden randomness', () => {
    const leaky = () => fc.nat().map((n) => n + Math.random());
    expect(() => assertProduceSameValuesGivenSameSeed(leaky, { seed: 1, numRuns: 10 })).toThrow();
    expect(() => assertProduceSameValuesGivenSameSeed(() => fc.nat(), { seed: 1, numRuns: 10 })).not.toThrow();
  });

  it('value assertion fails when one value breaks the rule, and names it', () => {
    const arb = fc.oneof(fc.constant('123'), fc.constant('12a'));
    expect(() => assertEveryValueKeepsItsRule(arb, idRule, { seed: 1, numRuns: 50 })).toThrow(/12a is no id/);
  });

  it('mutation coverage fails when a declared mutation is never produced', () => {
    const arb = fc.constant({ value: '', mutation: 'empty' });
    expect(() => assertAllMutationsProduced(arb, ['empty', 'no-host'], { seed: 1, numRuns: 20 })).toThrow();
  });

  it('the whole contract passes for a well-behaved arbitrary', () => {
    assertArbitraryContract({ name: 'ids', make: () => fc.stringMatching(/^[0-9]{1,19}$/), check: idRule }, { seed: 3, numRuns: 50 });
  });
});

describe('oracles', () => {
  it('isRealUtcMinute', () => {
    expect(isRealUtcMinute('202402291000')).toBe(true);
    expect(isRealUtcMinute('202302291000')).toBe(false);
    expect(isRealUtcMinute('202611222400')).toBe(false);
    expect(isRealUtcMinute('202611221060')).toBe(false);
    expect(isRealUtcMinute('202613011000')).toBe(false);
    expect(isRealUtcMinute('20261122100')).toBe(false);
    expect(isRealUtcMinute('000101010000')).toBe(true);
  });

  it('callbackUrlViolations accepts a plain callback and flags each broken rule', () => {
    expect(callbackUrlViolations(`${BASE}/a/b?x=1`, BASE)).toEqual([]);
    expect(callbackUrlViolations(`${BASE}:443/a`, BASE)).not.toEqual([]); // explicit default port
    expect(callbackUrlViolations(`http://hooks.conformance.test/a`, BASE)).not.toEqual([]);
    expect(callbackUrlViolations(`https://other.test/a`, BASE)).not.toEqual([]);
    expect(callbackUrlViolations(`${BASE}/a b`, BASE)).not.toEqual([]);
    expect(callbackUrlViolations(`${BASE}/a/../b`, BASE)).not.toEqual([]);
    expect(callbackUrlViolations(`${BASE}/a%zz`, BASE)).not.toEqual([]);
  });

  it('explicitPort sees a default port that new URL() hides', () => {
    expect(new URL(`${BASE}:443/a`).port).toBe('');
    expect(explicitPort(`${BASE}:443/a`)).toBe(443);
    expect(explicitPort(`${BASE}/a`)).toBeUndefined();
  });

  it('urlMutationViolations rejects values that do not break the named rule', () => {
    expect(urlMutationViolations({ value: `${BASE}/p`, mutation: 'no-host' }, BASE)).not.toEqual([]);
    expect(urlMutationViolations({ value: 'https:///p', mutation: 'no-host' }, BASE)).toEqual([]);
    // "https:///p" is accepted by new URL() (host "p"): only the RFC 3986 view shows the empty authority
    expect(new URL('https:///p').host).toBe('p');
    // a newline is stripped by WHATWG parsers, so it does not count as a control-character mutation
    expect(urlMutationViolations({ value: 'https://hooks.conf\normance.test/p', mutation: 'control-character-in-host' }, BASE)).not.toEqual(
      [],
    );
    expect(urlMutationViolations({ value: 'https://hooks.conf\u0001ormance.test/p', mutation: 'control-character-in-host' }, BASE)).toEqual(
      [],
    );
    // two broken rules at once are not "exactly one"
    expect(urlMutationViolations({ value: 'https://hooks .conformance.test:443/p', mutation: 'space-in-host' }, BASE)).not.toEqual([]);
    expect(urlMutationViolations({ value: 'x', mutation: 'unheard-of' }, BASE)).not.toEqual([]);
  });
});
