// Reading request parameters the way the document describes them: query-string values (or the
// JSON values of a batch item) checked against a per-endpoint spec of types and rules. Every
// failing parameter is reported in one 400 (MISSING_PARAMETER / INVALID_PARAMETER); the parsed
// values are what the envelope echoes in request.params.

import { isObject } from '../host/http.ts';
import { type ErrorItem, badRequest, invalid, missing } from './errors.ts';

export type Kind =
  | { t: 'string'; max?: number }
  | { t: 'long'; min?: number }
  | { t: 'int'; min?: number; oneOf?: readonly number[] }
  | { t: 'bool' }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'time'; wholeHour?: boolean }
  /** a decimal id of a user or post (long in the document), kept as a string */
  | { t: 'numericId' }
  /** a comma-separated list */
  | { t: 'list'; max: number; values?: readonly string[]; pattern?: RegExp; numeric?: boolean; upper?: boolean };

export type Spec = Record<string, Kind & { required?: boolean }>;

/** the raw parameters of one request: query values, or a batch item's params as strings */
export type Raw = Map<string, string>;

export function rawFromQuery(q: URLSearchParams): Raw {
  const raw: Raw = new Map();
  for (const [k, v] of q) if (!raw.has(k)) raw.set(k, v);
  return raw;
}

/** a batch item's JSON params as raw strings (arrays joined with commas); undefined for a non-object */
export function rawFromJson(o: unknown): Raw | undefined {
  if (!isObject(o)) return undefined;
  const raw: Raw = new Map();
  for (const [k, v] of Object.entries(o)) {
    if (v === null || v === undefined) continue;
    raw.set(k, Array.isArray(v) ? v.map(String).join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return raw;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** epoch ms of an ISO 8601 date or date-time (date only = midnight UTC, no zone = UTC), or undefined */
export function parseIsoTime(s: string): { ms: number; wholeHour: boolean } | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone = 'Z'] = m;
  const base = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec);
  const probe = new Date(base);
  if (probe.getUTCFullYear() !== +y || probe.getUTCMonth() !== +mo - 1 || probe.getUTCDate() !== +d) return undefined;
  if (+h > 23 || +mi > 59 || +sec > 59) return undefined;
  let offset = 0;
  if (zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    if (!z || +z[2] > 23 || +z[3] > 59) return undefined;
    offset = (z[1] === '+' ? 1 : -1) * (+z[2] * 60 + +z[3]) * 60_000;
  }
  const fraction = /\.(\d+)/.exec(s);
  const wholeHour = +mi === 0 && +sec === 0 && (!fraction || /^0+$/.test(fraction[1])) && offset % 3_600_000 === 0;
  return { ms: base - offset, wholeHour };
}

function expected(name: string, what: string, value: string): ErrorItem {
  return invalid(name, `Expected ${what}, got "${value}" for ${name}`);
}

function parseOne(name: string, k: Kind, v: string): { value: unknown } | ErrorItem {
  switch (k.t) {
    case 'string':
      if (k.max !== undefined && [...v].length > k.max) return invalid(name, `${name} must be at most ${k.max} characters`);
      return { value: v };
    case 'long':
    case 'int': {
      if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v))) return expected(name, k.t === 'long' ? 'Long' : 'Int', v);
      const n = Number(v);
      if (k.min !== undefined && n < k.min) return invalid(name, `${name} must be at least ${k.min}, got ${n}`);
      if (k.t === 'int' && k.oneOf && !k.oneOf.includes(n))
        return invalid(name, `Expected a value in ${k.oneOf.join(', ')}, got ${n} for ${name}`);
      return { value: n };
    }
    case 'bool':
      if (!/^(true|false)$/i.test(v)) return expected(name, 'Boolean', v);
      return { value: v.toLowerCase() === 'true' };
    case 'enum':
      if (!k.values.includes(v)) return invalid(name, `Expected a value in ${k.values.join(', ')}, got "${v}" for ${name}`);
      return { value: v };
    case 'time': {
      const t = parseIsoTime(v);
      if (!t) return expected(name, 'time', v);
      if (k.wholeHour && !t.wholeHour) return invalid(name, `${name} must be a whole hour (minutes and seconds 0), got "${v}"`);
      return { value: new Date(t.ms).toISOString().replace(/\.\d{3}Z$/, 'Z') };
    }
    case 'numericId':
      if (!/^\d{1,19}$/.test(v)) return expected(name, 'Long', v);
      return { value: v };
    case 'list': {
      const items = v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => (k.upper ? s.toUpperCase() : s));
      if (items.length === 0) return invalid(name, `A minimum of 1 items must be provided for ${name}`);
      if (items.length > k.max) return invalid(name, `A maximum of ${k.max} items may be provided for ${name}, got ${items.length}`);
      for (const it of items) {
        if (k.values && !k.values.includes(it)) return invalid(name, `Expected a value in ${k.values.join(', ')}, got "${it}" for ${name}`);
        if (k.numeric && !/^\d{1,19}$/.test(it)) return expected(name, 'Long', it);
        if (k.pattern && !k.pattern.test(it)) return invalid(name, `"${it}" is not a valid value for ${name}`);
      }
      return { value: [...new Set(items)] };
    }
  }
}

/** the parsed parameters named by the spec (others are ignored); throws one 400 listing every failure */
export function readParams(raw: Raw, spec: Spec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const errors: ErrorItem[] = [];
  for (const [name, kind] of Object.entries(spec)) {
    const v = raw.get(name);
    if (v === undefined || (v === '' && kind.t !== 'string')) {
      if (kind.required) errors.push(missing(name));
      else if (v === '') errors.push(expected(name, kind.t, v));
      continue;
    }
    if (v === '' && kind.required) {
      errors.push(missing(name));
      continue;
    }
    const r = parseOne(name, kind, v);
    if ('value' in r) out[name] = r.value;
    else errors.push(r);
  }
  if (errors.length > 0) throw badRequest(...errors);
  return out;
}
