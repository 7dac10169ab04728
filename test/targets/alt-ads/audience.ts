// POST /accounts/:account_id/audience_estimate: a JSON body with targeting_criteria (at least one
// primary criterion; refinements such as location or language are not primary) and operator_type
// EQ or NE (on the body or on a criterion). The estimate is a range derived from the body.
import { createHash } from 'node:crypto';
import { ownAccount } from './auth.ts';
import { type Detail, detail, invalid } from './errors.ts';
import { jsonBody } from './http.ts';
import type { Answer, Call, Route } from './router.ts';

/** criteria that only narrow an audience */
const REFINEMENTS = new Set([
  'LOCATION',
  'LANGUAGE',
  'GENDER',
  'AGE',
  'PLATFORM',
  'PLATFORM_VERSION',
  'DEVICE',
  'NETWORK_OPERATOR',
  'WIFI_ONLY',
]);
const OPERATORS = ['EQ', 'NE'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function estimate(c: Call): Answer {
  ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const body = jsonBody(c.req);
  const problems: Detail[] = [];
  if (!isObject(body)) throw invalid([detail('INVALID_BODY', 'the body must be a JSON object')]);
  const crit = body.targeting_criteria;
  if (body.operator_type !== undefined && !OPERATORS.includes(body.operator_type as string))
    problems.push(detail('INVALID_PARAMETER_VALUE', 'operator_type must be EQ or NE', 'operator_type'));
  if (crit === undefined) problems.push(detail('REQUIRED_PARAMETER_MISSING', 'targeting_criteria is required', 'targeting_criteria'));
  else if (!Array.isArray(crit) || crit.length === 0)
    problems.push(detail('INVALID_PARAMETER_VALUE', 'targeting_criteria must be a non-empty array', 'targeting_criteria'));
  else {
    crit.forEach((x, i) => {
      const f = `targeting_criteria[${i}]`;
      if (!isObject(x) || typeof x.targeting_type !== 'string' || x.targeting_type === '')
        problems.push(detail('INVALID_PARAMETER_VALUE', `${f} needs a targeting_type`, f));
      else if (x.operator_type !== undefined && !OPERATORS.includes(x.operator_type as string))
        problems.push(detail('INVALID_PARAMETER_VALUE', `${f}.operator_type must be EQ or NE`, `${f}.operator_type`));
    });
    const primary = crit.some((x) => isObject(x) && typeof x.targeting_type === 'string' && !REFINEMENTS.has(x.targeting_type));
    if (problems.length === 0 && !primary)
      problems.push(detail('PRIMARY_CRITERION_MISSING', 'at least one primary targeting criterion is required', 'targeting_criteria'));
  }
  if (problems.length) throw invalid(problems);
  const h = createHash('sha256').update(JSON.stringify(body)).digest();
  const low = 10_000 + (h.readUInt32BE(0) % 5_000_000);
  return {
    body: {
      request: { params: c.p.echo },
      data: { estimate: { low, high: low * 2 + 1000 }, operator_type: body.operator_type ?? 'EQ' },
    },
  };
}

export const audienceRoutes: Route[] = [{ method: 'POST', pattern: '/accounts/:account_id/audience_estimate', handler: estimate }];
