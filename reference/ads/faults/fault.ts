// One fault of the ads part: a deliberate deviation from one documented rule, naming the harness
// rule ids it is meant to fail. A family fault (mutation) is one the host applies on the wire.
import type { Fault, Mutation } from '../../host/types.ts';
import { SANDBOX_PREFIX } from '../sandbox-prefix.ts';

export function fault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'ads', suite: 'ads', description, breaks };
}

/** a fault of the catalog document (ads-api-catalog-cards.md): the catalog suite's rules */
export function catalogFault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'ads', suite: 'catalog', description, breaks };
}

/**
 * A family fault of the ads part (host/mutations.ts): `routes` as the document writes them,
 * relative to the version segment ("GET /accounts/:account_id"), rewritten on the production and
 * the sandbox address alike.
 */
export function adsMutation<I extends string>(
  suite: 'ads' | 'catalog',
  id: I,
  description: string,
  breaks: string[],
  routes: readonly string[],
  m: Omit<Mutation, 'routes'>,
  version = '12',
): Fault<I> {
  const mounted = routes.flatMap((r) => {
    const [method, path] = r.split(' ');
    return [`${method} /${version}${path}`, `${method} ${SANDBOX_PREFIX}/${version}${path}`];
  });
  return { id, domain: 'ads', suite, description, breaks, mutation: { ...m, routes: mounted } };
}
