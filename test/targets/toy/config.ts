// The toy domain's part of the config: target.toyApi (baseUrl and a secret token),
// limits.maxItems and fixtures.itemIds.
import type { ConfigFragment } from '../../../harness/domain/types.ts';
import type { ToySection } from './client.ts';

export interface ToyFixtures {
  itemIds?: string[];
}

export const toyConfig: ConfigFragment<ToySection> = {
  targetKey: 'toyApi',
  targetSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['baseUrl', 'token'],
    properties: {
      baseUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
      token: { $ref: '#/$defs/secret' },
    },
  },
  fixtures: { itemIds: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'items that exist on the target' } },
  limits: { maxItems: { type: 'integer', minimum: 1, description: 'the most items the target keeps' } },
  parse(section, { secret }) {
    const s = section as { baseUrl: string; token: string };
    return { baseUrl: s.baseUrl.replace(/\/+$/, ''), token: secret(s.token, 'token') };
  },
  address: (c) => c.baseUrl,
};
