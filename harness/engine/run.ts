// Runs rules against one target and turns each into a RuleResult. One at a time, the target is
// reset before each rule when it can be; side by side (concurrency above 1), it is reset once
// before the first, and the scheduler keeps rules whose holds clash apart. Each rule acts as its
// own owner (harness/domain/owner.ts): after it, whatever happened, its cleanups run and every
// domain removes what that rule created. Once the run is stopped no rule starts: the rules under
// way get a short grace, then their calls are ended; the rules not reached are reported not-run
// with the reason. Results come back in catalogue order, whatever order the rules ended in.
import { type Chain, inChain } from '../domain/lanes.ts';
import { actAs, belongsTo, currentOwner } from '../domain/owner.ts';
import type { RuleDef } from '../domain/types.ts';
import type { HttpExchange, InboundEvidence, Observation, RuleResult } from '../model/result.ts';
import { sourceText, TARGET_CLOCK } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';
import { curlLine, shellCommand } from '../target/curl.ts';
import { cutText } from '../target/evidence-body.ts';
import { oversizedAt, oversizedNote, RateLimited, sentRequestOf } from '../target/http.ts';
import { describeReceiverTls, receiverTlsQuestion } from '../target/network-wording.ts';
import { unmetNeeds } from './capabilities.ts';
import { RuleContext, type RunServices } from './context.ts';
import { refusalMark, unlessReceiverFull } from './receiver-full.ts';
import { EvidenceBudget, TEXT_CHARS } from './evidence-budget.ts';
import { trimEvidence } from './trim-evidence.ts';
import { NotCheckable, RuleFailure, SetupError } from './outcome.ts';
import { runScheduled } from './schedule.ts';
import { retryAfterStall } from './stall-retry.ts';
import type { Session } from './session.ts';
import { describeStop, graceMs, stopReasonOf } from './stop.ts';
import { TENANT_TOKEN, type TenantRun } from './tenants.ts';

const MAX_INBOUND = 12;
const MAX_INBOUND_BODY = 2000;

/** What the target sent the receiver while the rule ran, with the hooks' verdicts on signatures. */
function inboundSince(s: RunServices, mark: number, owner: string): InboundEvidence[] {
  if (!s.hasReceiver()) return [];
  const got = s
    .receiver()
    .all()
    .filter((r) => r.seq > mark && (r.owner === undefined || belongsTo(r.owner, owner)));
  const shown = got.length > MAX_INBOUND ? [...got.slice(0, 4), ...got.slice(-(MAX_INBOUND - 4))] : got;
  return shown.map((r) => {
    const body = r.rawBody.subarray(0, MAX_INBOUND_BODY * 4).toString('utf8');
    return {
      inbound: {
        at: r.at,
        method: r.method,
        url: cutText(r.url, 2000),
        headers: r.headers,
        ...(body ? { body: body.length > MAX_INBOUND_BODY ? `${body.slice(0, MAX_INBOUND_BODY)}…` : body } : {}),
        ...(r.signature ? { signature: { header: r.signature.header, valid: r.signature.valid } } : {}),
        answered: r.answered,
      },
    };
  });
}

export type RunProgress = (r: RuleResult) => void;

function verdictOf(rule: RuleDef, e: unknown): { status: RuleResult['status']; reason: string } {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof NotCheckable || e instanceof RateLimited) return { status: 'not-checkable', reason: message };
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

function ruleBase(rule: RuleDef) {
  return {
    id: rule.id,
    title: rule.title,
    source: sourceText(rule.source),
    where: rule.source,
    level: rule.level,
    suite: rule.suite,
    area: rule.area,
  };
}

/** A rule the run did not reach. */
export function notRun(rule: RuleDef, why: string): RuleResult {
  return { ...ruleBase(rule), status: 'not-run', reason: `not reached: ${why}`, evidence: [], durationMs: 0 };
}

const exchanges = (ctx: RuleContext): HttpExchange[] => ctx.evidence.filter((e): e is HttpExchange => 'request' in e);

/** Runs `work` (reset and check); when the run stops meanwhile, its calls are ended after the grace. Returns why they were, if they were. */
async function unlessStopped(s: RunServices, stop: AbortSignal | undefined, work: () => Promise<void>): Promise<string | undefined> {
  let ended: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  // the stop's listener runs where the stop was signalled (outside any rule): the calls to end are this rule's
  const owner = currentOwner();
  const onStop = () => {
    const why = stopReasonOf(stop!);
    if (why.kind === 'target-lost' || why.kind === 'rate-limited') return; // its calls fail at once now (lost), or wait no more (rate limited)
    timer = setTimeout(() => {
      ended = describeStop(why);
      s.http.interrupt(ended, owner);
      s.sharedClock?.close(new Error(ended));
    }, graceMs(why));
  };
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  try {
    await work();
  } catch (e) {
    if (!ended) throw e;
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
    if (ended) s.http.resume(owner);
  }
  return ended;
}

