// How long the app took to answer, as the observations say it (CRC answers and event deliveries:
// the documents give no limit, so it is observed, not judged).
import type { HttpResult } from '../../harness/target/http.ts';

export function answerTime(res: HttpResult): string {
  const ms = res.exchange.durationMs ?? 0;
  return ms < 100 ? 'under 100 ms' : ms < 1000 ? 'under 1 s' : `${Math.round(ms / 1000)} s`;
}
