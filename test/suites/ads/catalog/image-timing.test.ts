// Whether a target judged a product image while writing (suites/ads/catalog/products/images/timing.ts):
// the receiver began to send the image before the write was answered, and every byte went. The
// moment the receiver's thread hears its write ended may come after the answer (the target in a
// thread of its own reads the image and answers first): that still counts as judged while writing.
import { describe, expect, test } from 'vitest';
import type { InboundRequest, MediaFile } from '../../../../harness/receiver/index.ts';
import { seenAtWrite, settled } from '../../../../suites/ads/catalog/products/images/timing.ts';

const T = Date.parse('2026-12-02T10:00:00.000Z');
const at = (ms: number) => new Date(T + ms).toISOString();

function fileWith(reqs: Partial<InboundRequest>[]): MediaFile {
  const all = reqs as InboundRequest[];
  return { url: 'https://hooks.conformance.test/media/x.jpg', path: '/media/x.jpg', requests: () => all } as unknown as MediaFile;
}

describe('an image judged while writing', () => {
  test('sent before the answer and delivered whole, though the receiver heard the end after the answer', () => {
    const f = fileWith([{ sendingAt: at(1000), delivered: { at: at(1012), complete: true, bytes: 5_000_000 } }]);
    expect(seenAtWrite(f, T + 1010)).toEqual({ atWrite: true, story: 'fetched while writing' });
  });

  test('sent only after the answer: fetched after writing', () => {
    const f = fileWith([{ sendingAt: at(1000), delivered: { at: at(1005), complete: true, bytes: 100 } }]);
    expect(seenAtWrite(f, T + 20).atWrite).toBe(false);
    expect(seenAtWrite(f, T + 20).story).toMatch(/answered before the image was delivered/);
  });

  test('sent before the answer, but the target hung up mid-way: not judged', () => {
    const f = fileWith([{ sendingAt: at(1000), delivered: { at: at(1003), complete: false, bytes: 0 } }]);
    expect(seenAtWrite(f, T + 1010).atWrite).toBe(false);
  });

  test('hung up before the receiver answered, and never fetched', () => {
    expect(seenAtWrite(fileWith([{ delivered: { at: at(500), complete: false, bytes: 0 } }]), T + 600).story).toMatch(/hung up before/);
    expect(seenAtWrite(fileWith([]), T + 600).story).toMatch(/not fetched/);
  });

  test('settled waits for an answer being sent at the write’s answer to end, and no longer', async () => {
    const req: Partial<InboundRequest> = { sendingAt: new Date(Date.now() - 5).toISOString() };
    const f = fileWith([req]);
    setTimeout(() => {
      req.delivered = { at: new Date().toISOString(), complete: true, bytes: 10 };
    }, 50);
    await settled([f], Date.now());
    expect(req.delivered?.complete).toBe(true);
    const idle = Date.now();
    await settled([fileWith([{ sendingAt: new Date(Date.now() + 60_000).toISOString() }])], Date.now());
    expect(Date.now() - idle).toBeLessThan(1000); // nothing was being sent by the answer: no wait
  });
});
