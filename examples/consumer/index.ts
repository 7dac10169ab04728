// A small webhook consumer for the Data API's callbacks (CRC + signed events), with its faults.
// It uses node: modules only, so it can be copied out of this project as it is.

export type { ConsumerFault, ConsumerFaultInfo } from './faults.ts';
export { CONSUMER_FAULTS, DEDUP_TTL_FAULT_MS } from './faults.ts';
export type { ExampleConsumer, ExampleConsumerOptions } from './server.ts';
export { startExampleConsumer } from './server.ts';
export { crcResponseToken } from './crc.ts';
export { SIGNATURE_HEADER, signBody, signatureMatches } from './signature.ts';
