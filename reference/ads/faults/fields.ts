// The listed-field family: for a record type the document lists the fields of, one fault per
// listed field that leaves it out of every record the routes answer, and one per typed field that
// gives it a value of another type ("a listed field dropped or mistyped"). Generated from a table
// per record type, so that each field is proven required, and each stated type checked, by the
// rules that read those answers.
import type { Fault } from '../../host/types.ts';
import { dropMember, mapMember } from '../../host/mutations.ts';
import { adsMutation } from './fault.ts';

export interface ListedFields {
  /** the record's name in fault ids and descriptions, e.g. "account" (ids: ads-account-<field>-dropped) */
  record: string;
  /** the routes that answer such records ("GET /accounts", relative to the version segment) */
  routes: readonly string[];
  /** the rules that read those answers and must catch every fault of the record */
  breaks: readonly string[];
  /** where the records are in the answer: "data" (a single record, or each of a list) */
  at?: string;
  /** the fields the document lists for the record (a dotted path for a member of a member) */
  listed: readonly string[];
  /** for a field whose type the document states: a value of another type, and what it is */
  mistyped?: Readonly<Record<string, { to: (v: unknown) => unknown; as: string }>>;
}

const slug = (s: string) => s.replace(/[._]/g, '-');

/** the dropped and mistyped faults of one record type */
export function fieldFaults(r: ListedFields): Fault[] {
  const at = r.at ?? 'data';
  const dropped = r.listed.map((field) =>
    adsMutation(
      'ads',
      `ads-${r.record}-${slug(field)}-dropped`,
      `${r.record} records leave out the listed field ${field}`,
      [...r.breaks],
      r.routes,
      { reply: dropMember(`${at}.${field}`) },
    ),
  );
  const mistyped = Object.entries(r.mistyped ?? {}).map(([field, m]) =>
    adsMutation(
      'ads',
      `ads-${r.record}-${slug(field)}-mistyped`,
      `${r.record} records carry ${field} as ${m.as}`,
      [...r.breaks],
      r.routes,
      { reply: mapMember(`${at}.${field}`, m.to) },
    ),
  );
  return [...dropped, ...mistyped];
}

/** an ISO 8601 timestamp written in local time with an offset (not UTC), or epoch seconds for null */
export function notUtc(v: unknown): unknown {
  if (typeof v !== 'string') return 1_469_084_400;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? v : new Date(ms + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+01:00');
}

/** a string identifier as a number */
export function idAsNumber(v: unknown): unknown {
  return typeof v === 'string' ? Number.parseInt(v, 36) : 7;
}

/** a list of records as one object keyed by their id (or position): an answer that is no list */
export function keyed(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  return Object.fromEntries(v.map((r, i) => [String((r as { id?: unknown })?.id ?? i), r]));
}
