// The problem model: application/problem+json bodies for auth failures, invalid requests
// (including the webhook failure reasons), conflicts and not-found entries.

import type { Reply } from '../host/http.ts';
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

export function problem(ctx: Ctx, status: number, body: Record<string, unknown>): Reply {
  // the fault leaves the replay conflict alone: its content type belongs to RP-CONF-001
  const wrongType = ctx.fault('problem-json-content-type') && status !== 409;
  return { status, contentType: wrongType ? 'application/json' : 'application/problem+json', body };
}

export function unauthorized(ctx: Ctx): Reply {
  return problem(ctx, 401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
}

export function invalidRequest(ctx: Ctx, errors: InvalidParam[], kind = 'invalid-request'): Reply {
  if (ctx.fault('invalid-request-empty-errors')) {
    const detail = errors.map((e) => e.message).join('; ');
    return problem(ctx, 400, { type: problemType(ctx, kind), title: 'Invalid Request', detail, errors: [] });
  }
  return problem(ctx, 400, { type: problemType(ctx, kind), title: 'Invalid Request', detail: INVALID_DETAIL, errors });
}

/** a webhook failure reason (table "Webhook failure reasons"): 400 invalid-request, reason first in the message */
export function webhookFailure(ctx: Ctx, reason: WebhookFailureReason, details: string, parameters: Record<string, string[]>): Reply {
  const kind = ctx.fault('problem-unknown-kind') ? 'webhook-failure' : 'invalid-request';
  return invalidRequest(ctx, [{ message: `${reason}: ${details}`, parameters }], kind);
}

export function conflict(ctx: Ctx): Reply {
  return problem(ctx, 409, {
    type: problemType(ctx, 'conflict'),
    title: 'Conflict',
    detail: 'A replay job is already in progress.',
  });
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
    parameter,
    value,
    resource_id: value,
    resource_type: resourceType,
  };
}
