// The harness as the service: the two calls the service makes on an application's callback URL
// (data-api-webhooks-replay.md, "Endpoints called by the service on the application's callback
// URL"): GET with crc_token, and POST of a JSON event with x-vendor-webhooks-signature. It connects
// where the config says (connectTo, the certificates in caPem) and records every exchange as evidence.
// It has at most consumer.maxConnections of them in flight at once (nothing in the documents asks an
// app to take the two hundred events a run delivers side by side): the others wait their turn
// before they are sent, so a wait is never counted against the request's timeout.
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import type { ConsumerTarget } from '../../config/consumer/index.ts';
import type { HttpClient, HttpResult } from '../../harness/target/http.ts';
import { Delivered } from './delivered.ts';
import { SIGNATURE_HEADER } from './signing.ts';

/**
 * an undici agent of at most consumer.maxConnections connections per origin, that trusts caPem and
 * connects to connectTo, keeping the URL's host for SNI and Host
 */
function agentFor(c: ConsumerTarget, timeoutMs: number): Agent {
  // one TLS context for every connection: given `ca` instead, each connection would load the root certificates again
  const secureContext = c.caPem ? createSecureContext({ ca: [...rootCertificates, c.caPem] }) : undefined;
  const base = buildConnector({ timeout: Math.min(timeoutMs, 10_000), ...(secureContext ? { secureContext } : {}) });
  const to = c.connectTo;
  const callbackHost = new URL(c.callbackUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  return new Agent({
    connections: c.maxConnections,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: (opts, cb) =>
      base(
        {
          ...opts,
          ...(to ? { hostname: to.host, port: String(to.port) } : {}),
          // the certificate is checked against the callback URL's name, not the address connected to
          servername: opts.servername ?? (isIP(callbackHost) ? undefined : callbackHost),
        },
        cb,
      ),
  });
}

/**
 * The CRC's URL: the callback URL with `crc_token` added to its query, every character but the
 * unreserved ones percent-encoded (a space as %20, a plus as %2B). The documents show the token only
 * as "callback URL with query `crc_token` (string)", not how it is encoded: an app may decode the
 * query as a form (a + is a space) or per RFC 3986 (a + is a +). Sent this way the token reads the
 * same under both, so the CRC rules judge the HMAC over the token and not the app's query decoding.
 */
export function crcUrl(callbackUrl: string, token: string): string {
  const url = new URL(callbackUrl);
  // the URL's own query is kept as written, but for a crc_token of its own
  const own = url.search
    .slice(1)
    .split('&')
    .filter((p) => p !== '' && !/^crc_token(=|$)/.test(p));
  url.search = '';
  url.hash = '';
  return `${url.toString()}?${[...own, `crc_token=${encodeURIComponent(token)}`].join('&')}`;
}

/**
 * curl's options to connect as the suite does, for a failure's curl line: --connect-to for
 * consumer.connectTo (the URL's name kept for TLS and Host), --cacert for the certificates it trusts
 * (consumer.caFile's path; <(printenv NAME) for caPem from env:NAME; consumer-ca.pem for a caPem
 * given inline, which the user saves there)
 */
export function curlOptions(c: ConsumerTarget): string[] {
  const out: string[] = [];
  if (c.connectTo) {
    const url = new URL(c.callbackUrl);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const to = c.connectTo.host.includes(':') ? `[${c.connectTo.host}]` : c.connectTo.host;
    out.push('--connect-to', `${url.hostname}:${port}:${to}:${c.connectTo.port}`);
  }
  if (c.caPem !== undefined) {
    const from = c.caFrom;
    out.push('--cacert', from && 'file' in from ? from.file : from && 'env' in from ? `<(printenv ${from.env})` : 'consumer-ca.pem');
  }
  return out;
}

export interface SignedDelivery {
  /** the exact bytes sent */
  body: string;
  /** the x-vendor-webhooks-signature value; none when undefined */
  signature?: string;
  /** a signature under another header's name instead (the real API's, say): the documented header is then left out */
  elsewhere?: { header: string; value: string };
  contentType?: string;
}

/** at most `max` holders at once; the others wait in the order they came */
export class Slots {
  readonly max: number;
  private free: number;
  private readonly waiting: (() => void)[] = [];
  /** the most holders there were at once */
  peak = 0;
  constructor(max: number) {
    this.max = max;
    this.free = max;
  }

  async hold<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.peak = Math.max(this.peak, this.max - this.free);
    try {
      return await fn();
    } finally {
      // the slot goes straight to the next waiting call, or back to the free ones
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

export class Service {
  private readonly agent: Agent;
  /** the calls in flight to the callback URL: at most consumer.maxConnections */
  readonly slots: Slots;
  private readonly http: HttpClient;
  readonly target: ConsumerTarget;
  /** when the app answered the last event delivery (ms since the epoch): where a wait for it to act starts */
  lastAnswerAt = 0;
  /** curl's options to connect as the suite does (a failure's curl line) */
  private readonly curl: string[];
  /** every event delivered so far, by its event id: the probe's other entries are not the suite's */
  readonly delivered = new Delivered();
  constructor(http: HttpClient, target: ConsumerTarget, timeoutMs: number) {
    this.http = http;
    this.target = target;
    this.agent = agentFor(target, timeoutMs);
    this.slots = new Slots(target.maxConnections);
    this.curl = curlOptions(target);
  }

  /** GET callbackUrl?crc_token=… (the token percent-encoded, other query parameters of the URL kept) */
  crc(token: string): Promise<HttpResult> {
    const url = crcUrl(this.target.callbackUrl, token);
    return this.slots.hold(() =>
      this.http.send('GET', url, { dispatcher: this.agent, curl: this.curl, headers: { accept: 'application/json' } }),
    );
  }

  /** POST the event bytes to the callback URL, signed as given */
  async deliver(d: SignedDelivery): Promise<HttpResult> {
    const headers: Record<string, string> = { 'content-type': d.contentType ?? 'application/json' };
    if (d.signature !== undefined) headers[SIGNATURE_HEADER] = d.signature;
    if (d.elsewhere) headers[d.elsewhere.header] = d.elsewhere.value;
    // recorded before it is sent: the app may act on it before it answers
    this.delivered.record(d.body);
    try {
      return await this.slots.hold(() =>
        this.http.send('POST', this.target.callbackUrl, { raw: d.body, headers, dispatcher: this.agent, curl: this.curl }),
      );
    } finally {
      this.lastAnswerAt = Date.now();
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
