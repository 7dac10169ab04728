// The callback receiver (TARGET-CONTRACT §2): an HTTPS server that records every request with its
// raw body and answers each registered hook through the responder its caller gives, after the
// hook's inspector (if any) has given its verdict on the request. It never logs anything.
//
// Its pieces: paths.ts (public base URL, hook paths), server.ts (TLS server start), inbound.ts
// (reading a request, body limit), routing.ts (verdict, record, answer), request-log.ts (the
// inbound log), keep-budget.ts (how much of a run's requests it keeps), hooks.ts (the hook
// registry), holds.ts, waiters.ts, answers.ts and shutdown.ts;
// the media it serves (TARGET-CONTRACT §3b): media/ (the encoders), media-files.ts (the files
// asked for), media-serving.ts (their answers).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { fullAnswer, send } from './answers.ts';
import { createCertificate } from './cert.ts';
import { hookRegistry } from './hooks.ts';
import { arrivedRequest, readBody } from './inbound.ts';
import { ConnectionCap } from './connection-cap.ts';
import { KeepBudget, recordBytes } from './keep-budget.ts';
import { mediaRegistry } from './media-files.ts';
import { MediaAnswers } from './media-serving.ts';
import { parseBase, parseMediaBase } from './paths.ts';
import { requestLog } from './request-log.ts';
import { type Routing, route } from './routing.ts';
import { startServer } from './server.ts';
import { shutDown } from './shutdown.ts';
import type { Receiver, ReceiverFull, ReceiverOptions } from './types.ts';

const DEFAULT_MAX_HOLD_MS = 30_000;
/** a callback body past this is read but not kept (a target cannot fill the memory of a run) */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** all it keeps of a run's requests (limits.maxReceivedBytes; a default run on the reference keeps about 1 MiB) */
const DEFAULT_MAX_KEPT_BYTES = 128 * 1024 * 1024;
/** connections open at once (limits.maxReceiverConnections) */
const DEFAULT_MAX_CONNECTIONS = 256;

/** what the receiver refused so far, requests past its budget and connections past its cap; undefined while nothing */
function refusals(budget: KeepBudget, cap: ConnectionCap): ReceiverFull | undefined {
  const since = [budget.refusedSince, cap.since].filter((t): t is string => t !== undefined).sort()[0];
  if (since === undefined) return undefined;
  const connections = cap.dropped > 0 ? { maxConnections: cap.max, droppedConnections: cap.dropped } : {};
  return { maxBytes: budget.maxBytes, recorded: budget.recordedCount, refused: budget.refusedCount, since, ...connections };
}

export async function startReceiver(o: ReceiverOptions): Promise<Receiver> {
  const { origin, basePath, host } = parseBase(o.publicBaseUrl);
  const maxHoldMs = o.maxHoldMs ?? DEFAULT_MAX_HOLD_MS;
  const maxBodyBytes = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const tls = o.tls ?? (await createCertificate(host));

  let closing: Promise<void> | undefined;
  const isClosing = (): boolean => closing !== undefined;
  const log = requestLog();
  const budget = new KeepBudget(o.maxKeptBytes ?? DEFAULT_MAX_KEPT_BYTES);
  const cap = new ConnectionCap(o.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  const hooks = hookRegistry(origin, basePath, isClosing);
  const mediaBaseUrl = o.mediaBaseUrl === undefined ? `${origin}${basePath}/media` : parseMediaBase(o.mediaBaseUrl);
  const media = mediaRegistry(mediaBaseUrl);
  const mediaAnswers = new MediaAnswers();
  const routing: Routing = { hooks, media, mediaAnswers, log, inspectUnknown: o.inspectUnknown, maxHoldMs, isClosing };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (budget.spent) {
      budget.refuse();
      req.resume();
      void send(res, fullAnswer());
      return;
    }
    const seq = log.nextSeq();
    const at = new Date().toISOString();
    readBody(req, maxBodyBytes, (rawBody, truncated) => {
      const arrived = arrivedRequest(req, seq, at, rawBody, truncated);
      budget.charge(recordBytes(arrived));
      route(routing, arrived, res);
    });
  };
  const { server, port, tlsFailures } = await startServer(tls, o.listenHost, o.listenPort, onRequest, {
    max: cap.max,
    onDrop: () => cap.drop(),
  });

  return {
    publicBaseUrl: origin + basePath,
    mediaBaseUrl,
    listenHost: o.listenHost,
    listenPort: port,
    certPem: tls.certPem,
    lastSeq: log.lastSeq,
    hook: hooks.create,
    media: media.create,
    all: log.all,
    full: () => refusals(budget, cap),
    tlsFailures: () => tlsFailures.slice(),
    close: () => {
      mediaAnswers.close();
      closing ??= shutDown(server, hooks.states);
      return closing;
    },
  };
}
