// Hosted media (TARGET-CONTRACT §3b): the files the receiver makes (each type's signature and
// dimensions where its format puts them, the exact size asked for, sizes that cannot be made
// refused) and how it serves them (under the media base URL, GET whole or a range, HEAD, the
// delay, the record of each request and whether the answer reached the peer).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaType, MediaSpecError, makeMedia, type Receiver } from '../../../harness/receiver/index.ts';
import { clientFor, PUBLIC_HOST, startTestReceiver, type Client } from './client.ts';

/** the dimensions a file's header states, read as its format puts them (not by the encoders' code) */
function headerDimensions(type: MediaType, f: Buffer): [number, number] {
  switch (type) {
    case 'png':
      return [f.readUInt32BE(16), f.readUInt32BE(20)];
    case 'gif':
      return [f.readUInt16LE(6), f.readUInt16LE(8)];
    case 'bmp':
      return [f.readInt32LE(18), f.readInt32LE(22)];
    case 'webp': {
      const at = f.indexOf('VP8L');
      const bits = f.readUInt32LE(at + 9);
      return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
    }
    case 'jpeg': {
      const sof = f.indexOf(Buffer.from([0xff, 0xc0]));
      return [f.readUInt16BE(sof + 7), f.readUInt16BE(sof + 5)];
    }
  }
}

const SIGNATURES: Record<MediaType, Buffer> = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  gif: Buffer.from('GIF89a'),
  webp: Buffer.from('RIFF'),
  bmp: Buffer.from('BM'),
};
const TYPES = Object.keys(SIGNATURES) as MediaType[];

describe('media files', () => {
  it.each(TYPES)('%s: its signature and the dimensions in its header', (type) => {
    for (const [w, h] of [
      [500, 500],
      [499, 500],
      [500, 499],
      [1, 1],
      [1023, 7],
    ]) {
      const f = makeMedia({ type, width: w, height: h });
      expect(f.subarray(0, SIGNATURES[type].length)).toEqual(SIGNATURES[type]);
      expect(headerDimensions(type, f)).toEqual([w, h]);
    }
    if (type === 'webp') expect(makeMedia({ type, width: 500, height: 500 }).subarray(8, 12).toString()).toBe('WEBP');
  });

  it.each(TYPES)('%s: padded to the exact size asked for, the header unchanged', (type) => {
    const natural = makeMedia({ type, width: 500, height: 500 }).length;
    const sizes = [
      natural + 100,
      natural + 4096,
      70_000 + natural * 2,
      5_000_000,
      5_242_880,
      ...(type === 'webp' ? [] : [5_242_881, 5_000_001]),
    ];
    for (const bytes of sizes) {
      const f = makeMedia({ type, width: 500, height: 500, bytes });
      expect(f.length).toBe(bytes);
      expect(headerDimensions(type, f)).toEqual([500, 500]);
      if (type === 'webp') expect(f.readUInt32LE(4)).toBe(bytes - 8);
      if (type === 'bmp') expect(f.readUInt32LE(2)).toBe(bytes);
    }
  });

  it('refuses what cannot be made: smaller than the file, padding too small to write, odd RIFF sizes, bad dimensions', () => {
    const png = makeMedia({ type: 'png', width: 500, height: 500 }).length;
    expect(() => makeMedia({ type: 'png', width: 500, height: 500, bytes: png - 1 })).toThrow(MediaSpecError);
    expect(() => makeMedia({ type: 'png', width: 500, height: 500, bytes: png + 5 })).toThrow(MediaSpecError);
    expect(makeMedia({ type: 'png', width: 500, height: 500, bytes: png }).length).toBe(png);
    const gif = makeMedia({ type: 'gif', width: 8, height: 8 }).length;
    expect(() => makeMedia({ type: 'gif', width: 8, height: 8, bytes: gif + 4 })).toThrow(MediaSpecError);
    expect(makeMedia({ type: 'gif', width: 8, height: 8, bytes: gif + 3 }).length).toBe(gif + 3);
    expect(makeMedia({ type: 'gif', width: 8, height: 8, bytes: gif + 5 }).length).toBe(gif + 5);
    expect(() => makeMedia({ type: 'webp', width: 8, height: 8, bytes: 5_000_001 })).toThrow(MediaSpecError);
    expect(() => makeMedia({ type: 'jpeg', width: 0, height: 8 })).toThrow(MediaSpecError);
    expect(() => makeMedia({ type: 'jpeg', width: 70_000, height: 8 })).toThrow(MediaSpecError);
    expect(() => makeMedia({ type: 'png', width: 8.5, height: 8 })).toThrow(MediaSpecError);
    expect(() => makeMedia({ type: 'svg' as MediaType, width: 8, height: 8 })).toThrow(MediaSpecError);
  });

  it('a JPEG takes every COM segment length, 65537 bytes of padding and the sizes around it', () => {
    const natural = makeMedia({ type: 'jpeg', width: 16, height: 16 }).length;
    for (const pad of [4, 5, 65_536, 65_537, 65_538, 65_540, 65_541, 131_074, 131_077])
      expect(makeMedia({ type: 'jpeg', width: 16, height: 16, bytes: natural + pad }).length).toBe(natural + pad);
    for (const pad of [1, 2, 3])
      expect(() => makeMedia({ type: 'jpeg', width: 16, height: 16, bytes: natural + pad })).toThrow(MediaSpecError);
  });
});

