/**
 * A set of JSON Schemas (2020-12) of one domain, read from one folder and compiled
 * once, on first use, with Ajv2020 + ajv-formats. Every file's `$id` must be
 * `<idBase><file name>`, so that files refer to each other by relative `$ref`.
 *
 * schemas/data-api/index.ts (Data API) and schemas/ads/index.ts (Advertising API) are two
 * instances; the messages are the same for both: "<instance path>: <message>".
 */
import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

// ajv and ajv-formats are CommonJS; under nodenext the default import is the
// module object, whose `default` member is the class / plugin (also at run time).
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export interface ValidationResult {
  ok: boolean;
  errors: string[];
}

export interface SchemaRegistry<N extends string> {
  /** Validates `value` against `<dir>/<name>.json`. */
  validate(name: N, value: unknown): ValidationResult;
}

export interface SchemaRegistryOptions<N extends string> {
  /** the folder of the .json files (a file: URL ending in '/') */
  dir: URL;
  /** e.g. https://conform.test/schemas/ads/ */
  idBase: string;
  /** the names `validate` accepts; each must be a file of `dir` (other files may be shared $defs) */
  names: readonly N[];
  /** how error messages name the folder, e.g. "schemas/ads" */
  label: string;
}

function formatError(e: ErrorObject): string {
  const path = e.instancePath === '' ? '(root)' : e.instancePath;
  let message = e.message ?? e.keyword;
  if (e.keyword === 'enum') {
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    if (allowed) message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (e.keyword === 'additionalProperties') {
    message = `${message} (${String((e.params as { additionalProperty?: string }).additionalProperty)})`;
  }
  return `${path}: ${message}`;
}

/** the lines formatErrors keeps; a hostile answer (an array of 500 000 wrong items) has as many errors */
export const MAX_ERROR_LINES = 50;

/**
 * Ajv errors as "<instance path>: <message>" lines, without the `if`/`allOf` wrappers and repeats:
 * the first MAX_ERROR_LINES, then one line that says how many more there were.
 */
export function formatErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  const lines = new Set<string>();
  let more = 0;
  for (const e of errors ?? []) {
    // `if`/`allOf` wrappers only repeat what the nested errors already say.
    if (e.keyword === 'if' || e.keyword === 'allOf') continue;
    if (lines.size >= MAX_ERROR_LINES) {
      more++;
      continue;
    }
    lines.add(formatError(e));
  }
  return more ? [...lines, `… and ${more} more errors`] : [...lines];
}

export function createSchemaRegistry<N extends string>(options: SchemaRegistryOptions<N>): SchemaRegistry<N> {
  const { dir, idBase, names, label } = options;
  let validators: Map<N, ValidateFunction> | undefined;

  function load(): Map<N, ValidateFunction> {
    if (validators) return validators;
    // strict: false so that annotation keywords and the OpenAPI-style notes
    // ($comment, description, title) never stop compilation. Each file's validity as a 2020-12
    // schema is a test of the project's (test/schemas/meta-schema.test.ts), not work of every run.
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
    addFormats(ajv);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    for (const file of files) {
      const schema = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { $id?: string };
      const expected = idBase + file;
      if (schema.$id !== expected) {
        throw new Error(`${label}/${file}: $id is ${String(schema.$id)}, expected ${expected}`);
      }
      ajv.addSchema(schema);
    }
    const map = new Map<N, ValidateFunction>();
    for (const name of names) {
      const fn = ajv.getSchema(`${idBase}${name}.json`);
      if (!fn) throw new Error(`${label}/${name}.json is missing`);
      map.set(name, fn);
    }
    validators = map;
    return map;
  }

  return {
    validate(name: N, value: unknown): ValidationResult {
      const fn = load().get(name);
      if (!fn) return { ok: false, errors: [`(schema): unknown schema ${String(name)}`] };
      const ok = fn(value) === true;
      return { ok, errors: ok ? [] : formatErrors(fn.errors) };
    },
  };
}
