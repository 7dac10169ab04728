// What a fetched file is, read from its own bytes: its type by the signature it starts with
// (JPEG, GIF, WEBP, PNG; anything else is "other") and its dimensions from its header (a JPEG's
// frame header, a GIF's logical screen, a WebP's VP8, VP8L or VP8X header, a PNG's IHDR).

export type ImageType = 'jpeg' | 'gif' | 'webp' | 'png';

export interface Sniffed {
  type: ImageType | 'other';
  /** absent when the header cannot be read (a truncated or broken file) */
  width?: number;
  height?: number;
}

const startsWith = (b: Buffer, sig: number[] | string, at = 0) => {
  const s = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= at + s.length && b.subarray(at, at + s.length).equals(s);
};

/** the frame header (SOF0 to SOF15 but DHT, JPG and DAC) of a JPEG, walking its segments */
function jpegSize(b: Buffer): [number, number] | undefined {
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) return undefined;
    let m = b[p + 1];
    while (m === 0xff && p + 2 < b.length) m = b[++p + 1];
    if (m === 0xd8 || (m >= 0xd0 && m <= 0xd7) || m === 0x01) {
      p += 2;
      continue;
    }
    if (m === 0xd9 || m === 0xda) return undefined;
    const len = b.readUInt16BE(p + 2);
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      if (p + 9 > b.length) return undefined;
      return [b.readUInt16BE(p + 7), b.readUInt16BE(p + 5)];
    }
    p += 2 + len;
  }
  return undefined;
}

function webpSize(b: Buffer): [number, number] | undefined {
  const fourcc = b.subarray(12, 16).toString('latin1');
  if (fourcc === 'VP8X' && b.length >= 30) return [b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1];
  if (fourcc === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  // a lossy key frame: its start code, then 14-bit width and height
  if (fourcc === 'VP8 ' && b.length >= 30 && startsWith(b, [0x9d, 0x01, 0x2a], 23))
    return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  return undefined;
}

function sizeOf(type: ImageType, b: Buffer): [number, number] | undefined {
  switch (type) {
    case 'png':
      return b.length >= 24 && b.subarray(12, 16).toString('latin1') === 'IHDR' ? [b.readUInt32BE(16), b.readUInt32BE(20)] : undefined;
    case 'gif':
      return b.length >= 10 ? [b.readUInt16LE(6), b.readUInt16LE(8)] : undefined;
    case 'webp':
      return webpSize(b);
    case 'jpeg':
      return jpegSize(b);
  }
}

function typeOf(b: Buffer): ImageType | 'other' {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a')) return 'gif';
  if (startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8)) return 'webp';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  return 'other';
}

export function sniff(b: Buffer): Sniffed {
  const type = typeOf(b);
  if (type === 'other') return { type };
  const size = sizeOf(type, b);
  return size ? { type, width: size[0], height: size[1] } : { type };
}
