// Work several rules judge (harness/engine/shared-work.ts): done once per run by the first rule
// that asks; the others get its value or its failure, and a copy of its evidence with a note.
import { describe, expect, test } from 'vitest';
import type { Evidence } from '../../../harness/model/result.ts';
import { SharedWork } from '../../../harness/engine/shared-work.ts';

const exchange = (path: string) => ({ note: `GET ${path}` });

describe('SharedWork', () => {
  test('the first rule does the work with its own evidence; later rules get the value and a copy', async () => {
    const work = new SharedWork();
    let runs = 0;
    const first: Evidence[] = [{ note: 'before' }];
    const fn = async () => {
      runs++;
      first.push(exchange('/a'), exchange('/b'));
      return 42;
    };
    expect(await work.get('scenario', 'R-1', first, fn)).toBe(42);
    const second: Evidence[] = [];
    expect(await work.get('scenario', 'R-2', second, fn)).toBe(42);
    expect(runs).toBe(1);
    expect(second).toEqual([{ note: 'scenario: done once in this run, by R-1; its evidence follows' }, exchange('/a'), exchange('/b')]);
    // another key is other work
    expect(await work.get('other', 'R-3', [], async () => 7)).toBe(7);
  });

  test('a rule that asks again gets no second copy; the rule that did the work gets none', async () => {
    const work = new SharedWork();
    const first: Evidence[] = [];
    const fn = async () => {
      first.push(exchange('/a'));
      return 1;
    };
    await work.get('scenario', 'R-1', first, fn);
    await work.get('scenario', 'R-1', first, fn);
    expect(first).toEqual([exchange('/a')]);
    const second: Evidence[] = [];
    await work.get('scenario', 'R-2', second, fn);
    await work.get('scenario', 'R-2', second, fn);
    expect(second.length).toBe(2);
  });

  test('exchanges: false: later rules get the notes of the work and where its exchanges are, not the exchanges', async () => {
    const work = new SharedWork();
    const request = { request: { method: 'POST', url: 'https://app.test/hook', headers: {} } } as Evidence;
    const first: Evidence[] = [];
    const fn = async () => {
      first.push(request, { note: 'watched the probe' }, request);
      return 1;
    };
    await work.get('batch', 'R-1', first, fn, { exchanges: false });
    const second: Evidence[] = [];
    await work.get('batch', 'R-2', second, fn, { exchanges: false });
    expect(second).toEqual([
      { note: 'batch: done once in this run, by R-1; its 2 exchange(s) are in the evidence of R-1, its notes follow' },
      { note: 'watched the probe' },
    ]);
  });

  test('a failure of the work fails every rule that reads it, alike', async () => {
    const work = new SharedWork();
    const fn = async () => {
      throw new Error('the replay request was not accepted');
    };
    await expect(work.get('scenario', 'R-1', [], fn)).rejects.toThrow('the replay request was not accepted');
    const later: Evidence[] = [];
    await expect(work.get('scenario', 'R-2', later, fn)).rejects.toThrow('the replay request was not accepted');
    expect(later[0]).toEqual({ note: 'scenario: done once in this run, by R-1; its evidence follows' });
  });

  test('a rule that asks while the work is under way waits for it', async () => {
    const work = new SharedWork();
    let runs = 0;
    let release = () => {};
    const fn = () =>
      new Promise<string>((resolve) => {
        runs++;
        release = () => resolve('done');
      });
    const a = work.get('scenario', 'R-1', [], fn);
    const b = work.get('scenario', 'R-2', [], fn);
    release();
    expect(await Promise.all([a, b])).toEqual(['done', 'done']);
    expect(runs).toBe(1);
  });
});
