// A run from a config file (configFile) against a toy service the test started: the toy domain's
// section, fixtures and limits join the engine's schema; a bad file stops the run with a
// StartError naming the key, before any rule runs.
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { StartError } from '../../../harness/config-loader/errors.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toySection, toyTarget } from '../../targets/toy/factory.ts';
import { removeTempDirs, tempDir, writeJson } from '../../targets/toy/files.ts';
import { startToyService, type ToyOptions, type ToyService } from '../../targets/toy/service.ts';

/** every sound rule but the receiver's: a config run's receiver listens where this service cannot know */
const RULES = ['TOY-LIST-001', 'TOY-CREATE-*', 'TOY-GET-001', 'TOY-LIM-001', 'TOY-CLOCK-001', 'TOY-FIX-001', 'TOY-OBS-001', 'TOY-PROP-001'];
const ENV = 'CONFORM_TOY_TEST_TOKEN';

let s: ToyService;
afterEach(async () => {
  await s?.close();
  delete process.env[ENV];
});
afterAll(removeTempDirs);

async function serve(opts: ToyOptions = {}): Promise<ToyService> {
  s = await startToyService(opts);
  return s;
}

const configFile = (doc: unknown) => writeJson(tempDir(), 'toy.json', doc);
/** a run from `file` (the toy target given is never started) */
const runFile = (file: string, rules?: string[]) => runToy(toyTarget(), { configFile: file, rules });

describe('a config file run', () => {
  test('runs the toy rules against the service it names; fixtures make the fixture rule checkable; the report shows name and address', async () => {
    await serve({ fixtureIds: ['f1'] });
    const out = await runFile(configFile({ target: toySection(s, 'toy from a file'), fixtures: { itemIds: ['f1'] } }), RULES);
    expect(out.report.target).toEqual({ name: 'toy from a file', toyApi: s.baseUrl });
    expect(out.report.rules.filter((r) => r.status !== 'passed').map((r) => [r.id, r.status])).toEqual([['TOY-OBS-001', 'observed']]);
    expect(out.exitCode).toBe(0);
  });

  test('secrets may be read from the environment ("env:NAME"); every secret is remembered for redaction', async () => {
    await serve();
    process.env[ENV] = s.token;
    const out = await runFile(configFile({ target: { ...toySection(s), toyApi: { baseUrl: s.baseUrl, token: `env:${ENV}` } } }), [
      'TOY-LIST-001',
    ]);
    expect(out.byId.get('TOY-LIST-001')!.status).toBe('passed');
    expect(out.secrets.sort()).toEqual([s.token, s.controlToken].sort());
  });

  test('without target.control, limits.maxItems in the file grants the limit; the clock stays not checkable', async () => {
    await serve();
    const doc = { target: { name: 'no control', toyApi: { baseUrl: s.baseUrl, token: s.token } }, limits: { maxItems: 3 } };
    const out = await runFile(configFile(doc), ['TOY-LIM-001', 'TOY-CLOCK-001']);
    expect(out.byId.get('TOY-LIM-001')!.status).toBe('passed');
    expect(out.byId.get('TOY-CLOCK-001')!.status).toBe('not-checkable');
  });

  test.each([
    [{ colour: 'blue' }, /^config: unknown key "colour"/],
    [{ limits: { maxItem: 3 } }, /^config: unknown key "limits\.maxItem" \(allowed here: .*maxItems/],
    [{ fixtures: { itemId: ['f1'] } }, /^config: unknown key "fixtures\.itemId" \(allowed here: itemIds\)/],
  ])('an unknown key stops the run with a StartError naming it, before any request: %j', async (extra, message) => {
    await serve();
    const file = configFile({ target: toySection(s), ...extra });
    await expect(runFile(file)).rejects.toThrow(message);
    await expect(runFile(file)).rejects.toBeInstanceOf(StartError);
    expect(s.log).toEqual([]);
  });

  test('an unknown key inside the toy section is named with its path', async () => {
    await serve();
    const file = configFile({ target: { name: 'x', toyApi: { baseUrl: s.baseUrl, token: 't0ken', bearer: 'b' } } });
    await expect(runFile(file)).rejects.toThrow(/^config: unknown key "target\.toyApi\.bearer" \(allowed here: baseUrl, token\)/);
  });

  test('a missing secret, an unset env var and a wrong token each stop the run with one line', async () => {
    await serve();
    const toyApi = (token?: string) => configFile({ target: { name: 'x', toyApi: { baseUrl: s.baseUrl, ...(token ? { token } : {}) } } });
    await expect(runFile(toyApi())).rejects.toThrow(/^config: missing required key "target\.toyApi\.token"/);
    await expect(runFile(toyApi(`env:${ENV}`))).rejects.toThrow(`config key "target.toyApi.token" reads env var ${ENV}, which is not set`);
    await expect(runFile(toyApi('not-the-token'))).rejects.toThrow(
      `the toy API at ${s.baseUrl} did not answer GET /toy/items as documented: 401 application/json`,
    );
  });

  test('a service that is not there: the run stops, naming the toy API as unreachable', async () => {
    await serve();
    const file = configFile({ target: toySection(s) });
    await s.close();
    await expect(runFile(file)).rejects.toThrow(new RegExp(`^the toy API at ${s.baseUrl} is unreachable: `));
  });
});
