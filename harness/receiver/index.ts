// The callback receiver: see types.ts and TARGET-CONTRACT §2.

export type {
  CrcBehaviour,
  EventBehaviour,
  Hook,
  InboundRequest,
  Receiver,
  ReceiverOptions,
} from './types.ts';
export { startReceiver } from './receiver.ts';
export { createCertificate, loadCertificate, type TlsMaterial } from './cert.ts';
export {
  SIGNATURE_HEADER,
  correctToken,
  crcAnswer,
  signatureFor,
  verifySignature,
  wrongSecret,
  type CrcAnswer,
  type CrcSecrets,
} from './crc-answer.ts';
