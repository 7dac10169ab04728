// The webhook failure reasons of the document (Errors › Webhook failure reasons), and which of them
// an answer names.
import type { HttpResult } from '../../../harness/target/http.ts';

/** "Webhook failure reasons": each with the endpoints it applies to */
export const WEBHOOK_FAILURE_REASONS = [
  'CrcValidationFailed',
  'UrlValidationFailed',
  'DuplicateUrlFailed',
  'WebhookLimitExceeded',
  'WebhookIdInvalid',
] as const;

export type WebhookFailureReason = (typeof WEBHOOK_FAILURE_REASONS)[number];

/** the failure reasons an answer names, anywhere in its body */
export function namedReasons(res: HttpResult): WebhookFailureReason[] {
  return WEBHOOK_FAILURE_REASONS.filter((r) => res.text.includes(r));
}