export interface RuleRunOptions {
  stop?: AbortSignal;
  budget?: EvidenceBudget;
  /** how the target is made ready first: 'each' resets it before the rule (the default), else this awaits the run's one reset */
  ready?: 'each' | Promise<void>;
}

/** Resets the target through the control API, when it can be, and tells every domain. */
async function resetTarget(session: Session): Promise<void> {
  const s = session.services;
  if (!s.control || !s.caps.has.has('control.reset')) return;
  await s.control.reset();
  for (const d of session.domains.values()) d.afterReset();
}

/** Runs one rule as its own owner: what it creates, and the callbacks it gets, are its own. */
export function runRule(
  rule: RuleDef,
  session: Session,
  opts: RuleRunOptions = {},
): Promise<{ result: RuleResult; observations: Observation[] }> {
  const again = () => opts.stop?.aborted ?? false;
  return actAs(rule.id, () => retryAfterStall(() => runOwnRule(rule, session, opts), session.services.stalls, again), session.parts);
}

function unmetResult(rule: RuleDef, reason: string, started: number): { result: RuleResult; observations: Observation[] } {
  return {
    result: { ...ruleBase(rule), status: 'not-checkable', reason, evidence: [], startedAt: new Date(started).toISOString(), durationMs: 0 },
    observations: [],
  };
}

interface Execution {
  status: RuleResult['status'];
  reason?: string;
  /** a failure: the exchange the check said (or had last sent when) it failed */
  about?: HttpExchange;
  /** the requests the rule sent, and how many of them waited one for another */
  exchanges: number;
  chain: number;
}

/**
 * the rule's check from a ready target, then its cleanup (always); its verdict. On a tenant of its
 * own (`tenant`), the tenant is fresh (no reset), and deleting it is the cleanup (tenants.ts).
 */
async function execute(rule: RuleDef, session: Session, ctx: RuleContext, opts: RuleRunOptions, tenant?: TenantRun): Promise<Execution> {
  const s = session.services;
  let exchanges = 0;
  const chain: Chain = { n: 0, lanes: s.lanes };
  const record = (x: HttpExchange) => {
    exchanges++;
    ctx.evidence.push(x);
  };
  let verdict: { status: RuleResult['status']; reason?: string; about?: HttpExchange };
  let ended: string | undefined;
  let problems: string[] = [];
  try {
    ended = await s.http.withSink(record, () =>
      inChain(chain, () =>
        unlessStopped(s, opts.stop, async () => {
          if (tenant) {
            // a fresh tenant needs no reset
          } else if (opts.ready === undefined || opts.ready === 'each') await resetTarget(session);
          else await opts.ready;
          await rule.check(ctx);
        }),
      ),
    );
    verdict = examinedVerdict(rule, ctx);
  } catch (e) {
    verdict = { ...verdictOf(rule, e), ...(e instanceof RuleFailure && e.about ? { about: e.about } : {}) };
  } finally {
    await s.http.withSink(record, () =>
      inChain(chain, async () => {
        // the rule's own undo steps run once: what they could not remove stays on the target, but
        // on a tenant, which goes with what it holds (a tenant not deleted is said at the run's end)
        const own = await ctx.runCleanups();
        if (!tenant) s.leftBehind.push(...own.map((p) => `${rule.id}: ${p}`));
        problems = [...own];
        // the tenant is deleted beside what runs next; a problem is said in the rule's evidence later (runRules).
        // The records the domain keeps that it could not remove it tries again after the next rule,
        // and at the run's end (session.ts), which says what is left
        if (tenant) tenant.release(rule.id);
        else for (const d of session.domains.values()) problems.push(...(await d.cleanup()));
        if (problems.length) ctx.note(`cleanup problems: ${problems.join('; ')}`);
      }),
    );
  }
  if (ended) {
    // a tenant's deletion ends later, and says its problems then (runRules)
    const after = problems.length
      ? 'what it created could not all be removed'
      : tenant
        ? 'its tenant is deleted'
        : 'what it created was cleaned up';
    verdict = { status: 'not-run', reason: `${ended}: ended while it ran (${after})` };
  } else if (verdict.status === 'failed' && s.http.lostDetail) {
    // the target was lost while the rule ran: what it saw is the loss, not a verdict on the target
    verdict = { status: 'error', reason: `the target was lost while the rule ran (${s.http.lostDetail}): ${verdict.reason ?? ''}` };
  }
  return { ...verdict, exchanges, chain: chain.n };
}

