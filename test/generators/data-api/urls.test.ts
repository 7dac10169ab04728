import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  FIXED_PATHS,
  FIXED_PORTS,
  URL_MUTATIONS,
  callbackUrlWithPort,
  fixedMalformedUrls,
  httpCallbackUrl,
  malformedCallbackUrl,
  validCallbackUrl,
} from '../../../generators/data-api/index.ts';
import { callbackUrlViolations, explicitPort, parsesWithWhatwg, rfc3986Parts, urlMutationViolations } from './contracts.ts';

const BASE = 'https://hooks.conformance.test';

describe('callback URL generators', () => {
  it('refuse a base that is not https://host[/path] without port', () => {
    for (const bad of [
      'http://hooks.conformance.test',
      'https://hooks.conformance.test:8443',
      'https://hooks.conformance.test/?q',
      'hooks.conformance.test',
      'https://u@h.test',
    ]) {
      expect(() => validCallbackUrl(bad), bad).toThrow(RangeError);
    }
    expect(() => validCallbackUrl(`${BASE}/`)).not.toThrow();
  });

  test.prop([validCallbackUrl(BASE)], { seed: 101, numRuns: 300 })('valid URLs are already in WHATWG canonical form', (url) => {
    expect(callbackUrlViolations(url, BASE)).toEqual([]);
    expect(new URL(url).href).toBe(url);
  });

  it('valid URLs cover dots, dashes, underscores, tildes, percent-encoded bytes and queries', () => {
    const paths = fc.sample(validCallbackUrl(BASE), { seed: 5, numRuns: 400 }).map((u) => u.slice(BASE.length));
    for (const c of ['.', '-', '_', '~', '?', '&', '='])
      expect(
        paths.some((p) => p.includes(c)),
        c,
      ).toBe(true);
    expect(paths.some((p) => /%[0-9A-F]{2}/.test(p))).toBe(true);
    expect(paths.some((p) => !p.includes('?'))).toBe(true);
    expect(paths.some((p) => p.split('?')[0].split('/').length > 3)).toBe(true);
  });

  test.prop([callbackUrlWithPort(BASE)], { seed: 102, numRuns: 300 })('port URLs have an explicit port and are otherwise valid', (url) => {
    const port = explicitPort(url);
    expect(port).toBeGreaterThanOrEqual(1);
    expect(port).toBeLessThanOrEqual(65535);
    expect(callbackUrlViolations(url.replace(`:${port}`, ''), BASE)).toEqual([]);
  });

  it('443 and 8443 are frequent among the ports', () => {
    const ports = fc.sample(callbackUrlWithPort(BASE), { seed: 9, numRuns: 600 }).map(explicitPort);
    expect(ports.filter((p) => p === 443).length).toBeGreaterThan(40);
    expect(ports.filter((p) => p === 8443).length).toBeGreaterThan(40);
    expect(new Set(ports).size).toBeGreaterThan(100);
  });

  test.prop([httpCallbackUrl(BASE)], { seed: 103, numRuns: 300 })('http URLs are well-formed, same host, scheme http', (url) => {
    const u = new URL(url);
    expect(u.protocol).toBe('http:');
    expect(u.host).toBe('hooks.conformance.test');
    expect(callbackUrlViolations(url.replace(/^http:/, 'https:'), BASE)).toEqual([]);
  });

  test.prop([malformedCallbackUrl(BASE)], { seed: 104, numRuns: 500 })(
    'malformed URLs fail new URL() or have no host, breaking exactly the named rule',
    (m) => {
      expect(URL_MUTATIONS).toContain(m.mutation);
      expect(!parsesWithWhatwg(m.value) || rfc3986Parts(m.value)?.authority === '').toBe(true);
      expect(urlMutationViolations(m, BASE)).toEqual([]);
    },
  );

  it('fixedMalformedUrls: one value of each mutation, each breaking the rule it names', () => {
    const fixed = fixedMalformedUrls(BASE);
    expect(fixed.map((m) => m.mutation)).toEqual([...URL_MUTATIONS]);
    for (const m of fixed) expect(urlMutationViolations(m, BASE), `${m.mutation}: ${JSON.stringify(m.value)}`).toEqual([]);
  });

  it('FIXED_PORTS are explicit ports other than the default 443; FIXED_PATHS are free paths of a valid callback URL', () => {
    expect(FIXED_PORTS.length).toBeGreaterThan(0);
    for (const p of FIXED_PORTS) expect(p >= 1 && p <= 65535 && p !== 443).toBe(true);
    for (const p of FIXED_PATHS) expect(callbackUrlViolations(`${BASE}${p}`, BASE), p).toEqual([]);
  });
});
