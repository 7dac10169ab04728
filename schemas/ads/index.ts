/**
 * JSON Schemas (2020-12) of the advertising interface, version 12, as stated by
 * ads-api-accounts-campaigns.md (document 2; document 3 shares the envelope and
 * the list parameters). Files: ./*.json, `$id` https://conform.test/schemas/ads/<name>.json,
 * compiled once with the shared registry (../registry.ts).
 *
 * How the document's words become types (nullable, open enumerations, what is
 * required) is written once in common.json's $comment.
 */
import { createSchemaRegistry, type ValidationResult } from '../schema-set.ts';

export type { ValidationResult } from '../schema-set.ts';

export const ADS_SCHEMA_ID_BASE = 'https://conform.test/schemas/ads/';

/** Envelopes: the top level of a successful answer. */
export const ADS_ENVELOPE_SCHEMAS = ['envelope', 'single-envelope', 'array-envelope', 'list-envelope', 'batch-response'] as const;

/** Records (what `data` holds, or one item of it). */
export const ADS_RECORD_SCHEMAS = [
  'account',
  'feature-list',
  'authenticated-user-access',
  'account-app',
  'account-history-entry',
  'advertiser-business-category',
  'content-category',
  'curated-category',
  'publisher',
  'placement',
  'bidding-rule',
  'audience-estimate',
  'recommendation',
  'campaign',
  'line-item',
  'line-item-curated-category',
  'media-creative',
  'promoted-account',
  'promoted-post',
  'promotable-user',
  'scheduled-promoted-post',
  'targeting-criterion',
  'card',
  'catalog',
  'product',
  'product-write-result',
  'product-delete-result',
  'product-set',
] as const;

/** Request parameters and bodies (values before they are put on the wire: id lists are arrays). */
export const ADS_REQUEST_SCHEMAS = [
  'list-params',
  'account-update-params',
  'account-history-params',
  'feature-keys-params',
  'curated-categories-params',
  'audience-estimate-request',
  'campaign-create-params',
  'campaign-update-params',
  'batch-item',
  'batch-items',
  'line-item-update-params',
  'promoted-tweets-create-params',
  'targeting-criteria-list-params',
  'card-request',
  'image-conversation-params',
] as const;

export type AdsEnvelopeSchema = (typeof ADS_ENVELOPE_SCHEMAS)[number];
export type AdsRecordSchema = (typeof ADS_RECORD_SCHEMAS)[number];
export type AdsRequestSchema = (typeof ADS_REQUEST_SCHEMAS)[number];
export type AdsSchemaName = AdsEnvelopeSchema | AdsRecordSchema | AdsRequestSchema | 'error';

export const ADS_SCHEMA_NAMES: readonly AdsSchemaName[] = [...ADS_ENVELOPE_SCHEMAS, ...ADS_RECORD_SCHEMAS, ...ADS_REQUEST_SCHEMAS, 'error'];

/** Files of shared $defs only (not validated against directly). */
export const ADS_SHARED_SCHEMA_FILES = ['common'] as const;

const registry = createSchemaRegistry<AdsSchemaName>({
  dir: new URL('./', import.meta.url),
  idBase: ADS_SCHEMA_ID_BASE,
  names: ADS_SCHEMA_NAMES,
  label: 'schemas/ads',
});

/** Validates `value` against schemas/ads/<name>.json. */
export function validateAds(name: AdsSchemaName, value: unknown): ValidationResult {
  return registry.validate(name, value);
}

/**
 * How `data` of an answer is shaped:
 * - single: one record (`data` object);
 * - list: a paginated list (count/cursor endpoints; `next_cursor` present), each item a record;
 * - array: an array of records without pagination (lookups, sandbox account creation);
 * - value: `data` as a whole is the record (the feature list);
 * - batch: a batch answer; each item of `data` is a record.
 */
export type AdsResponseShape = 'single' | 'list' | 'array' | 'value' | 'batch';

const ENVELOPE_OF: Record<AdsResponseShape, AdsEnvelopeSchema> = {
  single: 'single-envelope',
  list: 'list-envelope',
  array: 'array-envelope',
  value: 'array-envelope',
  batch: 'batch-response',
};

function prefixed(prefix: string, lines: string[]): string[] {
  return lines.map((l) => (l.startsWith('(root):') ? `${prefix}:${l.slice('(root):'.length)}` : `${prefix}${l}`));
}

/**
 * Validates a successful answer: its envelope, then the record(s) in `data`.
 * Error lines carry the instance path from the top of the body ("/data/0/deleted: ...").
 */
/**
 * the envelope's lines about total_count given without with_total_count=true, in the document's
 * words ("total_count | integer | on lists, only when with_total_count=true"), not the schema's
 * ("/request/params: must have required property 'with_total_count'")
 */
const TOTAL_COUNT_UNASKED = /^\/request\/params(?:\/with_total_count)?: (?:must have required property 'with_total_count'|must be one of )/;

function envelopeErrors(shape: AdsResponseShape, body: unknown): string[] {
  const lines = validateAds(ENVELOPE_OF[shape], body).errors;
  if (!lines.some((l) => TOTAL_COUNT_UNASKED.test(l))) return lines;
  const params = (body as { request?: { params?: Record<string, unknown> } }).request?.params;
  const asked =
    params && typeof params === 'object' && 'with_total_count' in params
      ? `with_total_count=${JSON.stringify(params.with_total_count)}`
      : 'no with_total_count';
  const count = JSON.stringify((body as { total_count?: unknown }).total_count);
  return [
    ...lines.filter((l) => !TOTAL_COUNT_UNASKED.test(l)),
    `/total_count: ${count} is answered although request.params echoes ${asked} (total_count comes on lists only when with_total_count=true)`,
  ];
}

export function validateAdsResponse(shape: AdsResponseShape, record: AdsRecordSchema, body: unknown): ValidationResult {
  const errors = [...envelopeErrors(shape, body)];
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (shape === 'single' || shape === 'value') {
    if (data !== undefined) errors.push(...prefixed('/data', validateAds(record, data).errors));
  } else if (Array.isArray(data)) {
    data.forEach((item, i) => {
      errors.push(...prefixed(`/data/${i}`, validateAds(record, item).errors));
    });
  }
  const unique = [...new Set(errors)];
  return { ok: unique.length === 0, errors: unique };
}

/**
 * Every string found under a `code` member anywhere in an error body (the document
 * names error INCOMPATIBLE_LINE_ITEM but not where a body carries it).
 */
export function errorCodesOf(body: unknown): string[] {
  const codes: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'code' && typeof v === 'string') codes.push(v);
        else walk(v);
      }
    }
  };
  walk(body);
  return codes;
}
