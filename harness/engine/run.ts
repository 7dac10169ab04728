// Runs rules one after another against one target and turns each into a RuleResult.
// Before each rule the target is reset when it can be; after each rule, whatever happened,
// its cleanups run and every domain removes what the rule created.
import type { RuleDef } from '../domain/types.ts';
import type { InboundEvidence, Observation, RuleResult } from '../model/result.ts';
import { sourceText } from '../model/rule.ts';
import { unmetNeeds } from './capabilities.ts';
import { RuleContext, type RunServices } from './context.ts';
import { NotCheckable, RuleFailure, SetupError } from './outcome.ts';
import type { Session } from './session.ts';

const MAX_EVIDENCE = 40;
const MAX_INBOUND = 12;
const MAX_INBOUND_BODY = 2000;

/** What the target sent the receiver while the rule ran, with the hooks' verdicts on signatures. */
function inboundSince(s: RunServices, mark: number): InboundEvidence[] {
  if (!s.hasReceiver()) return [];
  const got = s
    .receiver()
    .all()
    .filter((r) => r.seq > mark);
  const shown = got.length > MAX_INBOUND ? [...got.slice(0, 4), ...got.slice(-(MAX_INBOUND - 4))] : got;
  return shown.map((r) => {
    const body = r.rawBody.toString('utf8');
    return {
      inbound: {
        at: r.at,
        method: r.method,
        url: r.url,
        headers: r.headers,
        ...(body ? { body: body.length > MAX_INBOUND_BODY ? `${body.slice(0, MAX_INBOUND_BODY)}…` : body } : {}),
        ...(r.signature ? { signature: { header: r.signature.header, valid: r.signature.valid } } : {}),
        answered: r.answered,
      },
    };
  });
}

export type RunProgress = (r: RuleResult) => void;

function trimEvidence(ctx: RuleContext): RuleResult['evidence'] {
  const e = ctx.evidence;
  if (e.length <= MAX_EVIDENCE) return e;
  const head = e.slice(0, 10);
  const tail = e.slice(e.length - (MAX_EVIDENCE - 11));
  return [...head, { note: `${e.length - head.length - tail.length} further exchanges omitted` }, ...tail];
}

function verdictOf(rule: RuleDef, e: unknown): { status: RuleResult['status']; reason: string } {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof NotCheckable) return { status: 'not-checkable', reason: message };
  if (e instanceof RuleFailure && rule.level === 'MUST') return { status: 'failed', reason: message };
  if (rule.level === 'OBSERVE') return { status: 'not-checkable', reason: `could not observe: ${message}` };
  if (e instanceof SetupError) return { status: 'error', reason: `setup failed: ${message}` };
  if ((e as Error)?.name === 'NetworkError') return { status: 'error', reason: `the target broke off: ${message}` };
  return { status: 'error', reason: `error: ${message}` };
}

/** A check that returned without examining anything has not shown the behaviour it names. */
function examinedVerdict(rule: RuleDef, ctx: RuleContext): { status: RuleResult['status']; reason?: string } {
  if (rule.level === 'OBSERVE') {
    return ctx.observations.length > 0 || ctx.examined > 0
      ? { status: 'observed' }
      : { status: 'not-checkable', reason: 'could not observe: the check recorded no observation' };
  }
  return ctx.examined > 0
    ? { status: 'passed' }
    : { status: 'not-checkable', reason: 'examined nothing: the target gave the check nothing to look at' };
}

export async function runRule(rule: RuleDef, session: Session): Promise<{ result: RuleResult; observations: Observation[] }> {
  const s = session.services;
  const started = Date.now();
  const domain = session.domains.get(rule.domain);
  if (!domain) throw new Error(`rule ${rule.id}: its domain ${rule.domain} was not opened`);
  const ctx = new RuleContext(rule, s, domain.api, domain);
  const base = {
    id: rule.id,
    title: rule.title,
    source: sourceText(rule.source),
    level: rule.level,
    suite: rule.suite,
    area: rule.area,
  };
  const unmet = unmetNeeds(rule.needs, s.caps);
  if (unmet) {
    return { result: { ...base, status: 'not-checkable', reason: unmet, evidence: [], durationMs: 0 }, observations: [] };
  }
  const stopRecording = s.http.addSink((x) => ctx.evidence.push(x));
  const receiver = s.hasReceiver() ? s.receiver() : undefined;
  const inboundMark = receiver?.lastSeq() ?? 0;
  const tlsMark = receiver?.tlsFailures().length ?? 0;
  let status: RuleResult['status'];
  let reason: string | undefined;
  try {
    if (s.control && s.caps.has.has('control.reset')) {
      await s.control.reset();
      for (const d of session.domains.values()) d.afterReset();
    }
    await rule.check(ctx);
    ({ status, reason } = examinedVerdict(rule, ctx));
  } catch (e) {
    ({ status, reason } = verdictOf(rule, e));
  } finally {
    const problems = [...(await ctx.runCleanups())];
    for (const d of session.domains.values()) problems.push(...(await d.cleanup()));
    if (problems.length) ctx.note(`cleanup problems: ${problems.join('; ')}`);
    stopRecording();
  }
  const inbound = inboundSince(s, inboundMark);
  if (receiver) {
    // the receiver learns of a refused handshake only once the peer has hung up: a moment's grace, on failures only
    if (status !== 'passed' && status !== 'observed' && receiver.tlsFailures().length === tlsMark)
      await new Promise((r) => setTimeout(r, 100));
    const tls = receiver.tlsFailures().slice(tlsMark);
    if (tls.length) {
      ctx.note(
        `the callback receiver saw ${tls.length} failed TLS handshake(s) (first: ${tls[0].message}): does the target trust the receiver's certificate (receiver.tls, or verification off for ${new URL(receiver.publicBaseUrl).hostname})?`,
      );
    }
  }
  return {
    result: {
      ...base,
      status,
      reason,
      evidence: [...trimEvidence(ctx), ...inbound],
      durationMs: Date.now() - started,
      examined: ctx.examined,
      ...(ctx.property ? { property: ctx.property } : {}),
    },
    observations: ctx.observations,
  };
}

/** Runs rules in order; when `stop` is aborted, the rule under way finishes (and cleans up) and no further rule starts. */
export async function runRules(
  rules: RuleDef[],
  session: Session,
  progress?: RunProgress,
  stop?: AbortSignal,
): Promise<{ results: RuleResult[]; observations: Observation[] }> {
  const results: RuleResult[] = [];
  const observations: Observation[] = [];
  for (const rule of rules) {
    if (stop?.aborted) break;
    const { result, observations: obs } = await runRule(rule, session);
    results.push(result);
    for (const o of obs) if (!observations.some((x) => x.topic === o.topic && x.seen === o.seen)) observations.push(o);
    progress?.(result);
  }
  return { results, observations };
}
