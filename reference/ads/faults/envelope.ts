// Envelope faults, applied to every successful answer (see ../envelope-faults.ts).
import { fault } from './fault.ts';

export const ENVELOPE_FAULTS = [
  fault('ads-params-not-echoed', 'request.params echoes only the path parameters, none of the query', ['ADS-ENV-001']),
  fault('ads-echo-drops-q', 'request.params echoes every accepted parameter but q (the name search of accounts and campaigns)', [
    'ADS-ENV-001',
  ]),
  fault('ads-single-as-array', 'single-item GET answers carry data as a one-element array', ['ADS-ENV-002']),
  fault('ads-last-page-no-cursor', 'the last page of a list has no next_cursor key (instead of null)', ['ADS-ENV-003']),
  fault('ads-last-page-empty-cursor', 'the last page of a list has next_cursor "" (instead of null)', ['ADS-ENV-003']),
  fault('ads-total-count-always', 'every list carries total_count, also without with_total_count=true', ['ADS-ENV-004']),
] as const;
