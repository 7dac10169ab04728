// Where hooks live: the public base URL they are served under, and their paths (encoded when
// made, percent-decoded when a request is routed).

/** The public base URL's parts: https, no port, query, fragment or credentials. */
export function parseBase(publicBaseUrl: string): { origin: string; basePath: string; host: string } {
  let u: URL;
  try {
    u = new URL(publicBaseUrl);
  } catch {
    throw new Error(`receiver: publicBaseUrl is not a URL: ${publicBaseUrl}`);
  }
  if (u.protocol !== 'https:') throw new Error(`receiver: publicBaseUrl must use https: ${publicBaseUrl}`);
  if (u.port !== '') throw new Error(`receiver: publicBaseUrl must not carry a port: ${publicBaseUrl}`);
  if (u.search !== '' || u.hash !== '') throw new Error(`receiver: publicBaseUrl must not carry a query or fragment: ${publicBaseUrl}`);
  if (u.username !== '' || u.password !== '') throw new Error('receiver: publicBaseUrl must not carry credentials');
  return { origin: u.origin, basePath: u.pathname.replace(/\/+$/, ''), host: u.hostname };
}

/** A hook's unique name in its path: a counter and 12 hex digits (hooks.ts). */
export const HOOK_NAME = /\d+-[0-9a-f]{12}/;

/** A hook's own part of its path, under `<base path>/cb/`: its name. */
const HOOK_ID = new RegExp(`^/cb/${HOOK_NAME.source}(/|$)`);

/** A unique hook path under `basePath`: the counter `n` and `hex` (12 hex digits), then the caller's encoded suffix. */
export function hookPathOf(basePath: string, n: number, hex: string, encodedSuffix: string): string {
  return `${basePath}/cb/${n}-${hex}${encodedSuffix ? `/${encodedSuffix}` : ''}`;
}

/**
 * Whether `url` is a hook's callback URL under `publicBaseUrl`, in any form a target may list it
 * in: the same host (in any case, with or without the default port :443) and a hook's path under
 * the base path. What a run registers is never anything else, so `conform sweep` deletes these.
 */
export function isHookUrl(publicBaseUrl: string, url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const { host, basePath } = parseBase(publicBaseUrl);
  if (u.protocol !== 'https:' || u.hostname.toLowerCase() !== host.toLowerCase() || (u.port !== '' && u.port !== '443')) return false;
  const path = canonicalPath(u.pathname);
  const base = canonicalPath(basePath);
  return path.startsWith(base) && HOOK_ID.test(path.slice(base.length));
}

/** The media base URL as given (receiver.mediaBaseUrl): http or https, no query, fragment or credentials; without a trailing slash. */
export function parseMediaBase(mediaBaseUrl: string): string {
  let u: URL;
  try {
    u = new URL(mediaBaseUrl);
  } catch {
    throw new Error(`receiver: mediaBaseUrl is not a URL: ${mediaBaseUrl}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`receiver: mediaBaseUrl must use https or http: ${mediaBaseUrl}`);
  if (u.search !== '' || u.hash !== '') throw new Error(`receiver: mediaBaseUrl must not carry a query or fragment: ${mediaBaseUrl}`);
  if (u.username !== '' || u.password !== '') throw new Error('receiver: mediaBaseUrl must not carry credentials');
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

/** Percent-decoded form of a path, so that equivalent encodings route to the same hook. */
export function canonicalPath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** Encodes a caller's path suffix segment by segment, keeping "/" and RFC 3986 pchar delimiters. */
export function encodeSuffix(suffix: string): string {
  return suffix
    .replace(/^\/+/, '')
    .split('/')
    .map((seg) => encodeURIComponent(seg).replace(/%(24|26|2B|2C|3B|3D|3A|40)/gi, (m) => decodeURIComponent(m)))
    .join('/');
}
