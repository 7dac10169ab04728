// A target without the control API (a vendor sandbox) names its posts in the config's fixtures
// (TARGET-CONTRACT §4): the field-selection rules then check presence and documented types,
// still catch the faults, and say which fixture key is missing when one is.
import { afterEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { runConform } from '../../../cli/app.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import type { DataApiFixtures } from '../../../config/data-api/index.ts';
import { parseConfig } from '../../../harness/config-loader/load.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { type LocalRun, startLocalTarget } from '../../../harness/engine/local-target.ts';
import { ControlClient } from '../../../harness/target/control.ts';
import { HttpClient } from '../../../harness/target/http.ts';
import { tweetWorld } from '../../../generators/data-api/fields.ts';
import { embeddedReference as embedded } from '../../../domains/reference.ts';
import { DataControl } from '../../../suites/data-api/client/control.ts';
import { TEST_SEED } from '../../runners/run-local.ts';

const embeddedReference = embedded();
const referenceWith = (fault: string) => embedded({ fault });

let local: LocalRun | undefined;
afterEach(async () => {
  await local?.close();
  local = undefined;
});

/** Starts a target, puts posts on it through its control API, and returns a config that has no control but fixtures. */
async function sandbox(factory: LocalTargetFactory, fixtures: (world: { posts: Record<string, unknown>[] }) => DataApiFixtures) {
  local = await startLocalTarget(factory, { withReceiver: false });
  const [world] = fc.sample(tweetWorld(), { seed: 5, numRuns: 1 });
  const { control, ...target } = local.target as { control: { baseUrl: string; token: string } };
  const http = new HttpClient({ timeoutMs: 5000 });
  await new DataControl(new ControlClient(http, control)).posts(JSON.parse(JSON.stringify(world)));
  await http.close();
  const config = parseConfig(
    {
      target: { ...target, name: 'sandbox without control' },
      fixtures: fixtures(world as unknown as { posts: Record<string, unknown>[] }),
    },
    '.',
    {},
    DOMAINS,
  );
  return runConform({ config, rules: ['FS-*'], seed: TEST_SEED, runs: 10 });
}

const described = (world: { posts: Record<string, unknown>[] }): DataApiFixtures => {
  const p = world.posts[0];
  const fields = ['author_id', 'created_at', 'lang', 'public_metrics', 'attachments', 'possibly_sensitive'].filter((f) => f in p);
  return {
    posts: [
      { id: p.id as string, fields, mediaKeys: (p.attachments as { media_keys: string[] }).media_keys, mediaFields: ['public_metrics'] },
    ],
  };
};

describe('field selection on fixtures', () => {
  test('posts named with their fields and media: every field rule runs and passes', async () => {
    const out = await sandbox(embeddedReference, described);
    for (const r of out.report.rules) expect(r.status, `${r.id}: ${r.reason}`).toBe(r.level === 'MUST' ? 'passed' : 'observed');
  });

  test('faults are still caught on fixtures', async () => {
    for (const [fault, rule] of [
      ['tweet-fields-first-only', 'FS-002'],
      ['media-fields-ignored', 'FS-004'],
      ['tweets-all-fields-default', 'FS-001'],
    ] as const) {
      const out = await sandbox(referenceWith(fault), described);
      expect(out.report.rules.find((r) => r.id === rule)?.status, fault).toBe('failed');
      await local?.close();
      local = undefined;
    }
  });

  test('only post ids: the rules that need fields or media are not checkable and name the fixture key', async () => {
    const out = await sandbox(embeddedReference, (w) => ({ postIds: [w.posts[0].id as string] }));
    const by = new Map(out.report.rules.map((r) => [r.id, r]));
    expect(by.get('FS-001')?.status).toBe('passed');
    expect(by.get('FS-005')?.status).toBe('passed');
    expect(by.get('FS-002')).toMatchObject({ status: 'not-checkable' });
    expect(by.get('FS-002')!.reason).toMatch(/fixtures\.posts\[\]\.fields/);
    expect(by.get('FS-003')!.reason).toMatch(/fixtures\.posts\[\]\.mediaKeys/);
  });
});
