// The callback receiver: see types.ts and TARGET-CONTRACT §2. It knows no API; what a hook answers
// and what it checks on each request are given by the caller (the Data API's are in
// suites/data-api/callbacks/).

export type {
  ArrivedRequest,
  CallbackAnswer,
  HoldAnswer,
  Hook,
  HookOptions,
  InboundRequest,
  Inspector,
  MediaFile,
  MediaOptions,
  Receiver,
  ReceiverFull,
  ReceiverOptions,
  Responder,
  SignatureVerdict,
} from './types.ts';
export { startReceiver } from './receiver.ts';
export { isHookUrl } from './paths.ts';
export { MEDIA_KINDS, type MediaSpec, MediaSpecError, type MediaType, makeMedia } from './media/index.ts';
export { createCertificate, loadCertificate, type TlsMaterial } from './cert.ts';
