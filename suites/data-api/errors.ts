// The error model, run-wide: every failed call of this run is an Error as application/json or a
// Problem as application/problem+json; a Problem's type and added fields follow its kind ("A failed
// call returns Error (`code`, `message`) as application/json, or a Problem as application/problem+json").
// "Every failed call of the run": the calls to the endpoints called by the application and to those
// announced under Other endpoints (call-record.ts), of every Data API rule of the run, on its app or
// on a tenant. These rules hold the run's record late (CALLS_JUDGED): they judge it once every other
// Data API rule has ended, whatever the order, the concurrency or the rules picked, each without the
// calls of the other judges (which may run beside it, each on a tenant of its own where offered).
// Each rule first provokes failures of its own, so it also stands alone (--rule ERR-001).
import type { DataCheck, DataCtx } from './api.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import type { HttpExchange } from '../../harness/model/result.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { ABSENT_POST_ID } from '../../generators/data-api/index.ts';
import { problemKind, validate, validateProblem } from '../../schemas/data-api/index.ts';
import { failureForm } from './verdicts/http.ts';
import { requestReplay } from './setup/replay.ts';
import { deletedId, hook, registerValid } from './setup/webhooks.ts';

/**
 * Failing calls of the rule's own, side by side (--concurrency): none depends on another's answer.
 * They provoke every problem kind a request of this document can provoke (invalid-request through
 * bad parameters, resource-not-found through a missing post, unsupported-authentication through
 * another scheme, client-forbidden through the notes API where the app is not enrolled), so that
 * ERR-003 judges their added fields rather than waits for them.
 */
async function provokeFailures(ctx: DataCtx): Promise<void> {
  const gone = await deletedId(ctx);
  const { hook: registered, id } = await registerValid(ctx);
  const calls: (() => Promise<unknown>)[] = [
    () => ctx.api.data.createWebhook(hook(ctx).url.replace(/^https:/, 'http:')),
    () => ctx.api.data.createWebhook('https://'),
    // the URL of the rule's webhook again: the duplicate (so the rule holds one webhook slot, not two)
    () => ctx.api.data.createWebhook(registered.url),
    () => ctx.api.data.createWebhook(hook(ctx, 'wrong-key').url),
    () => ctx.api.data.deleteWebhook(gone),
    () => ctx.api.data.putWebhook('abc'),
    () => requestReplay(ctx, {}),
    () => requestReplay(ctx, { webhook_id: id, from_date: '2026', to_date: '202613011200' }),
    () => ctx.api.data.call('POST', '/2/webhooks', { raw: '{"url": ' }),
    () => ctx.api.data.listWebhooks('none'),
    // authentication of another type than the HTTP bearer scheme (unsupported-authentication, if
    // the target answers with a Problem): the app's own bearer token under the Basic scheme
    () =>
      ctx.api.data.call('GET', '/2/webhooks', {
        auth: 'none',
        headers: { authorization: `Basic ${Buffer.from(`conform:${ctx.api.target.bearerToken}`).toString('base64')}` },
      }),
    // post lookup: no ids, a malformed id (invalid-request), an id of no post (resource-not-found,
    // when the target refuses it rather than report it inside a 200 answer)
    () => ctx.api.data.tweets({}),
    () => ctx.api.data.tweets({ ids: 'not-a-post-id' }),
    () => ctx.api.data.tweets({ ids: ABSENT_POST_ID }),
    // the notes API, whose reads change nothing: "Access to some endpoints requires enrolment or
    // approval (notes API)" (Authentication 3), so an app that is not enrolled is refused, with a
    // client-forbidden Problem (reason, registration_url) where the target answers one
    () => ctx.api.data.call('GET', '/2/notes/search/posts_eligible_for_notes'),
    () => ctx.api.data.call('GET', '/2/notes/search/notes_written'),
  ];
  await inLanes(calls, (call) => call());
}

