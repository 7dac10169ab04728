// The problem model: application/problem+json bodies for auth failures, invalid requests
// (including the webhook failure reasons), conflicts and not-found entries.

import { type Reply, json } from '../host/http.ts';
import type { Ctx } from './context.ts';

export type WebhookFailureReason =
  | 'CrcValidationFailed'
  | 'UrlValidationFailed'
  | 'DuplicateUrlFailed'
  | 'WebhookLimitExceeded'
  | 'WebhookIdInvalid';

export interface InvalidParam {
  message: string;
  /** parameter name -> offending values */
  parameters: Record<string, string[]>;
}

const INVALID_DETAIL = 'One or more parameters to your request was invalid.';

export function problemType(ctx: Ctx, kind: string): string {
  return `${ctx.settings.problemTypeBase}/2/problems/${kind}`;
}

export function problem(ctx: Ctx, status: number, body: Record<string, unknown>, isConflict = false): Reply {
  // the fault leaves the replay conflict alone: its content type belongs to RP-CONF-001
  const wrongType = ctx.fault('problem-json-content-type') && !isConflict;
  return { status, contentType: wrongType ? 'application/json' : 'application/problem+json', body };
}

export function unauthorized(ctx: Ctx): Reply {
  // choice: the status and body form of an authentication refusal are not shown
  if (ctx.choice('auth-refusal-403-error')) return json(403, { code: 89, message: 'Invalid or expired token.' });
  return problem(ctx, 401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
}

/** The invalid-request Problem (400, or `status`). */
export function invalidRequest(ctx: Ctx, errors: InvalidParam[], kind = 'invalid-request', status = 400): Reply {
  if (ctx.fault('invalid-request-empty-errors')) {
    const detail = errors.map((e) => e.message).join('; ');
    return problem(ctx, status, { type: problemType(ctx, kind), title: 'Invalid Request', detail, errors: [] });
  }
  // the fault: each parameter named with one string rather than an array of strings
  const items = ctx.fault('invalid-request-parameters-mistyped')
    ? errors.map((e) => ({ ...e, parameters: Object.fromEntries(Object.entries(e.parameters).map(([k, v]) => [k, v.join(',')])) }))
    : ctx.fault('invalid-request-items-without-parameters')
      ? errors.map((e) => ({ message: e.message }))
      : errors;
  return problem(ctx, status, { type: problemType(ctx, kind), title: 'Invalid Request', detail: INVALID_DETAIL, errors: items });
}

/** An invalid request's parameters (replay, post lookup): the invalid-request Problem, or under the
 *  failures-as-error-objects choice an Error object naming them. */
export function invalidParams(ctx: Ctx, errors: InvalidParam[]): Reply {
  if (ctx.choice('failures-as-error-objects')) return json(400, { code: 400, message: errors.map((e) => e.message).join('; ') });
  return invalidRequest(ctx, errors);
}

/** the status of each reason under the failure-status-per-reason choice (the document shows none) */
const REASON_STATUS: Record<WebhookFailureReason, number> = {
  UrlValidationFailed: 422,
  CrcValidationFailed: 422,
  DuplicateUrlFailed: 409,
  WebhookLimitExceeded: 403,
  WebhookIdInvalid: 404,
};

/** a webhook failure reason (table "Webhook failure reasons"): 400 invalid-request, reason first in the message */
export function webhookFailure(ctx: Ctx, reason: WebhookFailureReason, details: string, parameters: Record<string, string[]>): Reply {
  const kind = ctx.fault('problem-unknown-kind') ? 'webhook-failure' : 'invalid-request';
  const status = ctx.choice('failure-status-per-reason') ? REASON_STATUS[reason] : 400;
  const message = ctx.fault('webhook-failure-unnamed') ? details : `${reason}: ${details}`;
  return invalidRequest(ctx, [{ message, parameters }], kind, status);
}

export function conflict(ctx: Ctx): Reply {
  // the document names the conflict problem type, not its status
  const status = ctx.choice('replay-conflict-429') ? 429 : 409;
  return problem(
    ctx,
    status,
    {
      type: problemType(ctx, 'conflict'),
      title: 'Conflict',
      detail: 'A replay job is already in progress.',
    },
    true,
  );
}

/** an entry of the `errors` array of a partial GET /2/tweets answer */
export function resourceNotFound(ctx: Ctx, parameter: string, value: string, resourceType: string): Record<string, unknown> {
  if (ctx.fault('not-found-bare')) {
    const detail = `Could not find ${resourceType} with ${parameter}: [${value}].`;
    return { type: problemType(ctx, 'resource-not-found'), title: 'Not Found Error', detail, parameter, value };
  }
  return {
    type: problemType(ctx, 'resource-not-found'),
    title: 'Not Found Error',
    detail: `Could not find ${resourceType} with ${parameter}: [${value}].`,
    parameter: ctx.fault('not-found-parameter-empty') ? '' : parameter,
    value,
    resource_id: value,
    resource_type: ctx.fault('not-found-resource-type-unlisted') ? 'post' : resourceType,
  };
}
