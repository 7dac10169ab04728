// JPEG (ITU T.81), baseline, one 8-bit component of mid grey: every 8x8 block is a DC difference
// of 0 and an end of block, coded with one-code Huffman tables ("00" each), so the scan is zero
// bits. Padding is COM segments between the frame header and the scan.
import { type Encoder, FILLER, MediaSpecError, paddingFor, u16be } from './types.ts';

const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
const COM_MAX = 0xffff - 2;
/** a COM segment's marker and length */
const COM_OVERHEAD = 4;

/** one table class/id, the counts of codes of each length 1..16, and the symbols */
function huffmanTable(classAndId: number, symbol: number): Buffer {
  const counts = Buffer.alloc(16);
  counts[1] = 1; // one code of length 2: "00"
  return Buffer.concat([Buffer.from([classAndId]), counts, Buffer.from([symbol])]);
}

/** COM segments of `pad` bytes in all (none of 1 to 3 bytes can be made), written into `out` from `at` */
function writeComments(out: Buffer, at: number, pad: number): void {
  out.fill(FILLER, at, at + pad);
  let left = pad;
  while (left > 0) {
    let size = Math.min(left, COM_MAX + COM_OVERHEAD);
    if (left - size > 0 && left - size < COM_OVERHEAD) size -= COM_OVERHEAD;
    out[at] = 0xff;
    out[at + 1] = 0xfe;
    out.writeUInt16BE(size - 2, at + 2);
    at += size;
    left -= size;
  }
}

export const jpeg: Encoder = (width, height, bytes) => {
  if (width > 0xffff || height > 0xffff) throw new MediaSpecError('a jpeg is at most 65535 pixels each way');
  const jfif = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const dqt = segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const sof = segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])]));
  const dht = segment(0xc4, Buffer.concat([huffmanTable(0x00, 0), huffmanTable(0x10, 0)]));
  const sos = segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // 4 zero bits a block; the last byte's unused bits are ones
  const scan = Buffer.alloc(Math.ceil(blocks / 2));
  if (blocks % 2 === 1) scan[scan.length - 1] = 0x0f;
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, dqt, sof, dht]);
  const tail = Buffer.concat([sos, scan, Buffer.from([0xff, 0xd9])]);
  const pad = paddingFor('jpeg', head.length + tail.length, bytes, COM_OVERHEAD);
  // one buffer written in place: a padding of megabytes is not copied segment by segment
  const out = Buffer.allocUnsafe(head.length + pad + tail.length);
  head.copy(out, 0);
  writeComments(out, head.length, pad);
  tail.copy(out, head.length + pad);
  return out;
};
