// BMP (Windows bitmap), one bit a pixel, all of colour 0: a type none of the listed image types
// is. Padding is a gap between the palette and the pixels (the pixel offset says where they start).
import { type Encoder, paddingFor, u16le, u32le } from './types.ts';

const HEADERS = 14 + 40 + 8;

export const bmp: Encoder = (width, height, bytes) => {
  const row = Math.ceil(width / 32) * 4;
  const pixels = Buffer.alloc(row * height);
  const pad = paddingFor('bmp', HEADERS + pixels.length, bytes, 1);
  const offset = HEADERS + pad;
  const file = Buffer.concat([Buffer.from('BM', 'latin1'), u32le(offset + pixels.length), u32le(0), u32le(offset)]);
  const info = Buffer.concat([
    u32le(40),
    u32le(width),
    u32le(height),
    u16le(1), // planes
    u16le(1), // bits a pixel
    u32le(0), // no compression
    u32le(pixels.length),
    u32le(2835),
    u32le(2835),
    u32le(2), // colours in the palette
    u32le(0),
  ]);
  const palette = Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0]);
  return Buffer.concat([file, info, palette, Buffer.alloc(pad), pixels]);
};
