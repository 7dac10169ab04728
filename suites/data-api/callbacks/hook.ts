// A Data API callback on the generic receiver (TARGET-CONTRACT §2): answers CRC GETs the way the
// test chooses, answers event POSTs with accept or fail, and checks the x-vendor-webhooks-signature
// of every POST against the raw bytes (data-api-webhooks-replay.md, "CRC rules", "Authentication").

import type { Hook, InboundRequest, Inspector, Receiver, Responder } from '../../../harness/receiver/index.ts';
import type { CallbackSecrets, CrcBehaviour, EventBehaviour } from './behaviours.ts';
import { SIGNATURE_HEADER, crcAnswer, signatureFor, verifySignature } from './crc-answer.ts';

export type { CallbackSecrets, CrcBehaviour, EventBehaviour } from './behaviours.ts';

export interface DataHook {
  /** public URL to register: publicBaseUrl + unique path */
  readonly url: string;
  readonly path: string;
  /** also re-arms a released 'timeout' hook */
  setCrc(b: CrcBehaviour): void;
  setEvents(b: EventBehaviour): void;
  /** every request to this hook, in arrival order */
  requests(): InboundRequest[];
  crcRequests(): InboundRequest[];
  eventRequests(): InboundRequest[];
  /** resolves with the first request (arriving after `sinceSeq`, default: any) matching pred, or undefined on timeout */
  waitFor(pred: (r: InboundRequest) => boolean, timeoutMs: number, sinceSeq?: number): Promise<InboundRequest | undefined>;
  /** answers held CRCs (timeout behaviour) with 503, and further ones at once, until setCrc */
  release(): void;
  /** the behaviour a CRC request (by its receiver seq) was answered with, as set when it arrived */
  answeredWith(seq: number): CrcBehaviour | undefined;
}

/** Checks the x-vendor-webhooks-signature of every POST against its raw body; other methods get no verdict. */
export function signatureInspector(consumerSecret: string): Inspector {
  return (req) => {
    if (req.method !== 'POST') return undefined;
    const header = req.headers[SIGNATURE_HEADER];
    return {
      header,
      expected: signatureFor(consumerSecret, req.rawBody),
      valid: verifySignature(consumerSecret, req.rawBody, header),
    };
  };
}

/** A fresh callback on `receiver` that behaves as a Data API app's callback told to `opts` (default: correct, accept). */
export function dataHook(
  receiver: Receiver,
  secrets: CallbackSecrets,
  opts: { crc?: CrcBehaviour; events?: EventBehaviour; pathSuffix?: string } = {},
): DataHook {
  let crc: CrcBehaviour = opts.crc ?? 'correct';
  let events: EventBehaviour = opts.events ?? 'accept';
  const keys: CallbackSecrets = { consumerSecret: secrets.consumerSecret, bearerToken: secrets.bearerToken };
  const answered = new Map<number, CrcBehaviour>();

  const respond: Responder = (req) => {
    if (req.method === 'GET') {
      // an empty token is answered like any other (HMAC of ""): WH-CRC-001 judges it, not the callback
      if (!Object.hasOwn(req.query, 'crc_token')) return { status: 400, body: { error: 'missing crc_token' } };
      answered.set(req.seq, crc);
      if (crc === 'timeout') return { hold: true };
      return crcAnswer(crc, req.query.crc_token, keys);
    }
    if (req.method === 'POST') {
      return events === 'accept' ? { status: 200 } : { status: 500, body: { error: 'event rejected by test' } };
    }
    return { status: 405, body: { error: 'method not allowed' }, headers: { allow: 'GET, POST' } };
  };

  const h: Hook = receiver.hook({ respond, inspect: signatureInspector(keys.consumerSecret), pathSuffix: opts.pathSuffix });
  return {
    url: h.url,
    path: h.path,
    setCrc(b: CrcBehaviour): void {
      crc = b;
      h.setResponder(respond);
    },
    setEvents(b: EventBehaviour): void {
      events = b;
    },
    requests: () => h.requests(),
    crcRequests: () => h.requests().filter((r) => r.method === 'GET'),
    eventRequests: () => h.requests().filter((r) => r.method === 'POST'),
    waitFor: (pred, timeoutMs, sinceSeq) => h.waitFor(pred, timeoutMs, sinceSeq),
    release: () => h.release(),
    answeredWith: (seq) => answered.get(seq),
  };
}
