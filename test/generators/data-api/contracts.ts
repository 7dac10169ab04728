/**
 * The contract every exported arbitrary of generators/ must keep, written once
 * (in the spirit of fast-check's own assertProduceSameValueGivenSameSeed):
 *
 * 1. same seed -> same values, also for two separately built instances;
 * 2. every value keeps the rule it claims: "valid" values pass their
 *    schema/pattern; a mutation value fails exactly the rule its `mutation`
 *    names (and nothing else about it is broken);
 * 3. a mutation generator produces every mutation it declares.
 *
 * The rule checks ("oracles") below are written independently of the
 * generators' code, from the document's rules.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { validate } from '../../../schemas/data-api/index.ts';

export interface ContractRunOptions {
  seed: number;
  numRuns?: number;
}

/** Violations of the rule a value claims to keep; [] when it keeps it. */
export type Oracle<T> = (value: T) => string[];

export interface ArbitraryContract<T> {
  /** export name, e.g. "validCallbackUrl" */
  name: string;
  /** builds a fresh instance (called more than once) */
  make: () => fc.Arbitrary<T>;
  check: Oracle<T>;
  /** for generators of {value, mutation}: the names each of which must be produced */
  mutations?: readonly string[];
}

const DEFAULT_RUNS = 150;

/** Two instances sampled with the same seed give the same values. */
export function assertProduceSameValuesGivenSameSeed<T>(
  make: () => fc.Arbitrary<T>,
  { seed, numRuns = DEFAULT_RUNS }: ContractRunOptions,
): void {
  const first = fc.sample(make(), { seed, numRuns });
  const second = fc.sample(make(), { seed, numRuns });
  expect(second).toEqual(first);
  // and a fixed path inside the run can be replayed as well
  const again = fc.sample(make(), { seed, numRuns });
  expect(again).toEqual(first);
}

/**
 * Every generated value keeps the rule it claims. On failure the error names
 * the (shrunk) counterexample and the broken rule.
 */
export function assertEveryValueKeepsItsRule<T>(
  arb: fc.Arbitrary<T>,
  check: Oracle<T>,
  { seed, numRuns = DEFAULT_RUNS }: ContractRunOptions,
): void {
  const details = fc.check(
    fc.property(arb, (value) => {
      const broken = check(value);
      if (broken.length > 0) throw new Error(broken.join('; '));
    }),
    { seed, numRuns },
  );
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `rule broken by ${fc.stringify(details.counterexample?.[0])} (seed ${seed}, path ${details.counterexamplePath}): ${cause}`,
    );
  }
}

/** Over enough runs, every declared mutation is produced and no other. */
export function assertAllMutationsProduced(
  arb: fc.Arbitrary<{ mutation: string }>,
  names: readonly string[],
  { seed, numRuns = DEFAULT_RUNS }: ContractRunOptions,
): void {
  const seen = new Set(fc.sample(arb, { seed, numRuns: Math.max(numRuns, names.length * 40) }).map((v) => v.mutation));
  expect([...seen].sort()).toEqual([...names].sort());
}

/** The whole contract for one arbitrary. */
export function assertArbitraryContract<T>(c: ArbitraryContract<T>, options: ContractRunOptions): void {
  assertProduceSameValuesGivenSameSeed(c.make, options);
  assertEveryValueKeepsItsRule(c.make(), c.check, options);
  if (c.mutations) assertAllMutationsProduced(c.make() as unknown as fc.Arbitrary<{ mutation: string }>, c.mutations, options);
}

// ---------------------------------------------------------------------------
// Oracles: ids and dates

export const WEBHOOK_ID_RE = /^[0-9]{1,19}$/;
export const REPLAY_DATE_RE = /^[0-9]{12}$/;

/** Collects failed expectations as readable lines. */
export function violations(checks: Array<[ok: boolean, message: string]>): string[] {
  return checks.filter(([ok]) => !ok).map(([, m]) => m);
}

/** yyyymmddhhmm names a real UTC minute (month 1-12, day of that month, hour 0-23, minute 0-59). */
export function isRealUtcMinute(s: string): boolean {
  if (!REPLAY_DATE_RE.test(s)) return false;
  const [y, mo, d, h, mi] = [s.slice(0, 4), s.slice(4, 6), s.slice(6, 8), s.slice(8, 10), s.slice(10, 12)].map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, 0, 0);
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi
  );
}

/** Parses yyyymmddhhmm (must be real) to epoch milliseconds (years 0000-0099 included, unlike Date.UTC). */
export function utcMinuteToMillis(s: string): number {
  const date = new Date(0);
  date.setUTCFullYear(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8));
  date.setUTCHours(+s.slice(8, 10), +s.slice(10, 12), 0, 0);
  return date.getTime();
}

/** A Date as yyyymmddhhmm, derived from toISOString (independent of generators/data-api/replay.ts). */
export function isoToYyyymmddhhmm(d: Date): string {
  return d.toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

export function isLeap(y: number): boolean {
  return new Date(Date.UTC(y, 1, 29)).getUTCDate() === 29;
}

// ---------------------------------------------------------------------------
// Oracles: URLs

/** RFC 3986 generic syntax split (appendix B), requiring a scheme. */
export function rfc3986Parts(s: string): { scheme: string; authority: string | undefined; rest: string } | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?(.*)$/s.exec(s);
  if (!m) return undefined;
  return { scheme: m[1], authority: m[2], rest: m[3] };
}

