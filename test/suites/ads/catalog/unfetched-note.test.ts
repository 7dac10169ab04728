// The note "the target had fetched none of the valid images…" says only what is true. An outside
// target (sandbox cat4, D3) fetched the rule's valid image at the first write and kept it; the note
// fired on the next write, whose one item was refused for its title, and on writes that named only
// an invalid image (the BMP of CAT-PRD-034): 17 passing rules of every run carried it; and on a
// write of a duplicated id refused before any image was fetched, once another rule's was.
import { describe, expect, test } from 'vitest';
import type { AdsCtx } from '../../../../suites/ads/api.ts';
import { noteUnfetched, productImages } from '../../../../suites/ads/catalog/products/images/hosted.ts';
import { embeddedReference } from '../../../../domains/reference.ts';
import { runLocal } from '../../../runners/run-local.ts';

/** a check's context with a receiver whose files record the fetches `fetched` lists (by url) */
function fakeCtx(fetched: Set<string>) {
  const notes: string[] = [];
  let n = 0;
  const ctx = {
    receiver: {
      mediaBaseUrl: 'https://media.test/media',
      media: () => {
        const url = `https://media.test/media/f${++n}.jpg`;
        return { url, requests: () => (fetched.has(url) ? [{ path: url }] : []) };
      },
    },
    note: (s: string) => notes.push(s),
  } as unknown as AdsCtx;
  return { ctx, notes };
}

describe('the note on valid images a target never fetched', () => {
  test('is made when an item is ERROR and no valid image the write names was ever fetched', () => {
    const { ctx, notes } = fakeCtx(new Set());
    const main = productImages(ctx).main;
    noteUnfetched(ctx, [{ id: 'p1', image_link: main }], true);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`the target had fetched none of the valid images this write names (${main})`);
  });

  test('is not made when the valid image was fetched before (at an earlier write, kept since)', () => {
    const fetched = new Set<string>();
    const { ctx, notes } = fakeCtx(fetched);
    const main = productImages(ctx).main;
    fetched.add(main);
    noteUnfetched(ctx, [{ id: 'p2', title: 'x'.repeat(151), image_link: main }], true);
    expect(notes).toEqual([]);
  });

  test("is not made once the target fetched another rule's valid image (it reaches the receiver: a duplicated id refused before any fetch)", () => {
    const fetched = new Set<string>();
    const { ctx: first } = fakeCtx(fetched);
    fetched.add(productImages(first).main);
    const notes: string[] = [];
    const second = {
      receiver: (first as unknown as { receiver: unknown }).receiver,
      note: (t: string) => notes.push(t),
    } as unknown as AdsCtx;
    const main = productImages(second).main;
    noteUnfetched(
      second,
      [
        { id: 'd', image_link: main },
        { id: 'd', image_link: main },
      ],
      true,
    );
    expect(notes).toEqual([]);
  });

  test('is not made when the write names no valid image (only one a rule calls invalid), nor without an ERROR item', () => {
    const { ctx, notes } = fakeCtx(new Set());
    const main = productImages(ctx).main;
    noteUnfetched(ctx, [{ id: 'p3', image_link: 'https://media.test/media/other.bmp' }], true);
    noteUnfetched(ctx, [{ id: 'p4', image_link: main }], false);
    expect(notes).toEqual([]);
  });

  test('the reference, which reaches the receiver, gets it on no products rule', async () => {
    const out = await runLocal('reference', embeddedReference(), { rules: ['CAT-PRD-007', 'CAT-PRD-034'], runs: 5 });
    for (const id of ['CAT-PRD-007', 'CAT-PRD-034']) {
      const r = out.byId.get(id);
      expect(r?.status, r?.reason).toBe('passed');
      expect(JSON.stringify(r)).not.toContain('fetched none of the valid images');
    }
  }, 60_000);
});
