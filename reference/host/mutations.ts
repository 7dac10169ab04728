// The mutation operators of family faults (types.ts `Mutation`): small rewrites of what a route
// sees or answers, so that one operator breaks every statement of one kind, as mutation testing's
// operators do. A member is named by a dotted path ("data.business_id"); where a step meets an
// array, the rest of the path applies to each element ("data.business_id" reaches the record of a
// single answer and every record of a list).

import { type Incoming, type Reply, isObject } from './http.ts';

/** calls `at` with each object the path's last step is a member of, and that member's name */
export function eachMember(value: unknown, path: string, at: (holder: Record<string, unknown>, key: string) => void): void {
  const steps = path.split('.');
  const walk = (v: unknown, i: number): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, i);
      return;
    }
    if (!isObject(v)) return;
    if (i === steps.length - 1) at(v, steps[i]);
    else walk(v[steps[i]], i + 1);
  };
  walk(value, 0);
}

/** a copy of a JSON body with `change` applied at the path */
function changed(body: unknown, path: string, change: (holder: Record<string, unknown>, key: string) => void): unknown {
  if (Buffer.isBuffer(body) || body === undefined) return body;
  const copy = structuredClone(body);
  eachMember(copy, path, change);
  return copy;
}

/** the answer's member at `path` left out (where present) */
export function dropMember(path: string): (reply: Reply) => Reply {
  return (reply) => ({ ...reply, body: changed(reply.body, path, (h, k) => delete h[k]) });
}

/** the answer's member at `path` replaced by what `to` makes of it (where present) */
export function mapMember(path: string, to: (value: unknown) => unknown): (reply: Reply) => Reply {
  return (reply) => ({
    ...reply,
    body: changed(reply.body, path, (h, k) => {
      if (Object.hasOwn(h, k)) h[k] = to(h[k]);
    }),
  });
}

/** the member at `path` set to `value`, present or not (a member the answer must not carry) */
export function setMember(path: string, value: unknown): (reply: Reply) => Reply {
  return (reply) => ({ ...reply, body: changed(reply.body, path, (h, k) => (h[k] = structuredClone(value))) });
}

/** the request as if the query parameter `name` had not been sent */
export function dropQuery(name: string): (req: Incoming) => Incoming {
  return (req) => {
    const query = new URLSearchParams(req.query);
    query.delete(name);
    return { ...req, query };
  };
}

/** the request with the query parameter `name` (where sent) replaced by what `to` makes of it */
export function mapQuery(name: string, to: (value: string) => string): (req: Incoming) => Incoming {
  return (req) => {
    if (!req.query.has(name)) return req;
    const query = new URLSearchParams(req.query);
    query.set(name, to(req.query.get(name) ?? ''));
    return { ...req, query };
  };
}

/** the request with the JSON body member at `path` (where present) replaced by what `to` makes of it */
export function mapBodyMember(path: string, to: (value: unknown) => unknown): (req: Incoming) => Incoming {
  return (req) => ({
    ...req,
    body: changed(req.body, path, (h, k) => {
      if (Object.hasOwn(h, k)) h[k] = to(h[k]);
    }),
  });
}

/** both rewrites of a request, one after the other */
export function both(a: (req: Incoming) => Incoming, b: (req: Incoming) => Incoming): (req: Incoming) => Incoming {
  return (req) => b(a(req));
}

/** a value's length in characters (code points), as the documents count them */
function chars(v: string): number {
  return [...v].length;
}

/**
 * Off-by-one operators for a documented limit: `accepts` lets the value just past it through (cut
 * back to the limit before the handler sees it), `refuses` turns the value at the limit into the
 * one past it (so the handler refuses it).
 */
export const offByOne = {
  /** a text of at most `max` characters */
  text: {
    accepts: (max: number) => (v: string) => (chars(v) === max + 1 ? [...v].slice(0, max).join('') : v),
    refuses: (max: number) => (v: string) => (chars(v) === max ? `${v}x` : v),
  },
  /** a comma-separated list of at most `max` items */
  list: {
    accepts: (max: number) => (v: string) => (v.split(',').length === max + 1 ? v.split(',').slice(0, max).join(',') : v),
    refuses: (max: number) => (v: string) => (v.split(',').length === max ? `${v},${v.split(',')[0]}` : v),
  },
  /** an integer of at most `max` */
  max: {
    accepts: (max: number) => (v: string) => (Number(v) === max + 1 ? String(max) : v),
    refuses: (max: number) => (v: string) => (Number(v) === max ? String(max + 1) : v),
  },
  /** an integer of at least `min` */
  min: {
    accepts: (min: number) => (v: string) => (Number(v) === min - 1 ? String(min) : v),
    refuses: (min: number) => (v: string) => (Number(v) === min ? String(min - 1) : v),
  },
};

/** an enumeration: one listed value refused (sent on as an unlisted one), or any unlisted value accepted (as the first listed) */
export const enumeration = {
  refuses: (value: string) => (v: string) => (v === value ? `${v}_UNLISTED` : v),
  accepts: (listed: readonly string[]) => (v: string) => (listed.includes(v) ? v : listed[0]),
  /** one near miss (a plural, a truncation) taken as the listed value it resembles */
  takesAs: (near: string, listed: string) => (v: string) => (v === near ? listed : v),
};
