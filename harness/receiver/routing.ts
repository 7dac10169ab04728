// Request routing: a request that has arrived goes to the hook its path names (a path no hook
// owns is answered 404, and recorded as the rule's whose hook it names, if any), gets its
// inspector's verdict, is recorded, then answered or held.

import { failedAnswer, type Prepared, prepare, releasedAnswer, send } from './answers.ts';
import { hold } from './holds.ts';
import type { HookRegistry, HookState } from './hooks.ts';
import type { MediaRegistry } from './media-files.ts';
import type { MediaAnswers } from './media-serving.ts';
import type { RequestLog } from './request-log.ts';
import type { ArrivedRequest, CallbackAnswer, HoldAnswer, InboundRequest, Inspector } from './types.ts';
import type { ServerResponse } from 'node:http';

export interface Routing {
  hooks: HookRegistry;
  media: MediaRegistry;
  mediaAnswers: MediaAnswers;
  log: RequestLog;
  /** the inspector for a path no hook owns */
  inspectUnknown?: Inspector;
  maxHoldMs: number;
  isClosing: () => boolean;
}

/** The hook's (or, for an unknown path, the receiver's) inspector; a throwing one gives no verdict. */
function inspect(fn: Inspector | undefined, req: ArrivedRequest): InboundRequest['signature'] {
  if (!fn) return undefined;
  try {
    return fn(req) ?? undefined;
  } catch {
    return undefined;
  }
}

/** What to do with a request to `hook`: an answer to send, or hold it. */
function decide(hook: HookState, req: ArrivedRequest, isClosing: () => boolean): Prepared | 'hold' {
  let a: CallbackAnswer | HoldAnswer;
  try {
    a = hook.respond(req);
  } catch {
    return failedAnswer();
  }
  if (typeof a === 'object' && a !== null && 'hold' in a && a.hold === true) {
    return hook.released || isClosing() ? releasedAnswer() : 'hold';
  }
  return prepare(a as CallbackAnswer);
}

/** Routes a request whose body has been read: verdict, record, then the answer (or the hold). */
export function route(r: Routing, arrived: ArrivedRequest, res: ServerResponse): void {
  const hook = r.hooks.lookup(arrived.path);
  const media = hook ? undefined : r.media.lookup(arrived.path);
  if (media) {
    const rec: InboundRequest = { ...arrived, answered: 200, media: media.id, ...(media.owner ? { owner: media.owner } : {}) };
    r.log.record(rec, undefined);
    media.requests.push(rec);
    r.mediaAnswers.serve(media, rec, res);
    return;
  }
  const signature = inspect(hook ? hook.inspect : r.inspectUnknown, arrived);
  if (signature) arrived.signature = signature;
  const answer: Prepared | 'hold' = hook
    ? decide(hook, { ...arrived }, r.isClosing)
    : prepare({ status: 404, body: { error: 'unknown callback path' } });

  // a path that reaches no hook but names one is that hook's rule's (a target that called it otherwise)
  const owner = hook ? hook.owner : r.hooks.strayOwner(arrived.path);
  r.log.record(
    {
      ...arrived,
      answered: answer === 'hold' ? 'held' : answer.status,
      ...(owner ? { owner } : {}),
    },
    hook,
  );

  if (answer === 'hold' && hook) {
    hold(hook.held, res, r.maxHoldMs);
    return;
  }
  if (answer !== 'hold') void send(res, answer);
}
