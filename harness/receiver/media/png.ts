// PNG (ISO/IEC 15948): an IHDR of the dimensions, one-bit greyscale rows of zeros compressed with
// node:zlib, and IEND. Padding is a tEXt chunk ("Comment") between IHDR and IDAT, so that the
// dimensions stay in the first bytes.
import { crc32, deflateSync } from 'node:zlib';
import { type Encoder, filler, paddingFor, u32be } from './types.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** a chunk's length, type and CRC around its data */
const CHUNK_OVERHEAD = 12;
const KEYWORD = Buffer.from('Comment\0', 'latin1');

function chunk(type: string, data: Buffer): Buffer {
  const t = Buffer.from(type, 'latin1');
  return Buffer.concat([u32be(data.length), t, data, u32be(crc32(data, crc32(t)))]);
}

export const png: Encoder = (width, height, bytes) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // compression, filter and interlace methods 0
  const row = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(row * height));
  const head = Buffer.concat([SIGNATURE, chunk('IHDR', ihdr)]);
  const tail = Buffer.concat([chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
  const pad = paddingFor('png', head.length + tail.length, bytes, CHUNK_OVERHEAD + KEYWORD.length);
  if (pad === 0) return Buffer.concat([head, tail]);
  const text = chunk('tEXt', Buffer.concat([KEYWORD, filler(pad - CHUNK_OVERHEAD - KEYWORD.length)]));
  return Buffer.concat([head, text, tail]);
};
