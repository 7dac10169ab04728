// The callback receiver (TARGET-CONTRACT §2): an HTTPS server that answers CRCs the way a test
// chooses, records every request with its raw body, and checks event signatures.

/** How a registered callback answers a CRC GET. */
export type CrcBehaviour =
  | 'correct'      // 200 {"response_token": "sha256=" + base64(HMAC-SHA-256(consumerSecret, crc_token))}
  | 'wrong-key'    // same shape, HMAC keyed with a different secret
  | 'bearer-key'   // same shape, HMAC keyed with the bearer token
  | 'hex-digest'   // "sha256=" + hex digest instead of Base64
  | 'no-prefix'    // Base64 digest without the "sha256=" prefix
  | 'wrong-field'  // {"token": <correct value>} instead of response_token
  | 'timeout'      // never answers (until the hook is released or the receiver closes)
  | 'http-error';  // 500 with the correct response_token in the body

/** How a registered callback answers an event POST (status not shown in the documents). */
export type EventBehaviour = 'accept' | 'fail';

export interface InboundRequest {
  /** receive time, harness clock, ISO 8601 */
  at: string;
  seq: number;
  method: string;
  /** path + query as received */
  url: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: Buffer;
  /** for POSTs: the x-vendor-webhooks-signature header checked against the raw body */
  signature?: { header?: string; expected: string; valid: boolean };
  /** what the receiver answered; 'held' for a timeout behaviour */
  answered: number | 'held';
}

export interface Hook {
  /** public URL to register: publicBaseUrl + unique path */
  readonly url: string;
  readonly path: string;
  setCrc(b: CrcBehaviour): void;
  setEvents(b: EventBehaviour): void;
  /** every request to this hook, in arrival order */
  requests(): InboundRequest[];
  crcRequests(): InboundRequest[];
  eventRequests(): InboundRequest[];
  /** resolves with the first request (arriving after `sinceSeq`, default: any) matching pred, or undefined on timeout */
  waitFor(pred: (r: InboundRequest) => boolean, timeoutMs: number, sinceSeq?: number): Promise<InboundRequest | undefined>;
  /** answers held requests (timeout behaviour) with 503 and stops holding */
  release(): void;
}

export interface Receiver {
  readonly publicBaseUrl: string;
  readonly listenHost: string;
  readonly listenPort: number;
  /** PEM of the certificate served (self-signed unless configured) so a local target can trust it */
  readonly certPem: string;
  /** sequence number of the last request received so far (0 when none) */
  lastSeq(): number;
  /** a fresh callback under publicBaseUrl, with a unique path (optionally with a chosen path suffix) */
  hook(opts?: { crc?: CrcBehaviour; events?: EventBehaviour; pathSuffix?: string }): Hook;
  /** all requests, to any path */
  all(): InboundRequest[];
  /** TLS handshakes that failed (a target that does not trust the certificate), in order */
  tlsFailures(): { at: string; message: string }[];
  close(): Promise<void>;
}

export interface ReceiverOptions {
  listenHost: string;
  /** 0 = any free port */
  listenPort: number;
  /** https, no port; its host name goes into the self-signed certificate */
  publicBaseUrl: string;
  consumerSecret: string;
  bearerToken: string;
  tls?: { certPem: string; keyPem: string };
  /** longest time a 'timeout' hook holds a request before answering 503 anyway */
  maxHoldMs?: number;
}
