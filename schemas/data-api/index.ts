/**
 * JSON Schemas (2020-12) of the Data API v2 webhook, replay, error and post
 * payloads, as stated by the document data-api-webhooks-replay.md.
 *
 * The schema files live in ./data-api/*.json; each has a `$id` of the form
 * https://conform.test/schemas/data-api/<name>.json. They are read from disk
 * and compiled once, on first use, with Ajv2020 + ajv-formats.
 */
import { createSchemaRegistry, type ValidationResult } from '../schema-set.ts';

export type { ValidationResult } from '../schema-set.ts';

export const SCHEMA_ID_BASE = 'https://conform.test/schemas/data-api/';

/** The 17 problem kinds of the document's table (about:blank is not a kind). */
export const PROBLEM_KINDS = [
  'client-disconnected',
  'client-forbidden',
  'conflict',
  'disallowed-resource',
  'duplicate-rules',
  'invalid-request',
  'invalid-rules',
  'noncompliant-rules',
  'not-authorized-for-field',
  'not-authorized-for-resource',
  'operational-disconnect',
  'resource-not-found',
  'resource-unavailable',
  'rule-cap',
  'streaming-connection',
  'unsupported-authentication',
  'usage-capped',
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export type ProblemSchemaName = `problem-${ProblemKind}`;

/** Base names of the files in schemas/data-api/. */
export type SchemaName =
  | 'webhook-config'
  | 'webhook-create-request'
  | 'webhook-create-response'
  | 'webhook-list-response'
  | 'webhook-delete-response'
  | 'webhook-put-response'
  | 'replay-request'
  | 'replay-job'
  | 'error'
  | 'problem'
  | ProblemSchemaName
  | 'post'
  | 'media'
  | 'user'
  | 'includes'
  | 'tweets-response'
  | 'crc-response';

export const SCHEMA_NAMES: readonly SchemaName[] = [
  'webhook-config',
  'webhook-create-request',
  'webhook-create-response',
  'webhook-list-response',
  'webhook-delete-response',
  'webhook-put-response',
  'replay-request',
  'replay-job',
  'error',
  'problem',
  ...PROBLEM_KINDS.map((k): ProblemSchemaName => `problem-${k}`),
  'post',
  'media',
  'user',
  'includes',
  'tweets-response',
  'crc-response',
];

export interface ProblemValidationResult extends ValidationResult {
  /** The kind named by `type` ('about:blank' or a documented kind), when recognised. */
  kind?: string;
}

const registry = createSchemaRegistry<SchemaName>({
  dir: new URL('./', import.meta.url),
  idBase: SCHEMA_ID_BASE,
  names: SCHEMA_NAMES,
  label: 'schemas/data-api',
});

/** Validates `value` against schemas/data-api/<name>.json. */
export function validate(name: SchemaName, value: unknown): ValidationResult {
  return registry.validate(name, value);
}

function isProblemKind(kind: string): kind is ProblemKind {
  return (PROBLEM_KINDS as readonly string[]).includes(kind);
}

/** Removes trailing slashes so that base + '/2/problems/...' has exactly one slash. */
export function normalizeProblemTypeBase(problemTypeBase: string): string {
  return problemTypeBase.replace(/\/+$/, '');
}

/**
 * The kind a Problem `type` names: 'about:blank', one of PROBLEM_KINDS when the
 * type is exactly `{problemTypeBase}/2/problems/<kind>`, otherwise undefined.
 */
export function problemKind(type: string, problemTypeBase: string): string | 'about:blank' | undefined {
  if (type === 'about:blank') return 'about:blank';
  const prefix = `${normalizeProblemTypeBase(problemTypeBase)}/2/problems/`;
  if (!type.startsWith(prefix)) return undefined;
  const kind = type.slice(prefix.length);
  return isProblemKind(kind) ? kind : undefined;
}

/**
 * Checks a Problem body: the base Problem schema, the form of `type` (about:blank
 * or the configured base + /2/problems/<documented kind>) and the added fields
 * of that kind.
 */
export function validateProblem(body: unknown, problemTypeBase: string): ProblemValidationResult {
  const base = validate('problem', body);
  const errors = [...base.errors];
  const type = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).type : undefined;
  if (typeof type !== 'string') return { ok: false, errors };

  const kind = problemKind(type, problemTypeBase);
  if (kind === undefined) {
    const prefix = `${normalizeProblemTypeBase(problemTypeBase)}/2/problems/`;
    errors.push(
      `/type: ${JSON.stringify(type)} is neither "about:blank" nor ${JSON.stringify(prefix)} followed by a documented problem kind`,
    );
    return { ok: false, errors };
  }
  if (kind !== 'about:blank' && isProblemKind(kind)) {
    for (const line of validate(`problem-${kind}`, body).errors) {
      if (!errors.includes(line)) errors.push(line);
    }
  }
  return { ok: errors.length === 0, kind, errors };
}
