// The callback URL the app registers: "scheme https, no explicit port (an address with a port does
// not work); the path is free" (Endpoints called by the service on the application's callback URL).
// A URL that breaks them is the app's failure, reported by these rules, not a config error.
import type { ConsumerCtx } from './api.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;

export const urlChecks: Record<string, Check> = {
  async 'CON-URL-001'(ctx: ConsumerCtx) {
    const url = new URL(ctx.api.target.callbackUrl);
    ctx.check(url.protocol === 'https:', `the callback URL ${url.origin}${url.pathname} uses ${url.protocol.slice(0, -1)}, not https`);
  },
  async 'CON-URL-002'(ctx: ConsumerCtx) {
    const raw = ctx.api.target.callbackUrl;
    // URL.port is empty for the scheme's default port written out (":443"), which is still explicit
    const authority = raw.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0];
    const port = /:(\d*)$/.exec(authority.replace(/^\[[^\]]*\]/, ''))?.[1];
    ctx.check(port === undefined, `the callback URL names the port ${port} explicitly; an address with a port does not work`);
  },
};
