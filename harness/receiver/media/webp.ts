// WebP: a lossless (VP8L) bitstream whose five prefix codes each have one symbol, so every pixel
// (opaque mid grey) takes no bits. Padding turns it into the extended format (a VP8X header with
// the canvas size) with an unknown chunk at the end; a RIFF file's size is even.
import { type Encoder, MediaSpecError, filler, paddingFor, u32le } from './types.ts';

const VP8X_SIZE = 18;
const CHUNK_OVERHEAD = 8;

/** bits written least significant first */
class Bits {
  private readonly bytes: number[] = [];
  private bit = 0;
  put(value: number, count: number): void {
    for (let i = 0; i < count; i++, this.bit++) {
      if ((this.bit & 7) === 0) this.bytes.push(0);
      if ((value >> i) & 1) this.bytes[this.bytes.length - 1] |= 1 << (this.bit & 7);
    }
  }
  done(): Buffer {
    return Buffer.from(this.bytes);
  }
}

function vp8l(width: number, height: number): Buffer {
  const b = new Bits();
  b.put(0x2f, 8);
  b.put(width - 1, 14);
  b.put(height - 1, 14);
  b.put(0, 1); // alpha is not used
  b.put(0, 3); // version
  b.put(0, 1); // no transform
  b.put(0, 1); // no colour cache
  b.put(0, 1); // no meta prefix codes
  // green, red, blue, alpha, distance: a simple code of one 8-bit symbol each
  for (const symbol of [128, 128, 128, 255, 0]) {
    b.put(1, 1); // simple code
    b.put(0, 1); // one symbol
    b.put(1, 1); // of 8 bits
    b.put(symbol, 8);
  }
  return b.done();
}

function chunk(fourcc: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(fourcc, 'latin1'),
    u32le(data.length),
    data,
    data.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0),
  ]);
}

const riff = (chunks: Buffer[]): Buffer => {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
};

const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);

export const webp: Encoder = (width, height, bytes) => {
  if (width > 16384 || height > 16384) throw new MediaSpecError('a lossless webp is at most 16384 pixels each way');
  const image = chunk('VP8L', vp8l(width, height));
  const simple = riff([image]);
  const pad = paddingFor('webp', simple.length, bytes, VP8X_SIZE + CHUNK_OVERHEAD);
  if (pad === 0) return simple;
  const filling = pad - VP8X_SIZE - CHUNK_OVERHEAD;
  if (filling % 2 === 1) throw new MediaSpecError(`a webp has an even size: ${bytes} cannot be made`);
  const vp8x = chunk('VP8X', Buffer.concat([Buffer.alloc(4), u24le(width - 1), u24le(height - 1)]));
  return riff([vp8x, image, chunk('PADD', filler(filling))]);
};
