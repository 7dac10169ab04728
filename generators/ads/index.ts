/**
 * fast-check generators for the advertising interface (ads-api-accounts-campaigns.md):
 * valid parameter sets and bodies, one-rule-broken mutations naming their rule,
 * batches with a poisoned item, id lists around the 200 limit, and a command model
 * of campaigns and line items.
 */
export * from './constants.ts';
export * from './parameter-rules.ts';
export * from './values.ts';
export * from './campaigns.ts';
export * from './line-items.ts';
export * from './lists.ts';
export * from './audience.ts';
export * from './accounts.ts';
export * from './batch.ts';
export * from './model.ts';
export type { Mutated } from '../builders.ts';
