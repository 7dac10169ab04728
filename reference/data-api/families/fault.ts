// One fault of the Data API part: a deliberate deviation from one documented rule, naming the
// harness rule ids it is meant to fail. A family fault (mutation) is one the host applies on the wire.
import type { Fault, Mutation } from '../../host/types.ts';

export function dataApiFault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'data-api', description, breaks };
}

/** a family fault of the Data API part (host/mutations.ts): `routes` as mounted ("GET /2/webhooks") */
export function dataApiMutation<I extends string>(
  id: I,
  description: string,
  breaks: string[],
  routes: readonly string[],
  m: Omit<Mutation, 'routes'>,
): Fault<I> {
  return { id, domain: 'data-api', description, breaks, mutation: { ...m, routes } };
}