/**
 * The exchange a failure is about: the one its check named (or had last sent when it failed),
 * when it is among the rule's and this process sent it; else the rule's last exchange under test
 * (calls that only looked on, the control API or a probe, are skipped).
 */
function failingExchange(run: Execution, xs: HttpExchange[]): HttpExchange | undefined {
  if (run.status !== 'failed') return undefined;
  if (run.about && xs.includes(run.about) && sentRequestOf(run.about)) return run.about;
  return xs.filter((x) => !x.aside).at(-1) ?? xs.at(-1);
}

/** what a failure, an error or a not-checkable verdict adds: an oversized answer's note; a failure's curl line */
function failureDetails(
  run: Execution,
  xs: HttpExchange[],
  secretNames: Record<string, string>,
  restart: RunServices['restart'],
): { reason?: string; curl?: string } {
  if (run.status !== 'failed' && run.status !== 'error' && run.status !== 'not-checkable') return { reason: run.reason };
  const big = xs.find((x) => oversizedAt(x) !== undefined);
  const reason = big ? `${run.reason ?? ''}; ${oversizedNote(big, oversizedAt(big)!)}` : run.reason;
  if (run.status !== 'failed') return { reason };
  const last = failingExchange(run, xs);
  const line = last && curlLine(last, secretNames);
  // sent on a tenant (contract §3a): the line says how to make one
  const curl =
    line?.includes(TENANT_TOKEN) === true
      ? `# it was sent on a tenant of the target: make one (POST /tenants of the control API) and set ${TENANT_TOKEN} to its bearer_token\n${line}`
      : line;
  // a local target ends with the run: the line says how to start one like it at the same address
  if (curl && last && restart && last.request.url.startsWith(restart.origin))
    return {
      reason,
      curl: `# the target ended with the run; start one like it first (set the variables to any values, the same for both lines):\n# ${shellCommand(restart.command, secretNames)}\n${curl}`,
    };
  return { reason, curl };
}

/** a note when the receiver saw failed TLS handshakes while the rule ran */
async function noteReceiverTls(ctx: RuleContext, receiver: Receiver, tlsMark: number, status: RuleResult['status']): Promise<void> {
  // the receiver learns of a refused handshake only once the peer has hung up: a moment's grace, on failures only
  if (status !== 'passed' && status !== 'observed' && status !== 'not-run' && receiver.tlsFailures().length === tlsMark)
    await new Promise((r) => setTimeout(r, 100));
  const tls = receiver.tlsFailures().slice(tlsMark);
  if (tls.length) {
    ctx.note(
      `the callback receiver saw ${tls.length} failed TLS handshake(s) (first: ${describeReceiverTls(tls[0].message)}): ${receiverTlsQuestion(
        tls.map((t) => t.message),
        new URL(receiver.publicBaseUrl).hostname,
      )}`,
    );
  }
}

/** whether a rule shares the target's clock (CLOCK_PASSING) rather than holding it alone */
function sharesClock(rule: RuleDef): boolean {
  return rule.holds.some((h) => h.resource === TARGET_CLOCK.resource && h.mode === 'shared');
}

