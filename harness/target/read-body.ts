// Reads an answer's body up to a byte limit and stops there: the rest is never read (the stream
// is destroyed), so a target that sends gigabytes costs at most `limit` bytes of memory.

export interface BoundedBody {
  bytes: Buffer;
  /** the body went on past `limit` bytes */
  truncated: boolean;
}

export async function readBounded(
  body: AsyncIterable<Uint8Array> & { destroy(err?: Error): unknown },
  limit: number,
): Promise<BoundedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const c = Buffer.from(chunk);
    if (size + c.length > limit) {
      chunks.push(c.subarray(0, limit - size));
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(c);
    size += c.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}
