// compliance.har: every HTTP exchange the rules kept in their evidence (up to 40 of each rule's, trim-evidence.ts; already redacted)
// as an HTTP Archive 1.2, which browsers' developer tools and CI log viewers open. Each entry's comment names the rule.
import type { HttpExchange, RunReport } from '../harness/model/result.ts';

interface NameValue {
  name: string;
  value: string;
}

const pairs = (h: Record<string, string>): NameValue[] => Object.entries(h).map(([name, value]) => ({ name, value }));

function text(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function query(url: string): NameValue[] {
  try {
    return [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function entry(x: HttpExchange, ruleId: string, startedAt: string) {
  const reqBody = text(x.request.body);
  const resText = x.response ? (x.response.text ?? text(x.response.body)) : '';
  return {
    startedDateTime: startedAt,
    time: x.durationMs ?? 0,
    comment: `${ruleId}${x.error ? `: ${x.error}` : ''}`,
    request: {
      method: x.request.method,
      url: x.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(x.request.headers),
      queryString: query(x.request.url),
      ...(reqBody ? { postData: { mimeType: x.request.headers['content-type'] ?? 'application/json', text: reqBody } } : {}),
      headersSize: -1,
      bodySize: reqBody ? Buffer.byteLength(reqBody) : 0,
    },
    response: {
      status: x.response?.status ?? 0,
      statusText: x.error ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(x.response?.headers ?? {}),
      content: { size: Buffer.byteLength(resText), mimeType: x.response?.headers['content-type'] ?? '', text: resText },
      redirectURL: x.response?.headers.location ?? '',
      headersSize: -1,
      bodySize: resText ? Buffer.byteLength(resText) : -1,
    },
    cache: {},
    timings: { send: 0, wait: x.durationMs ?? 0, receive: 0 },
  };
}

export function renderHar(report: RunReport): string {
  const entries = report.rules.flatMap((r) =>
    r.evidence.filter((e): e is HttpExchange => 'request' in e).map((x) => entry(x, r.id, r.startedAt ?? report.startedAt)),
  );
  return `${JSON.stringify(
    {
      log: {
        version: '1.2',
        creator: { name: 'conform', version: report.harnessVersion },
        comment: `${report.target.name}, seed ${report.seed}`,
        pages: [],
        entries,
      },
    },
    null,
    2,
  )}\n`;
}
