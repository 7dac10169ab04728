import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DATE_PATTERN_MUTATIONS,
  IMPOSSIBLE_DATE_MUTATIONS,
  REPLAY_DATE_PATTERN,
  REPLAY_WINDOW_MINUTES,
  datePatternMutation,
  fixedDatePatternMutations,
  fixedImpossibleDates,
  floorToMinute,
  impossibleDateMutation,
  inWindowOffsetMinutes,
  missingFieldBody,
  outOfWindowOffsetMinutes,
  replayBodyInWindow,
  replayBodyOutOfWindow,
  webhookId,
  yyyymmddhhmm,
} from '../../../generators/data-api/index.ts';
import { validate } from '../../../schemas/data-api/index.ts';
import { isRealUtcMinute, isoToYyyymmddhhmm, utcMinuteToMillis } from './contracts.ts';

const anyDate = fc.date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
const nowish = fc.date({ min: new Date('2020-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true });
const validDate = anyDate.map(yyyymmddhhmm);

describe('replay generators', () => {
  it('constants', () => {
    expect(REPLAY_WINDOW_MINUTES).toBe(24 * 60);
    expect(REPLAY_DATE_PATTERN.source).toBe('^[0-9]{12}$');
    expect(yyyymmddhhmm(new Date('2025-04-24T20:57:15.242Z'))).toBe('202504242057');
    expect(() => yyyymmddhhmm(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => datePatternMutation('2025-04-24')).toThrow(RangeError);
    expect(() => impossibleDateMutation('20250424')).toThrow(RangeError);
  });

  test.prop([anyDate], { seed: 301, numRuns: 500 })('yyyymmddhhmm is the UTC ISO form without separators and seconds', (d) => {
    const s = yyyymmddhhmm(d);
    expect(s).toBe(isoToYyyymmddhhmm(d));
    expect(isRealUtcMinute(s)).toBe(true);
    expect(utcMinuteToMillis(s)).toBe(floorToMinute(d).getTime());
  });

  test.prop([anyDate], { seed: 302 })('floorToMinute drops seconds and milliseconds only', (d) => {
    const f = floorToMinute(d);
    expect(f.getTime() % 60_000 === 0).toBe(true); // also -0 for dates before 1970
    expect(d.getTime() - f.getTime()).toBeGreaterThanOrEqual(0);
    expect(d.getTime() - f.getTime()).toBeLessThan(60_000);
  });

  test.prop([inWindowOffsetMinutes, outOfWindowOffsetMinutes], { seed: 303 })(
    'offsets stay clear of the 1440-minute boundary',
    (inside, outside) => {
      expect(inside).toBeGreaterThanOrEqual(2);
      expect(inside).toBeLessThanOrEqual(REPLAY_WINDOW_MINUTES - 2);
      expect(outside).toBeGreaterThanOrEqual(REPLAY_WINDOW_MINUTES + 2);
      expect(outside).toBeLessThanOrEqual(60 * 24 * 30);
    },
  );

  test.prop([webhookId, nowish, fc.integer()], { seed: 304, numRuns: 200 })(
    'in-window bodies: valid, to = now floored, from inside the window, from < to',
    (id, now, seed) => {
      for (const body of fc.sample(replayBodyInWindow(id, now), { seed, numRuns: 10 })) {
        expect(validate('replay-request', body).errors).toEqual([]);
        expect(body.webhook_id).toBe(id);
        expect(body.to_date).toBe(isoToYyyymmddhhmm(now));
        const minutes = (utcMinuteToMillis(body.to_date) - utcMinuteToMillis(body.from_date)) / 60_000;
        expect(minutes).toBeGreaterThanOrEqual(2);
        expect(minutes).toBeLessThanOrEqual(1438);
        // measured from the exact now (not floored), the window is still kept
        expect(now.getTime() - utcMinuteToMillis(body.from_date)).toBeLessThan(REPLAY_WINDOW_MINUTES * 60_000);
      }
      for (const body of fc.sample(replayBodyOutOfWindow(id, now), { seed, numRuns: 10 })) {
        expect(validate('replay-request', body).errors).toEqual([]);
        expect(now.getTime() - utcMinuteToMillis(body.from_date)).toBeGreaterThan(REPLAY_WINDOW_MINUTES * 60_000);
      }
    },
  );

  test.prop([validDate.chain((d) => datePatternMutation(d))], { seed: 305, numRuns: 500 })(
    'date pattern mutations break ^[0-9]{12}$',
    (m) => {
      expect(DATE_PATTERN_MUTATIONS).toContain(m.mutation);
      expect(typeof m.value).toBe('string');
      expect(REPLAY_DATE_PATTERN.test(m.value)).toBe(false);
      expect(validate('replay-request', { webhook_id: '1', from_date: m.value, to_date: '202611221000' }).ok).toBe(false);
    },
  );

  test.prop([validDate.chain((d) => impossibleDateMutation(d))], { seed: 306, numRuns: 500 })(
    'impossible dates keep the pattern (the schema accepts them) but are not real',
    (m) => {
      expect(IMPOSSIBLE_DATE_MUTATIONS).toContain(m.mutation);
      expect(REPLAY_DATE_PATTERN.test(m.value)).toBe(true);
      expect(isRealUtcMinute(m.value)).toBe(false);
      expect(validate('replay-request', { webhook_id: '1', from_date: m.value, to_date: m.value }).ok).toBe(true);
    },
  );

  test.prop([webhookId.chain((id) => replayBodyInWindow(id, new Date('2026-11-22T10:00:00.000Z'))).chain((b) => missingFieldBody(b))], {
    seed: 307,
  })('missing-field bodies lack exactly the named field', (m) => {
    const field = m.mutation.slice('missing-'.length);
    expect(Object.keys(m.value)).toHaveLength(2);
    expect(field in m.value).toBe(false);
    expect(validate('replay-request', m.value).errors).toEqual([`(root): must have required property '${field}'`]);
  });

  it('fixedDatePatternMutations: one value of each mutation, each off ^[0-9]{12}$', () => {
    const fixed = fixedDatePatternMutations('202611221000');
    expect(fixed.map((m) => m.mutation)).toEqual([...DATE_PATTERN_MUTATIONS]);
    for (const m of fixed) expect(REPLAY_DATE_PATTERN.test(m.value), `${m.mutation}: ${m.value}`).toBe(false);
  });

  it('fixedImpossibleDates: one value of each mutation (month 13 among them), each of the pattern and no real UTC minute', () => {
    for (const valid of ['202611221000', '202402291730']) {
      const fixed = fixedImpossibleDates(valid);
      expect(fixed.map((m) => m.mutation)).toEqual([...IMPOSSIBLE_DATE_MUTATIONS]);
      for (const m of fixed) {
        expect(REPLAY_DATE_PATTERN.test(m.value), `${m.mutation}: ${m.value}`).toBe(true);
        expect(isRealUtcMinute(m.value), `${m.mutation}: ${m.value}`).toBe(false);
      }
      expect(fixed.find((m) => m.mutation === 'month-13')?.value.slice(4, 6)).toBe('13');
    }
  });
});
