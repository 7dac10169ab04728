// What a media file the receiver serves is: its type, its dimensions in pixels and, when asked, its
// exact size in bytes (the encoders pad a file to reach it).

/** the image types the receiver can make; `bmp` is there for a type a target is to refuse */
export type MediaType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

export interface MediaSpec {
  type: MediaType;
  /** pixels, at least 1 */
  width: number;
  /** pixels, at least 1 */
  height: number;
  /** the file's exact size in bytes; the smallest file of that type and dimensions when absent */
  bytes?: number;
}

/** an encoder: the file of the given dimensions, padded to `bytes` (throws a RangeError when it cannot be made so) */
export type Encoder = (width: number, height: number, bytes?: number) => Buffer;

/** thrown when a file of the asked type, dimensions and size cannot be made */
export class MediaSpecError extends RangeError {}

/** the padding a file needs to reach `bytes` from `natural` (0 when no size is asked); throws when it would have to shrink */
export function paddingFor(type: string, natural: number, bytes: number | undefined, minPad: number): number {
  if (bytes === undefined || bytes === natural) return 0;
  const pad = bytes - natural;
  if (pad < minPad)
    throw new MediaSpecError(
      `a ${type} of these dimensions takes ${natural} bytes at least, ${natural + minPad} with padding: ${bytes} cannot be made`,
    );
  return pad;
}

export function u16be(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

export function u32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export function u16le(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

export function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

/** the byte padding is made of (printable, so that a comment chunk stays text) */
export const FILLER = 0x2e;

/** a filler of `n` bytes */
export const filler = (n: number): Buffer => Buffer.alloc(n, FILLER);