export function parsesWithWhatwg(s: string): boolean {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

/** Only RFC 3986 URI characters: unreserved, reserved, and "%" for pct-encoding. */
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const PCT_OK = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;

/** A callback URL as the document wants it: https, the base's host, no explicit port, well-formed. */
export function callbackUrlViolations(url: string, base: string): string[] {
  const host = new URL(base).host;
  const parts = rfc3986Parts(url);
  let whatwg: URL | undefined;
  try {
    whatwg = new URL(url);
  } catch {
    whatwg = undefined;
  }
  return violations([
    [whatwg !== undefined, 'new URL() throws'],
    [parts?.scheme === 'https', 'scheme is not https'],
    [
      parts?.authority === host,
      `authority ${JSON.stringify(parts?.authority)} is not exactly the host ${host} (port or userinfo present?)`,
    ],
    [whatwg?.host === host, 'WHATWG host differs from the base host'],
    [url.startsWith(`${base.replace(/\/+$/, '')}/`), 'does not extend the base'],
    [URI_CHARS.test(url), 'contains characters outside RFC 3986'],
    [PCT_OK.test(url), 'bad percent-encoding'],
    [!/(^|\/)(\.|\.\.|%2e|%2e%2e|\.%2e|%2e\.)(\/|\?|$)/i.test(url.slice(8)), 'has a dot segment that parsers collapse'],
  ]);
}

/** The port of an explicit ":port" in the authority, if any. */
export function explicitPort(url: string): number | undefined {
  const a = rfc3986Parts(url)?.authority;
  const m = a === undefined ? null : /:([0-9]+)$/.exec(a);
  return m ? Number(m[1]) : undefined;
}

const C0_OR_DEL = /[\u0000-\u001f\u007f]/;

/** Each URL mutation breaks exactly the rule it names (the rest of the URL stays valid). */
export function urlMutationViolations(m: { value: string; mutation: string }, base: string): string[] {
  const v = m.value;
  const host = new URL(base).host;
  const parts = rfc3986Parts(v);
  const common: Array<[boolean, string]> = [
    // the brief: a malformed URL fails new URL() or has no host
    [!parsesWithWhatwg(v) || parts?.authority === '', 'parses with new URL() and has a host'],
  ];
  const repairedIsValid = (repaired: string): [boolean, string] => [
    callbackUrlViolations(repaired, base).length === 0,
    `undoing the mutation does not give a valid URL: ${JSON.stringify(repaired)}`,
  ];
  switch (m.mutation) {
    case 'empty':
      return violations([...common, [v === '', 'not empty']]);
    case 'scheme-only':
      return violations([...common, [v === 'https://', 'not "https://"']]);
    case 'no-host':
      return violations([
        ...common,
        [parts?.scheme === 'https' && parts.authority === '', 'authority not empty'],
        repairedIsValid(`https://${host}${v.slice('https://'.length)}`),
      ]);
    case 'space-in-host':
      return violations([
        ...common,
        [!parsesWithWhatwg(v), 'new URL() accepts it'],
        [(parts?.authority ?? '').split(' ').length === 2, 'authority does not contain exactly one space'],
        repairedIsValid(v.replace(' ', '')),
      ]);
    case 'missing-scheme':
      return violations([
        ...common,
        [rfc3986Parts(v) === undefined || !v.includes('://'), 'has a scheme'],
        repairedIsValid(`https://${v}`),
      ]);
    case 'scheme-without-colon':
      return violations([
        ...common,
        [v.startsWith('https//'), 'does not start with "https//"'],
        repairedIsValid(`https:${v.slice('https'.length)}`),
      ]);
    case 'unclosed-ipv6-literal':
      return violations([
        ...common,
        [!parsesWithWhatwg(v), 'new URL() accepts it'],
        [parts?.authority?.startsWith('[') === true && !parts.authority.includes(']'), 'authority is not an unclosed IPv6 literal'],
        repairedIsValid(`https://${host}${parts?.rest ?? ''}`),
      ]);
    case 'non-numeric-port': {
      const portMatch = /^(.*):([A-Za-z]+)$/.exec(parts?.authority ?? '');
      return violations([
        ...common,
        [!parsesWithWhatwg(v), 'new URL() accepts it'],
        [portMatch?.[1] === host, 'authority is not host:letters'],
        repairedIsValid(`https://${host}${parts?.rest ?? ''}`),
      ]);
    }
    case 'control-character-in-host': {
      const authority = parts?.authority ?? '';
      return violations([
        ...common,
        [!parsesWithWhatwg(v), 'new URL() accepts it'],
        [[...authority].filter((c) => C0_OR_DEL.test(c)).length === 1, 'authority does not contain exactly one control character'],
        [!/[\t\n\r]/.test(v), 'uses TAB/LF/CR, which WHATWG parsers strip'],
        repairedIsValid(v.replace(C0_OR_DEL, '')),
      ]);
    }
    default:
      return [`unknown mutation ${m.mutation}`];
  }
}

// ---------------------------------------------------------------------------
// Oracles: schemas

export function schemaViolations(name: Parameters<typeof validate>[0], value: unknown): string[] {
  return validate(name, value).errors.map((e) => `${name} ${e}`);
}

/** Every [start, end) offset entity slices `text` to `expected(entity)`. */
export function offsetViolations<E extends { start: number; end: number }>(
  text: string,
  entities: readonly E[],
  expected: (e: E) => string,
  label: string,
): string[] {
  return entities.flatMap((e, i) =>
    violations([
      [
        Number.isInteger(e.start) && Number.isInteger(e.end) && 0 <= e.start && e.start < e.end && e.end <= text.length,
        `${label}[${i}] offsets out of range`,
      ],
      [
        text.slice(e.start, e.end) === expected(e),
        `${label}[${i}] slices ${JSON.stringify(text.slice(e.start, e.end))}, expected ${JSON.stringify(expected(e))}`,
      ],
    ]),
  );
}
