// Every JSON Schema of the project is a valid 2020-12 schema. The runs compile them without
// checking that (schemas/schema-set.ts, harness/config-loader/schema-check.ts): this test does.
import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
const ROOT = new URL('../../', import.meta.url);

/** the schema files of a folder (`only`: those whose name ends so) */
function schemasIn(dir: string, only = '.json'): URL[] {
  return readdirSync(new URL(dir, ROOT))
    .filter((f) => f.endsWith(only))
    .map((f) => new URL(`${dir}${f}`, ROOT));
}

/** the folders of a folder: one per domain (a domain added is checked too) */
const foldersIn = (dir: string): string[] =>
  readdirSync(new URL(dir, ROOT), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}${e.name}/`);

const FILES = [
  ...foldersIn('schemas/').flatMap((d) => schemasIn(d)),
  ...schemasIn('config/', '.schema.json'),
  ...foldersIn('config/').flatMap((d) => schemasIn(d, '.schema.json')),
];

describe('the project’s JSON Schemas', () => {
  test('every folder holds some', () => {
    expect(FILES.length).toBeGreaterThan(80);
  });

  test.each(FILES.map((f) => [f.pathname.slice(ROOT.pathname.length), f] as const))('%s is a valid 2020-12 schema', (_, file) => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const ok = ajv.validateSchema(JSON.parse(readFileSync(file, 'utf8')));
    expect(ajv.errorsText(ajv.errors), String(file)).toBe('No errors');
    expect(ok).toBe(true);
  });
});