async function runOwnRule(
  rule: RuleDef,
  session: Session,
  opts: RuleRunOptions,
): Promise<{ result: RuleResult; observations: Observation[] }> {
  const s = session.services;
  const started = Date.now();
  const unmet = unmetNeeds(rule.needs, s.caps);
  if (unmet) return unmetResult(rule, unmet, started);
  let tenant: TenantRun | undefined;
  if (session.tenants?.runsOnTenant(rule)) {
    try {
      tenant = await session.tenants.open(rule);
    } catch (e) {
      return {
        result: { ...unmetResult(rule, '', started).result, status: 'error', reason: `setup failed: ${(e as Error).message}` },
        observations: [],
      };
    }
  }
  const domain = tenant?.domain ?? session.domains.get(rule.domain);
  if (!domain) throw new Error(`rule ${rule.id}: its domain ${rule.domain} was not opened`);
  const ctx = new RuleContext(rule, tenant ? { ...s, control: tenant.control } : s, domain.api, domain);
  const receiver = s.hasReceiver() ? s.receiver() : undefined;
  const inboundMark = receiver?.lastSeq() ?? 0;
  const tlsMark = receiver?.tlsFailures().length ?? 0;
  const refusedMark = refusalMark(receiver);
  // a rule that only needs time to pass shares the app's clock with the others that do (on a tenant, the clock is its own)
  const sharer = !tenant && sharesClock(rule) ? s.sharedClock : undefined;
  await sharer?.enter(rule.id);
  const run = unlessReceiverFull(
    rule,
    receiver,
    refusedMark,
    await execute(rule, session, ctx, opts, tenant).finally(() => sharer?.leave(rule.id)),
  );
  // a failure about an exchange of work another rule did for it (ctx.shared, its notes only): that
  // exchange joins its evidence, so that its report shows it and its curl line repeats it
  if (run.status === 'failed' && run.about && sentRequestOf(run.about) && !ctx.evidence.includes(run.about))
    ctx.evidence.push({ note: 'the exchange the failure is about, made by work shared with other rules:' }, run.about);
  const { reason, curl } = failureDetails(run, exchanges(ctx), s.config.secretNames ?? {}, s.restart);
  const inbound = inboundSince(s, inboundMark, rule.id);
  if (receiver) await noteReceiverTls(ctx, receiver, tlsMark, run.status);
  const failing = failingExchange(run, exchanges(ctx));
  const evidence = [...trimEvidence(ctx.evidence, failing), ...inbound];
  const failingAt = failing ? evidence.indexOf(failing) : -1;
  const property = ctx.property && {
    ...ctx.property,
    ...(ctx.property.counterexample ? { counterexample: cutText(ctx.property.counterexample, TEXT_CHARS) } : {}),
  };
  return {
    result: {
      ...ruleBase(rule),
      status: run.status,
      reason: reason === undefined ? undefined : cutText(reason, TEXT_CHARS),
      evidence: opts.budget ? opts.budget.bound(evidence) : evidence,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      exchanges: run.exchanges,
      chain: run.chain,
      examined: ctx.examined,
      ...(property ? { property } : {}),
      ...(curl ? { curl } : {}),
      ...(failingAt >= 0 ? { failingExchange: failingAt } : {}),
    },
    observations: ctx.observations.map((o) => ({ ...o, seen: cutText(o.seen, TEXT_CHARS) })),
  };
}

/**
 * Runs the rules, `concurrency` at a time (default 1: in catalogue order, each from a reset target);
 * once `stop` is aborted no further rule starts, and each one left is not-run.
 */
export async function runRules(
  rules: RuleDef[],
  session: Session,
  progress?: RunProgress,
  stop?: AbortSignal,
  concurrency = 1,
  /** called when a rule starts (for live progress) */
  onRuleStart?: (rule: RuleDef) => void,
  /** each rule's duration in an earlier run, where known */
  expectedMs?: ReadonlyMap<string, number>,
): Promise<{ results: RuleResult[]; observations: Observation[] }> {
  const budget = new EvidenceBudget();
  // side by side a reset would wipe what the other rules hold: the target is reset once, before the first
  let ready: RuleRunOptions['ready'] = 'each';
  if (concurrency > 1) {
    ready = resetTarget(session);
    ready.catch(() => undefined); // each rule awaits it and reports its failure
  }
  // on a tenant of its own, a rule holds the tenant's resources alone: the scheduler does not see them
  const items = rules.map((rule) => ({ rule, holds: session.tenants?.holdsOf(rule) ?? rule.holds, expectedMs: expectedMs?.get(rule.id) }));
  const done = await runScheduled(
    items,
    concurrency,
    async ({ rule }) => {
      if (stop?.aborted) return { result: notRun(rule, describeStop(stopReasonOf(stop))), observations: [] };
      onRuleStart?.(rule);
      const out = await runRule(rule, session, { stop, budget, ready });
      progress?.(out.result);
      return out;
    },
    session.pools,
  );
  // the tenants released by the rules are closed: what went wrong is said in the evidence of the rule that used it
  // (a tenant not deleted is tried again at the run's end, which says what is left: session.ts)
  for (const late of (await session.tenants?.settle()) ?? [])
    done.find((d) => d.result.id === late.owner)?.result.evidence.push({ note: `tenant cleanup problem: ${late.problem}` });
  const observations: Observation[] = [];
  for (const o of done.flatMap((d) => d.observations))
    if (!observations.some((x) => x.topic === o.topic && x.seen === o.seen)) observations.push(o);
  return { results: done.map((d) => d.result), observations };
}
