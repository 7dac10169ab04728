// One fault of the ads part: a deliberate deviation from one documented rule, naming the harness
// rule ids it is meant to fail.
import type { Fault } from '../../host/types.ts';

export function fault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'ads', suite: 'ads', description, breaks };
}

/** a fault of the catalog document (ads-api-catalog-cards.md): the catalog suite's rules */
export function catalogFault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'ads', suite: 'catalog', description, breaks };
}
