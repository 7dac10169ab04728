// The Data API's side of the callback receiver: CRC answers, event signatures and the callback
// behaviours a rule chooses (hook.ts), on the generic receiver of harness/receiver/.

export {
  dataHook,
  signatureInspector,
  type CallbackSecrets,
  type CrcBehaviour,
  type DataHook,
  type EventBehaviour,
} from './hook.ts';
export {
  SIGNATURE_HEADER,
  correctToken,
  crcAnswer,
  signatureFor,
  swapCase,
  verifySignature,
  wrongSecret,
  type CrcAnswer,
  type CrcSecrets,
} from './crc-answer.ts';
export type { InboundRequest } from '../../../harness/receiver/index.ts';
