/**
 * Callback URLs. The document: scheme https, no explicit port, publicly
 * reachable, the path is free. `base` is the https origin (optionally with a
 * path prefix) of the receiver, e.g. "https://hooks.conformance.test".
 */
import fc from 'fast-check';
import {
  LETTERS,
  LOWER_ALPHANUMERIC,
  ALPHANUMERIC,
  UNRESERVED,
  charFrom,
  insertAt,
  oneMutationOf,
  percentEncodedByte,
  stringOf,
  type Mutated,
} from '../builders.ts';

interface ParsedBase {
  /** "https://host[/prefix]" without a trailing slash */
  base: string;
  host: string;
}

function parseBase(base: string): ParsedBase {
  const m = /^https:\/\/([^/?#:@\s]+)(\/[^?#]*)?$/.exec(base);
  if (!m) throw new RangeError(`callback base must be https://host[/path] without port, query or fragment: ${JSON.stringify(base)}`);
  return { base: base.replace(/\/+$/, ''), host: m[1] };
}

/** One path/query character: mostly unreserved characters, sometimes a percent-encoded byte. */
function urlUnit(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 6, arbitrary: charFrom(UNRESERVED) }, { weight: 1, arbitrary: percentEncodedByte() });
}

/**
 * A path segment: starts with a letter or digit (so it is never "." or ".."
 * or an encoded dot segment, which URL parsers would collapse), then URL-safe
 * characters and percent-encoded bytes.
 */
function pathSegment(): fc.Arbitrary<string> {
  return fc.tuple(charFrom(ALPHANUMERIC), fc.array(urlUnit(), { minLength: 0, maxLength: 12 })).map(([head, tail]) => head + tail.join(''));
}

function query(): fc.Arbitrary<string> {
  const pair = fc
    .tuple(stringOf(`${LOWER_ALPHANUMERIC}_`, 1, 8), fc.array(urlUnit(), { maxLength: 10 }))
    .map(([k, v]) => `${k}=${v.join('')}`);
  return fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => `?${pairs.join('&')}`);
}

/** "/seg/seg[/][?query]" */
function pathAndQuery(): fc.Arbitrary<string> {
  return fc
    .record({
      segments: fc.array(pathSegment(), { minLength: 1, maxLength: 5 }),
      trailingSlash: fc.boolean(),
      query: fc.option(query(), { nil: '' }),
    })
    .map(({ segments, trailingSlash, query: q }) => `/${segments.join('/')}${trailingSlash ? '/' : ''}${q}`);
}

/** A valid callback URL: base (https, no port) + a generated free path and optional query. */
export function validCallbackUrl(base: string): fc.Arbitrary<string> {
  const b = parseBase(base);
  return pathAndQuery().map((p) => b.base + p);
}

/** Ports, with 443 and 8443 often. */
export const callbackPort: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(443, 8443) },
  { weight: 1, arbitrary: fc.constantFrom(1, 80, 8080, 65535) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 65535 }) },
);

/** A valid callback URL with an explicit port (1-65535) inserted after the host. */
export function callbackUrlWithPort(base: string): fc.Arbitrary<string> {
  const b = parseBase(base);
  return fc
    .tuple(validCallbackUrl(base), callbackPort)
    .map(([url, port]) => `https://${b.host}:${port}${url.slice(`https://${b.host}`.length)}`);
}

/** A valid callback URL whose scheme is http instead of https (host, path unchanged). */
export function httpCallbackUrl(base: string): fc.Arbitrary<string> {
  return validCallbackUrl(base).map((url) => `http://${url.slice('https://'.length)}`);
}

export const URL_MUTATIONS = [
  'empty',
  'no-host',
  'scheme-only',
  'space-in-host',
  'missing-scheme',
  'scheme-without-colon',
  'unclosed-ipv6-literal',
  'non-numeric-port',
  'control-character-in-host',
] as const;
export type UrlMutation = (typeof URL_MUTATIONS)[number];

/**
 * C0 controls and DEL, without TAB, LF and CR: WHATWG URL parsers silently
 * remove those three, so they would not make the URL malformed for them.
 */
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
  '\u007f',
].join('');

/**
 * A URL that is clearly not well-formed, built from a valid callback URL by one
 * mutation; `mutation` names the rule that is broken.
 */
export function malformedCallbackUrl(base: string): fc.Arbitrary<Mutated<string, UrlMutation>> {
  const b = parseBase(base);
  const origin = `https://${b.host}`;
  const valid = validCallbackUrl(base);
  const rest = (url: string) => url.slice(origin.length); // path prefix + path + query
  const hostIndex = fc.integer({ min: 1, max: Math.max(1, b.host.length - 1) });
  return oneMutationOf<string, UrlMutation>({
    empty: fc.constant(''),
    'no-host': valid.map((url) => `https://${rest(url)}`),
    'scheme-only': fc.constant('https://'),
    'space-in-host': fc.tuple(valid, hostIndex).map(([url, i]) => `https://${insertAt(b.host, i, ' ')}${rest(url)}`),
    'missing-scheme': valid.map((url) => url.slice('https://'.length)),
    'scheme-without-colon': valid.map((url) => `https//${url.slice('https://'.length)}`),
    'unclosed-ipv6-literal': valid.map((url) => `https://[::1${rest(url)}`),
    'non-numeric-port': fc.tuple(valid, stringOf(LETTERS, 1, 5)).map(([url, port]) => `https://${b.host}:${port}${rest(url)}`),
    'control-character-in-host': fc
      .tuple(valid, hostIndex, charFrom(CONTROL_CHARACTERS))
      .map(([url, i, c]) => `https://${insertAt(b.host, i, c)}${rest(url)}`),
  });
}

/** fixed explicit ports (the default one, 443, is only observed: a WHATWG parser drops it) */
export const FIXED_PORTS: readonly number[] = [1, 80, 8080, 8443, 65535];

/** fixed callback paths: one segment, many with a trailing slash, unreserved characters and percent-encoded bytes */
export const FIXED_PATHS: readonly string[] = ['/a', '/one/two/three/four/five/', '/Seg_1-x.y~z/%C3%A9t%C3%A9'];

/** one fixed URL of each malformed-URL mutation (the cases every run sends) */
export function fixedMalformedUrls(base: string): Mutated<string, UrlMutation>[] {
  const b = parseBase(base);
  const rest = '/fixed/path';
  const mid = Math.max(1, Math.floor(b.host.length / 2));
  const values: Record<UrlMutation, string> = {
    empty: '',
    'no-host': `https://${rest}`,
    'scheme-only': 'https://',
    'space-in-host': `https://${insertAt(b.host, mid, ' ')}${rest}`,
    'missing-scheme': `${b.host}${rest}`,
    'scheme-without-colon': `https//${b.host}${rest}`,
    'unclosed-ipv6-literal': `https://[::1${rest}`,
    'non-numeric-port': `https://${b.host}:abc${rest}`,
    'control-character-in-host': `https://${insertAt(b.host, mid, '\u0001')}${rest}`,
  };
  return URL_MUTATIONS.map((mutation) => ({ value: values[mutation], mutation }));
}
