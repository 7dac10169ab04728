// Parameters of the catalog document's calls that the document gives no container for (conversation
// cards, draft posts): the query string and a form body as everywhere, or a JSON object body whose
// members are read as parameters (arrays as comma lists, numbers and booleans as their text).
import { invalidOne } from './errors.ts';
import { jsonBody } from './http.ts';
import { Params } from './params.ts';
import type { Call } from './router.ts';

export function callParams(c: Call): Params {
  if (c.req.contentType !== 'application/json' || c.req.body.length === 0) return c.p;
  const b = jsonBody(c.req);
  if (b === null || typeof b !== 'object' || Array.isArray(b)) throw invalidOne('INVALID_BODY', 'the body is a JSON object of parameters');
  const pairs: [string, string][] = [...c.req.pairs];
  for (const [k, v] of Object.entries(b as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (v === null) pairs.push([k, '']);
    else if (Array.isArray(v)) pairs.push([k, v.map(String).join(',')]);
    else if (typeof v === 'object') throw invalidOne('INVALID_PARAMETER_VALUE', `${k} is not an object`, k);
    else pairs.push([k, String(v)]);
  }
  const p = new Params(pairs, c.path);
  c.p = p;
  return p;
}
