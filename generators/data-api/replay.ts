/**
 * Replay request bodies and their date fields (UTC, yyyymmddhhmm, ^[0-9]{12}$).
 * The document: the window reaches back at most 24 hours.
 */
import fc from 'fast-check';
import { LETTERS, DIGITS, charFrom, insertAt, oneMutationOf, type Mutated } from '../builders.ts';

export const REPLAY_DATE_PATTERN = /^[0-9]{12}$/;
export const REPLAY_WINDOW_MINUTES = 24 * 60;

export interface ReplayRequestBody {
  webhook_id: string;
  from_date: string;
  to_date: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Formats `d` as yyyymmddhhmm in UTC (seconds and milliseconds dropped). */
export function yyyymmddhhmm(d: Date): string {
  const year = d.getUTCFullYear();
  if (!Number.isFinite(d.getTime()) || year < 0 || year > 9999) throw new RangeError(`not a 4-digit-year date: ${String(d)}`);
  return `${pad(year, 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}`;
}

/** `d` floored to the whole UTC minute. */
export function floorToMinute(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 60_000) * 60_000);
}

/** Offsets (minutes before now) clearly inside the 24-hour window: [2, 1438]. */
export const inWindowOffsetMinutes: fc.Arbitrary<number> = fc.integer({ min: 2, max: REPLAY_WINDOW_MINUTES - 2 });

/** Offsets (minutes before now) clearly outside the window: [1442, 30 days]. */
export const outOfWindowOffsetMinutes: fc.Arbitrary<number> = fc.integer({ min: REPLAY_WINDOW_MINUTES + 2, max: 60 * 24 * 30 });

function bodyWithOffset(webhookId: string, now: Date, offsetMinutes: number): ReplayRequestBody {
  const to = floorToMinute(now);
  const from = new Date(to.getTime() - offsetMinutes * 60_000);
  return { webhook_id: webhookId, from_date: yyyymmddhhmm(from), to_date: yyyymmddhhmm(to) };
}

/** to_date = now floored to the minute; from_date = to_date minus an in-window offset (so from < to). */
export function replayBodyInWindow(webhookId: string, now: Date): fc.Arbitrary<ReplayRequestBody> {
  return inWindowOffsetMinutes.map((offset) => bodyWithOffset(webhookId, now, offset));
}

/** Like replayBodyInWindow, but from_date lies clearly before the 24-hour window. */
export function replayBodyOutOfWindow(webhookId: string, now: Date): fc.Arbitrary<ReplayRequestBody> {
  return outOfWindowOffsetMinutes.map((offset) => bodyWithOffset(webhookId, now, offset));
}

function assertDatePattern(validDate: string): void {
  if (!REPLAY_DATE_PATTERN.test(validDate)) throw new RangeError(`not a yyyymmddhhmm date: ${JSON.stringify(validDate)}`);
}

export const DATE_PATTERN_MUTATIONS = ['drop-digit', 'add-digit', 'insert-dash', 'insert-T', 'digit-to-letter', 'iso-form'] as const;
export type DatePatternMutation = (typeof DATE_PATTERN_MUTATIONS)[number];

