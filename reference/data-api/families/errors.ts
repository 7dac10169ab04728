// Family faults of the error model (Errors; Error object): a failed call's Error object with code or
// message left out or mistyped, a Problem with type or title left out or detail or status mistyped
// (on the failures of PUT /2/webhooks/:webhook_id, which ERR-001 provokes), and successful answers
// that are not JSON.
import type { Reply } from '../../host/http.ts';
import type { Fault } from '../../host/types.ts';
import { dataApiMutation } from './fault.ts';

const PUT = ['PUT /2/webhooks/:id'];

type Body = Record<string, unknown>;

/** the failure answer's body rewritten by `to` (successes untouched), served as `contentType` */
const onFailure =
  (to: (body: Body, status: number) => Body, contentType?: string) =>
  (reply: Reply): Reply => {
    if (reply.status < 400 || !reply.body || typeof reply.body !== 'object' || Buffer.isBuffer(reply.body)) return reply;
    return { ...reply, ...(contentType ? { contentType } : {}), body: to(structuredClone(reply.body) as Body, reply.status) };
  };

const messageOf = (b: Body) => (typeof b.detail === 'string' ? b.detail : typeof b.message === 'string' ? b.message : 'refused');

const ERROR_VARIANTS: { id: string; what: string; to: (b: Body, status: number) => Body }[] = [
  { id: 'error-code-text', what: 'code as a string', to: (b, s) => ({ code: String(s), message: messageOf(b) }) },
  { id: 'error-code-missing', what: 'no code', to: (b) => ({ message: messageOf(b) }) },
  { id: 'error-message-missing', what: 'no message', to: (_b, s) => ({ code: s }) },
  { id: 'error-message-mistyped', what: 'message as an object {text}', to: (b, s) => ({ code: s, message: { text: messageOf(b) } }) },
];

const without = (b: Body, key: string): Body => Object.fromEntries(Object.entries(b).filter(([k]) => k !== key));

const PROBLEM_VARIANTS: { id: string; what: string; to: (b: Body, status: number) => Body }[] = [
  { id: 'problem-type-dropped', what: 'without type', to: (b) => without(b, 'type') },
  { id: 'problem-title-dropped', what: 'without title', to: (b) => without(b, 'title') },
  { id: 'problem-detail-mistyped', what: 'with detail as an object {text}', to: (b) => ({ ...b, detail: { text: messageOf(b) } }) },
  { id: 'problem-status-mistyped', what: 'with status as a string', to: (b, s) => ({ ...b, status: String(s) }) },
];

/** a success body as application/x-www-form-urlencoded: each top-level member, JSON-encoded where not a string */
function formEncoded(reply: Reply): Reply {
  if (reply.status >= 300 || !reply.body || typeof reply.body !== 'object' || Buffer.isBuffer(reply.body)) return reply;
  const pairs = Object.entries(reply.body as Body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  return { ...reply, contentType: 'application/x-www-form-urlencoded', body: Buffer.from(new URLSearchParams(pairs).toString(), 'utf8') };
}

export const ERROR_FAMILY_FAULTS: readonly Fault[] = [
  ...ERROR_VARIANTS.map((v) =>
    dataApiMutation(
      v.id,
      `failures of PUT /2/webhooks/:webhook_id are answered as an Error object (application/json) with ${v.what}`,
      ['ERR-001'],
      PUT,
      { reply: onFailure(v.to, 'application/json') },
    ),
  ),
  ...PROBLEM_VARIANTS.map((v) =>
    dataApiMutation(v.id, `failures of PUT /2/webhooks/:webhook_id are answered as a Problem ${v.what}`, ['ERR-001'], PUT, {
      reply: onFailure(v.to),
    }),
  ),
  // GET /2/webhooks is left alone: the run's start check reads it
  dataApiMutation(
    'answers-form-encoded',
    'POST /2/webhooks/replay and GET /2/tweets answer their successes form-encoded, not as JSON',
    ['RP-REQ-001', 'FS-001'],
    ['POST /2/webhooks/replay', 'GET /2/tweets'],
    { reply: formEncoded },
  ),
  dataApiMutation(
    'webhooks-not-under-2',
    'POST /2/webhooks and GET /2/tweets are not served under /2/ (answered 404 as unknown paths)',
    ['WH-LC-001', 'FS-001'],
    ['POST /2/webhooks', 'GET /2/tweets'],
    { reply: () => ({ status: 404, contentType: 'application/json', body: { code: 404, message: 'No route for this path' } }) },
  ),
];