describe('media served by the receiver', () => {
  let r: Receiver;
  let c: Client;

  beforeAll(async () => {
    r = await startTestReceiver();
    c = clientFor(r);
  });
  afterAll(async () => {
    await r.close();
    await c.agent.close();
  });

  it('names each file under publicBaseUrl/media by a short unique id and its extension; the handle says what it is', () => {
    expect(r.mediaBaseUrl).toBe(`https://${PUBLIC_HOST}/base/media`);
    const a = r.media({ type: 'png', width: 500, height: 499 });
    const b = r.media({ type: 'jpeg', width: 500, height: 500, bytes: 70_000 });
    expect(a.url).toMatch(new RegExp(`^https://${PUBLIC_HOST}/base/media/[0-9a-z]{5,8}\\.png$`));
    expect(b.url).toMatch(/\/[0-9a-z]{5,8}\.jpg$/);
    expect(b.spec).toEqual({ type: 'jpeg', width: 500, height: 500, bytes: 70_000 });
    expect(a.spec).toEqual({ type: 'png', width: 500, height: 499, bytes: makeMedia(a.spec).length });
    expect(b.contentType).toBe('image/jpeg');
    expect(a.path).toBe(new URL(a.url).pathname);
    const many = Array.from({ length: 200 }, () => r.media({ type: 'gif', width: 1, height: 1 }).url);
    expect(new Set(many).size).toBe(200);
  });

  it('serves a file whole on GET, its headers on HEAD, and records each request with the file and how its answer ended', async () => {
    const m = r.media({ type: 'gif', width: 500, height: 500, bytes: 200_000 });
    const got = await c.send('GET', m.path);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/gif');
    expect(got.headers['content-length']).toBe('200000');
    expect(got.raw.length).toBe(200_000);
    const head = await c.send('HEAD', m.path);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('200000');
    expect(head.text).toBe('');
    expect((await c.send('POST', m.path, { body: 'x' })).status).toBe(405);
    const reqs = m.requests();
    expect(reqs.map((q) => q.method)).toEqual(['GET', 'HEAD', 'POST']);
    expect(reqs[0].media).toBe(m.url.split('/').at(-1)?.split('.')[0]);
    expect(reqs[0].delivered).toMatchObject({ complete: true, bytes: 200_000 });
    expect(r.all().filter((q) => q.media === reqs[0].media)).toHaveLength(3);
  });

  it('serves a byte range; an unsatisfiable one is 416; a malformed one is ignored', async () => {
    const m = r.media({ type: 'png', width: 500, height: 500 });
    const whole = makeMedia({ type: 'png', width: 500, height: 500 });
    const first = await c.send('GET', m.path, { headers: { range: 'bytes=0-23' } });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-23/${whole.length}`);
    expect(first.raw).toEqual(whole.subarray(0, 24));
    const last = await c.send('GET', m.path, { headers: { range: 'bytes=-12' } });
    expect(last.raw).toEqual(whole.subarray(whole.length - 12));
    const open = await c.send('GET', m.path, { headers: { range: 'bytes=100-' } });
    expect(open.headers['content-range']).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect((await c.send('GET', m.path, { headers: { range: `bytes=${whole.length}-` } })).status).toBe(416);
    expect((await c.send('GET', m.path, { headers: { range: 'bytes=0-1,4-5' } })).status).toBe(200);
  });

  it('reaches a file by its last path segment (a proxy may add or strip a prefix); another name is 404', async () => {
    const m = r.media({ type: 'webp', width: 600, height: 500 });
    const name = m.path.split('/').at(-1) ?? '';
    expect((await c.send('GET', `/elsewhere/${name}`)).status).toBe(200);
    expect((await c.send('GET', `/${name}`)).status).toBe(200);
    expect((await c.send('GET', `/base/media/${name.replace('.webp', '.png')}`)).status).toBe(404);
    expect((await c.send('GET', `/base/media/x${name}`)).status).toBe(404);
    expect(m.requests()).toHaveLength(2);
  });

  it('waits the delay asked for before answering, and notes a peer that hung up first', async () => {
    const m = r.media({ type: 'jpeg', width: 500, height: 500 }, { delayMs: 300 });
    const t0 = Date.now();
    expect((await c.send('GET', m.path)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    const gone = r.media({ type: 'jpeg', width: 500, height: 500 }, { delayMs: 400 });
    const ac = new AbortController();
    const req = c.send('GET', gone.path, { signal: ac.signal }).catch(() => 'aborted');
    await new Promise((res) => setTimeout(res, 100));
    ac.abort();
    expect(await req).toBe('aborted');
    await new Promise((res) => setTimeout(res, 500));
    expect(gone.requests()[0].delivered).toMatchObject({ complete: false, bytes: 0 });
  });
});

describe('media under receiver.mediaBaseUrl', () => {
  it('names files under the configured base, and a bad base is refused', async () => {
    const r = await startTestReceiver({ mediaBaseUrl: 'http://media.example.test:8080/x/' });
    try {
      expect(r.mediaBaseUrl).toBe('http://media.example.test:8080/x');
      const m = r.media({ type: 'bmp', width: 500, height: 500 });
      expect(m.url).toMatch(/^http:\/\/media\.example\.test:8080\/x\/[0-9a-z]{5,8}\.bmp$/);
      const c = clientFor(r);
      const got = await c.send('GET', `/${m.path.split('/').at(-1)}`);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('image/bmp');
      await c.agent.close();
    } finally {
      await r.close();
    }
    await expect(startTestReceiver({ mediaBaseUrl: 'ftp://x.test/m' })).rejects.toThrow(/https or http/);
    await expect(startTestReceiver({ mediaBaseUrl: 'https://x.test/m?q=1' })).rejects.toThrow(/query/);
  });
});
