// GIF89a: a two-colour global table and one image of colour 0, LZW-coded at 3 bits a code with a
// clear code before every two pixels (so the code size never grows). Padding is comment
// extensions before the image.
import { type Encoder, MediaSpecError, filler, paddingFor, u16le } from './types.ts';

const CLEAR = 4;
const END = 5;
/** an empty comment extension: introducer, label, terminator */
const COMMENT_OVERHEAD = 3;

/** the LZW codes of `pixels` pixels of colour 0, packed 3 bits each, least significant bit first */
function lzw(pixels: number): Buffer {
  // CLEAR, 0, 0 for every two pixels (CLEAR, 0 for a last one alone), then END
  const codes = 3 * Math.floor(pixels / 2) + 2 * (pixels % 2) + 1;
  const out = Buffer.alloc(Math.ceil((codes * 3) / 8));
  const put = (code: number, at: number) => {
    for (let i = 0; i < 3; i++) if ((code >> i) & 1) out[(at + i) >> 3] |= 1 << ((at + i) & 7);
  };
  // a code 0 sets no bit: only the clear codes and the end are written
  let at = 0;
  for (let left = pixels; left > 0; left -= 2) {
    put(CLEAR, at);
    at += left > 1 ? 9 : 6;
  }
  put(END, at);
  return out;
}

/** data as sub-blocks of at most 255 bytes, then the terminator */
function subBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const piece = data.subarray(i, i + 255);
    parts.push(Buffer.from([piece.length]), piece);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/** a comment extension of exactly `size` bytes (3, or 5 and more) */
function comment(size: number): Buffer {
  const parts: Buffer[] = [Buffer.from([0x21, 0xfe])];
  let left = size - COMMENT_OVERHEAD;
  while (left > 0) {
    // sub-blocks of 2 to 256 bytes (a count and 1 to 255 bytes); none of 1 byte
    let size = Math.min(left, 256);
    if (left - size === 1) size -= 1;
    parts.push(Buffer.from([size - 1]), filler(size - 1));
    left -= size;
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

export const gif: Encoder = (width, height, bytes) => {
  if (width > 0xffff || height > 0xffff) throw new MediaSpecError('a gif is at most 65535 pixels each way');
  const screen = Buffer.concat([Buffer.from('GIF89a', 'latin1'), u16le(width), u16le(height), Buffer.from([0x80, 0, 0])]);
  const colours = Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]);
  const image = Buffer.concat([Buffer.from([0x2c]), u16le(0), u16le(0), u16le(width), u16le(height), Buffer.from([0, 2])]);
  const data = subBlocks(lzw(width * height));
  const head = Buffer.concat([screen, colours]);
  const tail = Buffer.concat([image, data, Buffer.from([0x3b])]);
  const pad = paddingFor('gif', head.length + tail.length, bytes, COMMENT_OVERHEAD);
  if (pad === 4)
    throw new MediaSpecError(`a gif of ${head.length + tail.length + 4} bytes cannot be made (a comment takes 3, or 5 and more)`);
  return Buffer.concat([head, ...(pad > 0 ? [comment(pad)] : []), tail]);
};
