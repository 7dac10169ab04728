// One cause behind many failures: when several rules fail or end in error for the same reason (a
// refused connection, a 401, callbacks that never reach the receiver, a certificate the target does
// not trust), every output says so first, once, with the config key to look at, then the rules.
import type { Evidence, RuleResult, RunReport } from '../harness/model/result.ts';

export interface SharedCause {
  /** what went wrong, in a few words */
  cause: string;
  /** where to fix it: the config keys or the part of the set-up */
  fix: string;
  /** the rules that failed or erred for it, in report order */
  rules: string[];
}

/** this many rules with one cause make it worth saying first */
export const SHARED_CAUSE_MIN = 3;

interface Pattern {
  test: RegExp;
  cause: (m: RegExpExecArray, text: string) => string;
  fix: (m: RegExpExecArray, text: string) => string;
}

const RECEIVER_FIX =
  "receiver.listenHost and receiver.listenPort (where conform listens), receiver.publicBaseUrl (the name the target calls), and how the target resolves that name to conform's address";

const CONNECTION = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)\b[\s:]*((?:\[[0-9a-f:]+\]|[\w.-]+):\d+)?/;

/** the first connection error in the text, with its address when it names one */
function connectionDetail(text: string): string {
  const m = CONNECTION.exec(text);
  return m ? ` (${m[1]}${m[2] ? ` ${m[2]}` : ''})` : '';
}

const PATTERNS: Pattern[] = [
  {
    test: /callback could not be reached|without sending a (?:GET|CRC) to the callback|no request reached the (?:callback|receiver)|callback[^\n]*\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)\b/i,
    cause: () => "the target's callbacks do not reach conform's receiver",
    fix: () => RECEIVER_FIX,
  },
  {
    test: CONNECTION,
    cause: (m) => `the target is unreachable: ${m[1]}${m[2] ? ` ${m[2]}` : ''}`,
    fix: () => "the target's baseUrl in the config, and that the target is up",
  },
  {
    test: /certificate|TLS handshake|self[- ]signed|UNABLE_TO_VERIFY|DEPTH_ZERO/i,
    cause: () => 'a TLS certificate is not trusted',
    fix: () => "receiver.tls (a certificate the target trusts), or the target's trust of conform's receiver certificate",
  },
  {
    test: /\b401\b/,
    cause: () => 'the target answered 401 Unauthorized',
    fix: () => 'the credentials: target.dataApi.bearerToken, target.adsApi.auth, consumer.bearerToken (and their env: variables)',
  },
  {
    test: /\b403\b/,
    cause: () => 'the target answered 403 Forbidden',
    fix: () => "the credentials' rights on the target (target.adsApi.auth, the account in fixtures.ads)",
  },
];

/** the text a rule's failure can be read from: its reason, its exchanges' errors and the last answer's body */
function failureText(r: RuleResult): string {
  const errors = r.evidence.flatMap((e: Evidence) => ('error' in e && typeof e.error === 'string' ? [e.error] : []));
  const last = [...r.evidence].reverse().find((e) => 'response' in e && e.response) as { response?: { body?: unknown } } | undefined;
  const body = last?.response?.body === undefined ? '' : JSON.stringify(last.response.body).slice(0, 4000);
  return [r.reason ?? '', ...errors, body].join('\n');
}

function causeOf(r: RuleResult): { cause: string; fix: string; detail: string } | undefined {
  const text = failureText(r);
  for (const p of PATTERNS) {
    const m = p.test.exec(text);
    if (m) return { cause: p.cause(m, text), fix: p.fix(m, text), detail: p.test === CONNECTION ? '' : connectionDetail(text) };
  }
  return undefined;
}

/** the causes that several failed or errored rules share, the most common first */
export function sharedCauses(report: Pick<RunReport, 'rules'>, min = SHARED_CAUSE_MIN): SharedCause[] {
  const by = new Map<string, SharedCause & { detail: string }>();
  for (const r of report.rules) {
    if (r.status !== 'failed' && r.status !== 'error') continue;
    const c = causeOf(r);
    if (!c) continue;
    const entry = by.get(c.cause) ?? { cause: c.cause, fix: c.fix, detail: '', rules: [] };
    entry.rules.push(r.id);
    // the most telling detail: one that names an address beats one that does not
    if (c.detail.length > entry.detail.length) entry.detail = c.detail;
    by.set(c.cause, entry);
  }
  return [...by.values()]
    .filter((c) => c.rules.length >= min)
    .sort((a, b) => b.rules.length - a.rules.length)
    .map(({ detail, ...c }) => ({ ...c, cause: c.cause + detail }));
}

/** one line a person reads first: "63 rules failed or erred for one cause: … — look at: …" */
export function causeLine(c: SharedCause): string {
  return `${c.rules.length} rules failed or erred for one cause: ${c.cause}. Look at: ${c.fix}.`;
}
