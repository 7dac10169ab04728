// Reading parameters: each reader checks one parameter, remembers the problems (all of a call's
// problems are answered together, 422) and what was accepted (echoed as request.params).
import { detail, type Detail, invalid } from './errors.ts';

export const MAX_IDS = 200;

const INTEGER = /^-?[0-9]{1,16}$/;
const ISO = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,9})?(Z|[+-][0-9]{2}(?::?[0-9]{2})?)$/;

/** an ISO 8601 date-time with seconds and a zone (Z or an offset) that names a real instant: its epoch ms, else undefined */
export function parseIso(s: string): number | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number);
  const local = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(local);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || se > 59)
    return undefined;
  const fraction = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  if (m[8] === 'Z') return local + fraction;
  const zone = /^([+-])([0-9]{2}):?([0-9]{2})?$/.exec(m[8]);
  if (!zone) return undefined;
  const oh = Number(zone[2]);
  const om = Number(zone[3] ?? '0');
  if (oh > 23 || om > 59) return undefined;
  return local + fraction - (zone[1] === '+' ? 1 : -1) * (oh * 60 + om) * 60_000;
}

/** a time as answers show it: UTC as sent, any other zone converted to UTC */
export function utcForm(s: string, ms: number): string {
  return /(Z|\+00:?00)$/.test(s) ? s : new Date(ms).toISOString();
}

export class Params {
  readonly problems: Detail[] = [];
  readonly echo: Record<string, unknown> = {};
  private readonly values = new Map<string, string>();

  constructor(pairs: [string, string][], path: Record<string, string> = {}) {
    Object.assign(this.echo, path);
    for (const [k, v] of pairs) {
      if (this.values.has(k)) this.problems.push(detail('DUPLICATE_PARAMETER', `${k} is given more than once`, k));
      else this.values.set(k, v);
    }
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  raw(name: string): string | undefined {
    return this.values.get(name);
  }

  fail(code: string, text: string, field?: string): void {
    this.problems.push(detail(code, text, field));
  }

  private missing(name: string, required: boolean | undefined): undefined {
    if (required) this.fail('REQUIRED_PARAMETER_MISSING', `${name} is required`, name);
    return undefined;
  }

  str(name: string, o: { required?: boolean; max?: number; nonEmpty?: boolean; pattern?: RegExp } = {}): string | undefined {
    const v = this.values.get(name);
    if (v === undefined) return this.missing(name, o.required);
    if ((o.nonEmpty || o.required) && v === '') {
      this.fail('INVALID_PARAMETER_VALUE', `${name} may not be empty`, name);
      return undefined;
    }
    if (o.max !== undefined && [...v].length > o.max) {
      this.fail('PARAMETER_TOO_LONG', `${name} has more than ${o.max} characters`, name);
      return undefined;
    }
    if (o.pattern && !o.pattern.test(v)) {
      this.fail('INVALID_PARAMETER_VALUE', `${name} is not in the expected form`, name);
      return undefined;
    }
    this.echo[name] = v;
    return v;
  }

  int(name: string, o: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const v = this.values.get(name);
    if (v === undefined) return this.missing(name, o.required);
    const n = INTEGER.test(v) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n)) {
      this.fail('INVALID_PARAMETER_VALUE', `${name} must be an integer`, name);
      return undefined;
    }
    if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) {
      this.fail('PARAMETER_OUT_OF_RANGE', `${name} must be between ${o.min ?? '-∞'} and ${o.max ?? '∞'}`, name);
      return undefined;
    }
    this.echo[name] = n;
    return n;
  }

  /** a micro amount: an integer greater than zero */
  micro(name: string, required = false): number | undefined {
    return this.int(name, { required, min: 1 });
  }

  /** booleans are written true or false */
  bool(name: string, o: { required?: boolean } = {}): boolean | undefined {
    const v = this.values.get(name);
    if (v === undefined) return this.missing(name, o.required);
    if (v !== 'true' && v !== 'false') {
      this.fail('INVALID_PARAMETER_VALUE', `${name} must be true or false`, name);
      return undefined;
    }
    this.echo[name] = v === 'true';
    return v === 'true';
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], o: { required?: boolean } = {}): T | undefined {
    const v = this.values.get(name);
    if (v === undefined) return this.missing(name, o.required);
    if (!(allowed as readonly string[]).includes(v)) {
      this.fail('INVALID_PARAMETER_VALUE', `${name} must be one of ${allowed.join(', ')}`, name);
      return undefined;
    }
    this.echo[name] = v;
    return v as T;
  }

  /** a comma-separated list (empty items are ignored, duplicates kept once) */
  list(name: string, o: { required?: boolean; max?: number; item?: RegExp; itemText?: string } = {}): string[] | undefined {
    const v = this.values.get(name);
    if (v === undefined) return this.missing(name, o.required);
    const items = [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    if (items.length === 0) {
      this.fail(o.required ? 'REQUIRED_PARAMETER_MISSING' : 'INVALID_PARAMETER_VALUE', `${name} names nothing`, name);
      return undefined;
    }
    const max = o.max ?? MAX_IDS;
    if (items.length > max) {
      this.fail('TOO_MANY_VALUES', `${name} takes at most ${max} values, got ${items.length}`, name);
      return undefined;
    }
    if (o.item) {
      const bad = items.filter((i) => !o.item?.test(i));
      if (bad.length) {
        this.fail('INVALID_PARAMETER_VALUE', `${name}: ${o.itemText ?? 'not accepted'}: ${bad.slice(0, 5).join(', ')}`, name);
        return undefined;
      }
    }
    this.echo[name] = items;
    return items;
  }

  /** an ISO 8601 date-time (any zone) */
  time(name: string, o: { required?: boolean; wholeHour?: boolean } = {}): number | undefined {
    const v = this.values.get(name);
    if (v === undefined) return this.missing(name, o.required);
    const ms = parseIso(v);
    if (ms === undefined) {
      this.fail('INVALID_TIMESTAMP', `${name} must be an ISO 8601 date-time with seconds and a zone`, name);
      return undefined;
    }
    if (o.wholeHour && ms % 3_600_000 !== 0) {
      this.fail('INVALID_TIMESTAMP', `${name} must be a whole hour (minutes and seconds 0)`, name);
      return undefined;
    }
    this.echo[name] = v;
    return ms;
  }

  /** throws the collected problems */
  done(): void {
    if (this.problems.length) throw invalid(this.problems);
  }
}
