// The callback receiver (TARGET-CONTRACT §2): an HTTPS server that records every request with its
// raw body and answers each registered hook the way its caller's responder chooses. It knows no
// API: what a hook answers and what it checks on a request are functions the caller gives.
import type { ReceiverFull } from '../model/result.ts';
import type { MediaSpec } from './media/index.ts';

/** A verdict an inspector gives on a request, for example whether a signature header matches the raw body. */
export interface SignatureVerdict {
  /** the header value that was checked, as received (absent when the request carried none) */
  header?: string;
  /** the value the inspector expected */
  expected: string;
  valid: boolean;
}

export interface InboundRequest {
  /** receive time, harness clock, ISO 8601 */
  at: string;
  seq: number;
  method: string;
  /** path + query as received */
  url: string;
  path: string;
  /** query parameters, the first value of each name */
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: Buffer;
  /** the body was larger than the receiver's maxBodyBytes: rawBody holds its first maxBodyBytes bytes */
  truncated?: boolean;
  /** the verdict of the hook's inspector (for a path no hook owns: of the receiver's `inspectUnknown`); absent when it gave none */
  signature?: SignatureVerdict;
  /** what the receiver answered; 'held' when the responder held the request */
  answered: number | 'held';
  /** the rule whose hook (or media file) the request reached (absent for a path no hook owns, or a hook made outside any rule) */
  owner?: string;
  /** the id of the media file the request reached (hosted media) */
  media?: string;
  /** for a media file: when the receiver began to send its answer (after the file's delay) */
  sendingAt?: string;
  /** for a media file: when its answer ended, and whether every byte of it was handed to the connection (false: the peer hung up first) */
  delivered?: { at: string; complete: boolean; bytes: number };
}

/** A request as an inspector and a responder see it: recorded, not yet answered (the responder also sees the verdict). */
export type ArrivedRequest = Omit<InboundRequest, 'answered' | 'owner' | 'media' | 'sendingAt' | 'delivered'>;

/** An immediate answer. `body` is sent as JSON (no body and no content-type when absent). */
export interface CallbackAnswer {
  /** 200–599 */
  status: number;
  body?: unknown;
  /** extra response headers (a content-type given here replaces application/json) */
  headers?: Record<string, string>;
}

/**
 * No answer for now: the request is held until the hook is released, `maxHoldMs` passes or the
 * receiver closes, and is then answered 503. A released hook answers 503 at once instead.
 */
export interface HoldAnswer {
  hold: true;
}

/**
 * Chooses the answer to a request on a hook. A responder that throws or gives an answer that cannot
 * be sent (bad status, body that is not JSON) gets the request answered 500.
 */
export type Responder = (req: ArrivedRequest) => CallbackAnswer | HoldAnswer;

/** Computes the verdict recorded as `signature` on a request (undefined: none). A throwing inspector gives none. */
export type Inspector = (req: ArrivedRequest) => SignatureVerdict | undefined;

export interface HookOptions {
  /** default: 200 with no body */
  respond?: Responder;
  inspect?: Inspector;
  /** appended to the hook's unique path (encoded segment by segment) */
  pathSuffix?: string;
}

export interface Hook {
  /** public URL to register: publicBaseUrl + unique path */
  readonly url: string;
  readonly path: string;
  /** replaces the responder; also re-arms holding after release() */
  setResponder(r: Responder): void;
  /** every request to this hook, in arrival order */
  requests(): InboundRequest[];
  /** resolves with the first request (arriving after `sinceSeq`, default: any) matching pred, or undefined on timeout */
  waitFor(pred: (r: InboundRequest) => boolean, timeoutMs: number, sinceSeq?: number): Promise<InboundRequest | undefined>;
  /** answers held requests with 503 and stops holding (further holds are answered 503 at once) until setResponder */
  release(): void;
}

/** How a media file is served. */
export interface MediaOptions {
  /** wait this long before answering each request for it (default 0) */
  delayMs?: number;
}

/** A file the receiver serves under its media base URL (TARGET-CONTRACT §3b, hosted media). */
export interface MediaFile {
  /** public URL: the media base URL, then the file's short unique id and its type's extension (<id>.<extension>) */
  readonly url: string;
  readonly path: string;
  /** what it is: its type, dimensions and exact size */
  readonly spec: MediaSpec & { bytes: number };
  readonly contentType: string;
  /** every request for it, in arrival order (with `delivered` once answered) */
  requests(): InboundRequest[];
}

/** the receiver's refusals: requests once its budget was spent (keep-budget.ts), connections past its cap (connection-cap.ts) */
export type { ReceiverFull };

export interface Receiver {
  readonly publicBaseUrl: string;
  /** where media files are served: receiver.mediaBaseUrl, else publicBaseUrl/media */
  readonly mediaBaseUrl: string;
  readonly listenHost: string;
  readonly listenPort: number;
  /** PEM of the certificate served (self-signed unless configured) so a local target can trust it */
  readonly certPem: string;
  /** sequence number of the last request received so far (0 when none) */
  lastSeq(): number;
  /** a fresh callback under publicBaseUrl, with a unique path (optionally with a chosen path suffix) */
  hook(opts?: HookOptions): Hook;
  /** a file of a known type, dimensions and size, served under mediaBaseUrl (throws a MediaSpecError when it cannot be made) */
  media(spec: MediaSpec, opts?: MediaOptions): MediaFile;
  /** all requests, to any path */
  all(): InboundRequest[];
  /** once the budget (maxKeptBytes) is spent or a connection was closed past maxConnections: how many requests were answered 503 and not recorded, how many connections were closed, since when; undefined before */
  full(): ReceiverFull | undefined;
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
  /** where a target reaches the media files, when not at publicBaseUrl/media (http or https, a port allowed) */
  mediaBaseUrl?: string;
  tls?: { certPem: string; keyPem: string };
  /** longest time a request is held before it is answered 503 anyway (default 30 s) */
  maxHoldMs?: number;
  /** bytes of a request body kept (default 1 MiB); the rest is read and dropped */
  maxBodyBytes?: number;
  /** bytes kept of all the requests (bodies, URLs, headers, 512 per record; default 128 MiB): past it, requests are answered 503 and not recorded */
  maxKeptBytes?: number;
  /** connections open at once (default 256): one past it is closed as it arrives */
  maxConnections?: number;
  /** inspector for requests to a path no hook owns (answered 404); without it they carry no verdict */
  inspectUnknown?: Inspector;
}
