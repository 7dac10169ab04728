// The ads part's fault catalogue: each entry is one deliberate deviation from one documented rule
// of ads-api-accounts-campaigns.md. The host keeps at most one fault active; everything else stays
// correct. `breaks` names the harness rule ids the deviation is meant to fail.

import type { Fault } from '../host/types.ts';

function fault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'ads', description, breaks };
}

export const ADS_FAULTS = [
  // envelope (applied to every successful answer, see envelope-faults.ts)
  fault('ads-params-not-echoed', 'request.params echoes only the path parameters, none of the query', ['ADS-ENV-001']),
  fault('ads-single-as-array', 'single-item GET answers carry data as a one-element array', ['ADS-ENV-002']),
  fault('ads-last-page-no-cursor', 'the last page of a list has no next_cursor key (instead of null)', ['ADS-ENV-003']),
  fault('ads-total-count-always', 'every list carries total_count, also without with_total_count=true', ['ADS-ENV-004']),
] as const;
