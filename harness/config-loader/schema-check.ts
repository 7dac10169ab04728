// Validates a JSON document against a JSON Schema (a file in config/, or one assembled from the
// domains' fragments) and turns ajv's errors into one clear line that names the key.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const cache = new Map<string, ValidateFunction>();

function compiled(key: string, schema: () => object): ValidateFunction {
  let v = cache.get(key);
  if (!v) {
    // each schema's validity as a 2020-12 schema is a test (test/schemas/meta-schema.test.ts), not work of every run
    const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true, validateSchema: false });
    addFormats(ajv);
    v = ajv.compile(schema());
    cache.set(key, v);
  }
  return v;
}

function keyPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

function join(base: string, k: string): string {
  return base ? `${base}.${k}` : k;
}

function describe(e: ErrorObject): { rank: number; line: string } {
  const at = keyPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {}).join(', ');
      return { rank: 0, line: `unknown key "${join(at, String(p.additionalProperty))}"${allowed ? ` (allowed here: ${allowed})` : ''}` };
    }
    case 'required':
      return { rank: 1, line: `missing required key "${join(at, String(p.missingProperty))}"` };
    case 'enum':
      return { rank: 2, line: `"${at}" must be one of ${JSON.stringify(p.allowedValues)}` };
    case 'const':
      return { rank: 3, line: `"${at}" must be ${JSON.stringify(p.allowedValue)}` };
    case 'oneOf':
    case 'anyOf':
      return { rank: 9, line: `"${at}" matches none of its allowed forms` };
    default:
      return { rank: 2, line: `"${at || '(top level)'}" ${e.message ?? 'is invalid'}` };
  }
}

function firstProblem(v: ValidateFunction, doc: unknown): string | undefined {
  if (v(doc)) return undefined;
  const described = (v.errors ?? []).map(describe).sort((a, b) => a.rank - b.rank);
  // every problem at once, each once: a config is fixed in one go, not one run per problem
  const lines = [...new Set(described.map((d) => d.line))];
  if (lines.length === 0) return 'is invalid';
  return lines.length === 1 ? lines[0] : `${lines.length} problems: ${lines.join('; ')}`;
}

/** undefined when valid; otherwise one line naming the first offending key. */
export function schemaProblem(schemaFile: URL, doc: unknown): string | undefined {
  return firstProblem(
    compiled(schemaFile.href, () => JSON.parse(readFileSync(schemaFile, 'utf8')) as object),
    doc,
  );
}

/** The same for a schema built in memory; `key` names it in the cache (same key, same schema). */
export function schemaObjectProblem(key: string, schema: () => object, doc: unknown): string | undefined {
  return firstProblem(compiled(key, schema), doc);
}
