// Callback URL rules: a well-formed absolute URL (WHATWG-parsable, written as scheme://host...),
// scheme https, a host, no explicit port, any path.

import type { Ctx } from './context.ts';

/** what a WHATWG parser does to the input first: drop tab/LF/CR, trim C0 controls and spaces */
function cleaned(raw: string): string {
  return raw.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
}

/** Not a well-formed URL: WHATWG cannot parse it, or it is not written scheme://host...
 *  (WHATWG repairs "https:///x" to host "x" and "https:h" to host "h"; neither is well-formed). */
export function isMalformed(raw: string): boolean {
  return !URL.canParse(raw) || !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\\?#]/.test(cleaned(raw));
}

/** why the url is refused (UrlValidationFailed), or undefined when it is acceptable */
export function callbackUrlProblem(ctx: Ctx, url: unknown): string | undefined {
  if (typeof url !== 'string') return 'url is required and must be a string';
  // choice: a url is what a WHATWG parser makes of it (only an unparsable one is malformed)
  const malformed = ctx.choice('url-whatwg-lenient') ? !URL.canParse(url) : isMalformed(url);
  if (malformed) {
    // the fault: validation is only url.startsWith("https://"), the CRC then fails
    if (ctx.fault('accept-malformed-url') && url.startsWith('https://')) return undefined;
    return 'url is not a well-formed URL';
  }
  const u = new URL(url);
  const schemes = ctx.fault('accept-http-url') ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(u.protocol)) return 'url must use the https scheme';
  if (u.hostname === '') return 'url must have a host';
  // choice: https://host:443/… read as port-less, as a WHATWG parser reads it (u.port is '' for the default port)
  const defaultPortDropped = ctx.choice('url-default-port-dropped') && u.port === '';
  if (hasExplicitPort(url) && !defaultPortDropped && !ctx.fault('accept-port-url')) return 'url must not have an explicit port';
  // choice: "the path is free" says nothing of a query; this reading refuses one
  if (ctx.choice('url-query-refused') && u.search !== '') return 'url must not carry a query';
  if (ctx.fault('url-path-restricted') && restrictedPath(u.pathname)) return 'url path is not allowed';
  return undefined;
}

/** True when the URL names a port, even the scheme's default one (which WHATWG URL drops):
 *  the URL is re-parsed under two special schemes with other default ports (ftp 21, ws 80). */
export function hasExplicitPort(raw: string): boolean {
  const c = cleaned(raw);
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(c);
  if (!scheme) return false;
  const rest = c.slice(scheme[0].length);
  return ['ftp:', 'ws:'].some((s) => URL.canParse(s + rest) && new URL(s + rest).port !== '');
}

/** the url-path-restricted fault's rule: at most 2 segments of [A-Za-z0-9_-] */
function restrictedPath(pathname: string): boolean {
  return pathname.split('/').filter((s) => s !== '').length > 2 || /[^A-Za-z0-9/_-]/.test(pathname);
}
