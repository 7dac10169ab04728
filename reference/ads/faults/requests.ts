// Request rewrites the ads family faults share beside the host's operators (host/mutations.ts):
// a required parameter filled in when it is missing (so that its absence is never refused), and
// an operator applied to each item of a comma-separated list parameter.
import type { Incoming } from '../../host/http.ts';
import { mapQuery } from '../../host/mutations.ts';

/** the request as if `name` had been sent as `value` whenever it was not (a required parameter made optional) */
export function fillQuery(name: string, value: string): (req: Incoming) => Incoming {
  return (req) => {
    if (req.query.has(name) && req.query.get(name) !== '') return req;
    const query = new URLSearchParams(req.query);
    query.set(name, value);
    return { ...req, query };
  };
}

/** the comma-separated list parameter `name` with `to` applied to each of its items */
export function mapListItems(name: string, to: (item: string) => string): (req: Incoming) => Incoming {
  return mapQuery(name, (v) => v.split(',').map(to).join(','));
}