/** Strings that break ^[0-9]{12}$, each by one mutation of a valid date. */
export function datePatternMutation(validDate: string): fc.Arbitrary<Mutated<string, DatePatternMutation>> {
  assertDatePattern(validDate);
  const d = validDate;
  const inner = fc.integer({ min: 1, max: 11 });
  return oneMutationOf<string, DatePatternMutation>({
    'drop-digit': fc.integer({ min: 0, max: 11 }).map((i) => d.slice(0, i) + d.slice(i + 1)),
    'add-digit': fc.tuple(fc.integer({ min: 0, max: 12 }), charFrom(DIGITS)).map(([i, c]) => insertAt(d, i, c)),
    'insert-dash': inner.map((i) => insertAt(d, i, '-')),
    'insert-T': inner.map((i) => insertAt(d, i, 'T')),
    'digit-to-letter': fc.tuple(fc.integer({ min: 0, max: 11 }), charFrom(LETTERS)).map(([i, c]) => d.slice(0, i) + c + d.slice(i + 1)),
    'iso-form': fc.constant(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}`),
  });
}

export const IMPOSSIBLE_DATE_MUTATIONS = [
  'month-00',
  'month-13',
  'day-00',
  'day-32',
  'february-30',
  'february-29-non-leap-year',
  'day-31-of-30-day-month',
  'hour-24',
  'minute-60',
] as const;
export type ImpossibleDateMutation = (typeof IMPOSSIBLE_DATE_MUTATIONS)[number];

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/**
 * 12-digit strings (they keep ^[0-9]{12}$) that are not real UTC times, each by
 * one mutation of a valid date. Note: 'hour-24' with minute 00 is the ISO 8601
 * "end of day" notation, which is still not a valid yyyymmddhhmm hour.
 */
export function impossibleDateMutation(validDate: string): fc.Arbitrary<Mutated<string, ImpossibleDateMutation>> {
  assertDatePattern(validDate);
  const y = validDate.slice(0, 4);
  const mo = validDate.slice(4, 6);
  const day = validDate.slice(6, 8);
  const h = validDate.slice(8, 10);
  const mi = validDate.slice(10, 12);
  const year = Number(y);
  const nonLeapYear = isLeapYear(year) ? pad(year + 1, 4) : y; // leap + 1 is never leap
  return oneMutationOf<string, ImpossibleDateMutation>({
    'month-00': fc.constant(`${y}00${day}${h}${mi}`),
    'month-13': fc.constant(`${y}13${day}${h}${mi}`),
    'day-00': fc.constant(`${y}${mo}00${h}${mi}`),
    'day-32': fc.constant(`${y}${mo}32${h}${mi}`),
    'february-30': fc.constant(`${y}0230${h}${mi}`),
    'february-29-non-leap-year': fc.constant(`${nonLeapYear}0229${h}${mi}`),
    'day-31-of-30-day-month': fc.constantFrom('04', '06', '09', '11').map((m) => `${y}${m}31${h}${mi}`),
    'hour-24': fc.constant(`${y}${mo}${day}24${mi}`),
    'minute-60': fc.constant(`${y}${mo}${day}${h}60`),
  });
}

export const REPLAY_REQUIRED_FIELDS = ['webhook_id', 'from_date', 'to_date'] as const;
export type MissingFieldMutation = `missing-${(typeof REPLAY_REQUIRED_FIELDS)[number]}`;

/** The body with exactly one required field removed. */
export function missingFieldBody(validBody: ReplayRequestBody): fc.Arbitrary<Mutated<Partial<ReplayRequestBody>, MissingFieldMutation>> {
  return fc.constantFrom(...REPLAY_REQUIRED_FIELDS).map((field) => {
    const value: Partial<ReplayRequestBody> = { ...validBody };
    delete value[field];
    return { value, mutation: `missing-${field}` as const };
  });
}

/** one fixed value of each pattern mutation of a valid date (the cases every run sends) */
export function fixedDatePatternMutations(validDate: string): Mutated<string, DatePatternMutation>[] {
  assertDatePattern(validDate);
  const d = validDate;
  const values: Record<DatePatternMutation, string> = {
    'drop-digit': d.slice(0, 11),
    'add-digit': `${d}0`,
    'insert-dash': insertAt(d, 4, '-'),
    'insert-T': insertAt(d, 8, 'T'),
    'digit-to-letter': `${d.slice(0, 11)}a`,
    'iso-form': `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}`,
  };
  return DATE_PATTERN_MUTATIONS.map((mutation) => ({ value: values[mutation], mutation }));
}

/** each impossible-date mutation of a valid date, with a fixed value (month 13, day 32, Feb 30, …: every run sends each) */
export function fixedImpossibleDates(validDate: string): Mutated<string, ImpossibleDateMutation>[] {
  return IMPOSSIBLE_DATE_MUTATIONS.map((mutation) => {
    const [first] = fc.sample(
      impossibleDateMutation(validDate).filter((m) => m.mutation === mutation),
      { seed: 1, numRuns: 1 },
    );
    return first;
  });
}
