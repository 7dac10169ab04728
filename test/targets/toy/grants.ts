// What the toy target offers its rules: callbacks on demand (a control flag), the item limit
// (config limits or the control API) and fixture items (config only).
import type { RunConfig } from '../../../harness/config-loader/types.ts';
import type { Grants } from '../../../harness/domain/types.ts';
import { controlFlag } from '../../../harness/engine/capabilities.ts';
import type { ControlCapabilities } from '../../../harness/target/control.ts';
import type { ToyFixtures } from './config.ts';

export const NO_LIMIT = 'the toy documents leave the item limit open: set config key limits.maxItems';
export const NO_FIXTURES = 'the config names no fixture items: set config key fixtures.itemIds';

export interface ToyGrants extends Grants {
  maxItems?: number;
  itemIds: string[];
}

export function toyGrants(config: RunConfig, control: ControlCapabilities | undefined): ToyGrants {
  const fx = config.fixtures as ToyFixtures;
  const g: ToyGrants = { has: [], missing: {}, itemIds: fx.itemIds ?? [] };
  controlFlag(g, control, 'control.toyEvents', 'toyEvents');
  const fromControl = control?.limits.maxItems;
  g.maxItems = (config.limits.maxItems as number | undefined) ?? (typeof fromControl === 'number' ? fromControl : undefined);
  if (g.maxItems !== undefined) g.has.push('limit.maxItems');
  else g.missing['limit.maxItems'] = NO_LIMIT;
  if (g.itemIds.length) g.has.push('toy.fixtureItems');
  else g.missing['toy.fixtureItems'] = NO_FIXTURES;
  return g;
}
