/**
 * fast-check generators for the Data API v2 conformance suites.
 */
export type { Mutated } from '../builders.ts';
export * from './crc.ts';
export * from './urls.ts';
export * from './ids.ts';
export * from './replay.ts';
export * from './fields.ts';
