// The toy domain, written for the engine tests and never registered: its config fragment, its
// resources, its grants and its one suite "toy". Tests hand it to conform() directly.
import type { Domain } from '../../../harness/domain/types.ts';
import { bindChecks } from '../../../harness/engine/rules.ts';
import { isJsonObject, requireAnswer, startCheck } from '../../../harness/engine/session.ts';
import { TOY_DOC, TOY_RULES } from './catalogue.ts';
import { toyChecks } from './checks.ts';
import { ToyClient, type ToySection } from './client.ts';
import { toyConfig } from './config.ts';
import { toyGrants } from './grants.ts';

/** What a toy check gets as ctx.api. */
export interface ToyApi {
  client: ToyClient;
  /** set by grants: the item limit, when known */
  maxItems?: number;
  itemIds: string[];
}

export const toySuite = bindChecks<ToyApi>('toy', TOY_RULES, toyChecks);

export const toyDomain: Domain<ToySection, ToyApi> = {
  name: 'toy',
  suites: [{ name: 'toy', doc: TOY_DOC, rules: toySuite }],
  config: toyConfig,
  resources: [
    { id: 'toy.items', description: 'the items of the toy service (exclusive when a rule counts them all)' },
    { id: 'toy.clock', description: "the toy service's clock" },
    { id: 'toy.events', description: 'callbacks the toy service sends on demand' },
  ],
  async open(env) {
    const client = new ToyClient(env.http, env.section);
    const api: ToyApi = { client, itemIds: [] };
    const what = `the toy API at ${env.section.baseUrl}`;
    await startCheck(what, async () => requireAnswer(what, 'GET /toy/items', await client.call('GET', '/items'), (r) => isJsonObject(r)));
    return {
      api,
      grants(control) {
        const g = toyGrants(env.config, control);
        api.maxItems = g.maxItems;
        api.itemIds = g.itemIds;
        return g;
      },
      checkpoint: () => client.checkpoint(),
      cleanup: (mark) => client.cleanup(mark as ReadonlySet<string> | undefined),
      afterReset: () => client.forgetAll(),
      async close() {},
    };
  },
};
