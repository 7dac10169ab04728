// The media the receiver serves (TARGET-CONTRACT §3b, hosted media): files of a known type,
// dimensions and size, generated here, never downloaded.
import { bmp } from './bmp.ts';
import { gif } from './gif.ts';
import { jpeg } from './jpeg.ts';
import { png } from './png.ts';
import { type Encoder, type MediaSpec, MediaSpecError, type MediaType } from './types.ts';
import { webp } from './webp.ts';

export { type MediaSpec, MediaSpecError, type MediaType } from './types.ts';

interface Kind {
  encode: Encoder;
  contentType: string;
  extension: string;
}

export const MEDIA_KINDS: Readonly<Record<MediaType, Kind>> = {
  png: { encode: png, contentType: 'image/png', extension: 'png' },
  jpeg: { encode: jpeg, contentType: 'image/jpeg', extension: 'jpg' },
  gif: { encode: gif, contentType: 'image/gif', extension: 'gif' },
  webp: { encode: webp, contentType: 'image/webp', extension: 'webp' },
  bmp: { encode: bmp, contentType: 'image/bmp', extension: 'bmp' },
};

/** the most bytes a file may be asked to have (a run holds the files it serves) */
export const MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** the file of `spec`; throws a MediaSpecError when it cannot be made */
export function makeMedia(spec: MediaSpec): Buffer {
  const kind = MEDIA_KINDS[spec.type];
  if (!kind) throw new MediaSpecError(`no media of type ${String(spec.type)}`);
  for (const [k, v] of [
    ['width', spec.width],
    ['height', spec.height],
  ] as const)
    if (!Number.isInteger(v) || v < 1) throw new MediaSpecError(`${k} must be a whole number of pixels, at least 1: ${v}`);
  if (spec.bytes !== undefined && (!Number.isInteger(spec.bytes) || spec.bytes < 1 || spec.bytes > MEDIA_MAX_BYTES))
    throw new MediaSpecError(`bytes must be a whole number from 1 to ${MEDIA_MAX_BYTES}: ${spec.bytes}`);
  const file = kind.encode(spec.width, spec.height, spec.bytes);
  if (spec.bytes !== undefined && file.length !== spec.bytes)
    throw new Error(`the ${spec.type} encoder made ${file.length} bytes, not ${spec.bytes}`);
  return file;
}
