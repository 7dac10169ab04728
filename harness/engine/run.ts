// Runs rules one after another against one target and turns each into a RuleResult.
// Before each rule the target is reset when it can be; after each rule, whatever happened,
// its cleanups run and every webhook it created is deleted.
import type { InboundEvidence, Observation, RuleResult } from '../model/result.ts';
import { sourceText } from '../model/rule.ts';
import { unmetNeeds } from './capabilities.ts';
import { RuleContext, type RunServices } from './context.ts';
import { NotCheckable, RuleFailure } from './outcome.ts';
import type { RuleDef } from './rules.ts';

const MAX_EVIDENCE = 40;
const MAX_INBOUND = 12;
const MAX_INBOUND_BODY = 2000;

/** What the target sent the receiver while the rule ran: CRC GETs and event POSTs, with their signature verdicts. */
function inboundSince(s: RunServices, mark: number): InboundEvidence[] {
  const got = s.receiver.all().filter((r) => r.seq > mark);
  const shown = got.length > MAX_INBOUND ? [...got.slice(0, 4), ...got.slice(-(MAX_INBOUND - 4))] : got;
  return shown.map((r) => {
    const body = r.rawBody.toString('utf8');
    return {
      inbound: {
        at: r.at, method: r.method, url: r.url, headers: r.headers,
        ...(body ? { body: body.length > MAX_INBOUND_BODY ? `${body.slice(0, MAX_INBOUND_BODY)}…` : body } : {}),
        ...(r.signature ? { signature: { header: r.signature.header, valid: r.signature.valid } } : {}),
        answered: r.answered,
      },
    };
  });
}

export interface RunProgress {
  (r: RuleResult): void;
}

function trimEvidence(ctx: RuleContext): RuleResult['evidence'] {
  const e = ctx.evidence;
  if (e.length <= MAX_EVIDENCE) return e;
  const head = e.slice(0, 10);
  const tail = e.slice(e.length - (MAX_EVIDENCE - 11));
  return [...head, { note: `${e.length - head.length - tail.length} further exchanges omitted` }, ...tail];
}

export async function runRule(rule: RuleDef, s: RunServices): Promise<{ result: RuleResult; observations: Observation[] }> {
  const started = Date.now();
  const ctx = new RuleContext(rule, s);
  const base = {
    id: rule.id, title: rule.title, source: sourceText(rule.source), level: rule.level, suite: rule.suite, area: rule.area,
  };
  const unmet = unmetNeeds(rule.needs, s.caps);
  if (unmet) {
    return { result: { ...base, status: 'not-checkable', reason: unmet, evidence: [], durationMs: 0 }, observations: [] };
  }
  const stopRecording = addRecorder(ctx);
  const inboundMark = s.receiver.lastSeq();
  const tlsMark = s.receiver.tlsFailures().length;
  let status: RuleResult['status'];
  let reason: string | undefined;
  try {
    if (s.control && s.caps.has.has('control.reset')) {
      await s.control.reset();
      s.data.forgetAll();
    }
    await rule.check(ctx);
    status = rule.level === 'OBSERVE' ? 'observed' : 'passed';
  } catch (e) {
    if (e instanceof NotCheckable) {
      status = 'not-checkable';
      reason = e.message;
    } else if (e instanceof RuleFailure && rule.level === 'MUST') {
      status = 'failed';
      reason = e.message;
    } else if (rule.level === 'OBSERVE') {
      status = 'not-checkable';
      reason = `could not observe: ${(e as Error).message}`;
    } else {
      status = 'failed';
      reason = `${(e as Error).name === 'NetworkError' ? '' : 'error: '}${(e as Error).message}`;
    }
  } finally {
    const problems = [...await ctx.runCleanups(), ...await s.data.cleanup()];
    if (problems.length) ctx.note(`cleanup problems: ${problems.join('; ')}`);
    stopRecording();
  }
  const inbound = inboundSince(s, inboundMark);
  // the receiver learns of a refused handshake only once the peer has hung up: a moment's grace, on failures only
  if (status !== 'passed' && status !== 'observed' && s.receiver.tlsFailures().length === tlsMark) await new Promise((r) => setTimeout(r, 100));
  const tls = s.receiver.tlsFailures().slice(tlsMark);
  if (tls.length) {
    ctx.note(`the callback receiver saw ${tls.length} failed TLS handshake(s) (first: ${tls[0].message}): does the target trust the receiver's certificate (receiver.tls, or verification off for ${new URL(s.receiver.publicBaseUrl).hostname})?`);
  }
  return {
    result: {
      ...base, status, reason, evidence: [...trimEvidence(ctx), ...inbound], durationMs: Date.now() - started,
      ...(ctx.property ? { property: ctx.property } : {}),
    },
    observations: ctx.observations,
  };
}

/** The documented endpoints, whose failures the run-wide error rules judge (an unmatched path may be answered by a proxy). */
const DOCUMENTED_ENDPOINT = /^\/2\/(webhooks(\/[^/]+)?|tweets)$/;

function addRecorder(ctx: RuleContext): () => void {
  const base = new URL(ctx.s.data.target.baseUrl).pathname.replace(/\/+$/, '');
  return ctx.s.http.addSink((x) => {
    ctx.evidence.push(x);
    const path = new URL(x.request.url).pathname;
    if (x.response && x.response.status >= 400 && path.startsWith(base) && DOCUMENTED_ENDPOINT.test(path.slice(base.length))) ctx.s.failures.push(x);
  });
}

/** Runs rules in order; when `stop` is aborted, the rule under way finishes (and cleans up) and no further rule starts. */
export async function runRules(rules: RuleDef[], s: RunServices, progress?: RunProgress, stop?: AbortSignal): Promise<{ results: RuleResult[]; observations: Observation[] }> {
  const results: RuleResult[] = [];
  const observations: Observation[] = [];
  for (const rule of rules) {
    if (stop?.aborted) break;
    const { result, observations: obs } = await runRule(rule, s);
    results.push(result);
    for (const o of obs) if (!observations.some((x) => x.topic === o.topic && x.seen === o.seen)) observations.push(o);
    progress?.(result);
  }
  return { results, observations };
}
