// The table "Other endpoints announced for the API" of the document, one entry per method and path
// (a row naming several is several entries), as the document writes them: the run's call record
// counts a call to one as a call of the API (call-record.ts), and API-001 and ERR-004 call each or
// say why they do not (other-endpoints.ts).

export interface AnnouncedEndpoint {
  method: 'GET' | 'POST' | 'DELETE';
  /** below {base_url}; a `{parameter}` stands for one path segment */
  path: string;
}

export const ANNOUNCED_ENDPOINTS: readonly AnnouncedEndpoint[] = [
  { method: 'POST', path: '/2/account_activity/replay/webhooks/{webhook_id}/subscriptions/all' },
  { method: 'POST', path: '/2/activity/subscriptions' },
  { method: 'GET', path: '/2/activity/stream' },
  { method: 'GET', path: '/2/connections' },
  { method: 'DELETE', path: '/2/connections/all' },
  { method: 'DELETE', path: '/2/connections/{endpoint_id}' },
  { method: 'DELETE', path: '/2/connections' },
  { method: 'GET', path: '/2/news/search' },
  { method: 'GET', path: '/2/news/{id}' },
  { method: 'POST', path: '/2/evaluate_note' },
  { method: 'GET', path: '/2/notes/search/posts_eligible_for_notes' },
  { method: 'GET', path: '/2/notes/search/notes_written' },
  { method: 'POST', path: '/2/notes' },
  { method: 'GET', path: '/2/powerstream/rules' },
  { method: 'GET', path: '/2/tweets/search/recent' },
  { method: 'GET', path: '/2/tweets/search/all' },
  { method: 'GET', path: '/2/tweets/counts/recent' },
  { method: 'GET', path: '/2/tweets/counts/all' },
  { method: 'GET', path: '/2/tweets/search/stream/rules' },
  { method: 'POST', path: '/2/tweets/search/stream/rules' },
  { method: 'DELETE', path: '/2/tweets/search/stream/rules' },
  { method: 'POST', path: '/2/tweets' },
];

/** `path` of the table as a pattern of whole paths: each `{parameter}` one segment */
const patternOf = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

const PATTERNS = ANNOUNCED_ENDPOINTS.map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }));

/** the endpoint of the table `method` `path` (below {base_url}, without a query) calls, if any */
export function announcedEndpointOf(method: string, path: string): AnnouncedEndpoint | undefined {
  return PATTERNS.find((e) => e.endpoint.method === method.toUpperCase() && e.pattern.test(path))?.endpoint;
}