function mediaType(x: HttpExchange): string {
  return (x.response?.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

function where(x: HttpExchange): string {
  return `${x.request.method} ${new URL(x.request.url).pathname} → ${x.response?.status}`;
}

/** A failed exchange the rule does not apply to (for example an Error where the rule is about Problems). */
const NOT_APPLICABLE = Symbol('not applicable');

/**
 * Runs `judge` over every failed exchange of the run; each one it applies to counts as examined, and
 * offenders become evidence. With none to judge the rule examined nothing (not checkable, engine).
 */
async function overFailures(
  ctx: DataCtx,
  what: string,
  judge: (x: HttpExchange) => string | undefined | typeof NOT_APPLICABLE,
): Promise<void> {
  await provokeFailures(ctx);
  const { failures } = ctx.api.record.seenBy(ctx.rule.id);
  const offenders: { line: string; x: HttpExchange }[] = [];
  let judged = 0;
  for (const x of failures) {
    const wrong = judge(x);
    if (wrong === NOT_APPLICABLE) continue;
    judged++;
    if (wrong) {
      offenders.push({ line: `${where(x)}: ${wrong}`, x });
      if (offenders.length <= 3) ctx.evidence.push(x);
    }
  }
  ctx.note(`${judged} ${what} of this run examined (of ${failures.length} failed call(s))`);
  if (judged === 0) ctx.notCheckable(`no ${what} to examine among the ${failures.length} failed call(s) of this run`);
  // each call judged counts as examined, once
  ctx.checkEach(
    judged,
    offenders.length === 0,
    `${offenders.length} of ${judged} ${what} break the rule; first: ${offenders
      .slice(0, 3)
      .map((o) => o.line)
      .join(' | ')}`,
    offenders[0]?.x,
  );
}

const problemTypes = (x: HttpExchange) => mediaType(x) === 'application/problem+json' && x.response?.body !== undefined;

export const errorChecks: Record<string, DataCheck> = {
  'ERR-001': (ctx: DataCtx) =>
    overFailures(ctx, 'failed call(s)', (x) => {
      const type = mediaType(x);
      const body = x.response?.body;
      if (type === 'application/json') {
        const v = validate('error', body);
        return v.ok ? undefined : `application/json but not an Error (code, message): ${v.errors[0]}`;
      }
      if (type === 'application/problem+json') {
        const v = validate('problem', body);
        return v.ok ? undefined : `application/problem+json but not a Problem (type, title): ${v.errors[0]}`;
      }
      return `content type "${type || '(none)'}" is neither application/json (Error) nor application/problem+json (Problem)`;
    }),

  'ERR-002': (ctx: DataCtx) =>
    overFailures(ctx, 'Problem answer(s)', (x) => {
      if (!problemTypes(x)) return NOT_APPLICABLE;
      const type = (x.response!.body as { type?: unknown }).type;
      if (typeof type !== 'string') return 'the Problem has no string type';
      return problemKind(type, ctx.api.data.target.problemTypeBase)
        ? undefined
        : `type ${JSON.stringify(type)} is neither about:blank nor ${ctx.api.data.target.problemTypeBase}/2/problems/<documented kind>`;
    }),

  'ERR-003': (ctx: DataCtx) =>
    overFailures(ctx, 'Problem answer(s) of a documented kind', (x) => {
      if (!problemTypes(x)) return NOT_APPLICABLE;
      const type = (x.response!.body as { type?: unknown }).type;
      if (typeof type !== 'string' || !problemKind(type, ctx.api.data.target.problemTypeBase)) return NOT_APPLICABLE;
      const v = validateProblem(x.response!.body, ctx.api.data.target.problemTypeBase);
      return v.ok ? undefined : `${v.kind ?? type}: ${v.errors.slice(0, 2).join('; ')}`;
    }),

  'ERR-OBS-001': async (ctx: DataCtx) => {
    const gone = await deletedId(ctx);
    const seen = async (topic: string, p: Promise<HttpResult>) => ctx.observe(topic, failureForm(await p));
    // the registrations one after another (the rule holds two webhook slots: one that should have been
    // refused and was not never meets another), the other calls beside them (--concurrency)
    const registrations = async () => {
      await seen('answer for UrlValidationFailed (http scheme)', ctx.api.data.createWebhook(hook(ctx).url.replace(/^https:/, 'http:')));
      const dup = hook(ctx);
      await ctx.api.data.createWebhook(dup.url);
      await seen('answer for DuplicateUrlFailed', ctx.api.data.createWebhook(dup.url));
      await seen('answer for CrcValidationFailed on POST', ctx.api.data.createWebhook(hook(ctx, 'wrong-key').url));
    };
    const rateHeaders = async () => {
      const limited = (await ctx.api.data.listWebhooks()).headers;
      const rate = Object.keys(limited).filter((h) => h.startsWith('x-rate-limit'));
      ctx.observe('rate-limit headers on GET /2/webhooks', rate.length ? rate.join(', ') : '(none)');
    };
    await inLanes(
      [
        registrations,
        () => seen('answer for WebhookIdInvalid on DELETE', ctx.api.data.deleteWebhook(gone)),
        () => seen('answer for WebhookIdInvalid on PUT', ctx.api.data.putWebhook(gone)),
        () => seen('answer for an invalid replay request', requestReplay(ctx, {})),
        () => seen('answer for a missing bearer token', ctx.api.data.listWebhooks('none')),
        rateHeaders,
      ],
      (work) => work(),
    );
  },
};
