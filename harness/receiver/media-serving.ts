// Answering a request for a media file: GET serves it whole, or one byte range of it (Range:
// bytes=a-b, a-, -n; any other Range is ignored, as HTTP allows); HEAD its headers; any other
// method 405. The answer waits the file's delay first; the request's record says when it began to
// be sent (`sendingAt`), and when the last byte had been handed to the connection, or the peer hung
// up first (`delivered`).
import type { ServerResponse } from 'node:http';
import type { MediaState } from './media-files.ts';
import type { InboundRequest } from './types.ts';

interface Part {
  status: 200 | 206 | 416;
  start: number;
  end: number;
}

/** the part of a file of `size` bytes a Range header asks for */
export function rangeOf(header: string | undefined, size: number): Part {
  const whole: Part = { status: 200, start: 0, end: size };
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return whole;
  if (m[1] === '') {
    const n = Number(m[2]);
    return n === 0 ? { status: 416, start: 0, end: 0 } : { status: 206, start: Math.max(0, size - n), end: size };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || last < start) return { status: 416, start: 0, end: 0 };
  return { status: 206, start, end: last + 1 };
}

function answer(
  m: MediaState,
  method: string,
  range: string | undefined,
): { status: number; headers: Record<string, string | number>; body: Buffer } {
  const size = m.file.length;
  const common = { 'cache-control': 'no-store', 'accept-ranges': 'bytes' };
  if (method !== 'GET' && method !== 'HEAD')
    return { status: 405, headers: { ...common, allow: 'GET, HEAD', 'content-length': 0 }, body: Buffer.alloc(0) };
  const part = rangeOf(range, size);
  if (part.status === 416)
    return { status: 416, headers: { ...common, 'content-range': `bytes */${size}`, 'content-length': 0 }, body: Buffer.alloc(0) };
  const body = m.file.subarray(part.start, part.end);
  const headers: Record<string, string | number> = { ...common, 'content-type': m.contentType, 'content-length': body.length };
  if (part.status === 206) headers['content-range'] = `bytes ${part.start}-${part.end - 1}/${size}`;
  return { status: part.status, headers, body };
}

/** the pending answers (their delay), ended when the receiver closes */
export class MediaAnswers {
  private readonly pending = new Set<NodeJS.Timeout>();

  /** answers `rec` (already recorded) after the file's delay; notes on `rec` how it ended */
  serve(m: MediaState, rec: InboundRequest, res: ServerResponse): void {
    const a = answer(m, rec.method, rec.headers.range);
    const settle = (complete: boolean): void => {
      if (rec.delivered) return;
      rec.delivered = { at: new Date().toISOString(), complete, bytes: complete ? a.body.length : 0 };
    };
    res.once('finish', () => settle(true));
    res.once('close', () => settle(res.writableFinished));
    const send = (): void => {
      if (res.destroyed || res.writableEnded) {
        settle(false);
        return;
      }
      rec.sendingAt = new Date().toISOString();
      try {
        res.writeHead(a.status, a.headers);
        res.end(a.body);
      } catch {
        res.destroy();
      }
    };
    if (m.delayMs === 0) {
      send();
      return;
    }
    const t = setTimeout(() => {
      this.pending.delete(t);
      send();
    }, m.delayMs);
    this.pending.add(t);
  }

  /** drops the answers still waiting (the receiver closes their connections) */
  close(): void {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }
}
