// The Data API part's choices: where data-api-webhooks-replay.md leaves a choice open that a
// rule's verdict could depend on, the other readings the reference can take (each a switch:
// conform run --choice ID). What the reference does without the switch is `byDefault`.
import type { Choice } from '../host/types.ts';

const DOC = 'data-api-webhooks-replay.md';

function choice<I extends string>(
  id: I,
  section: string,
  sentence: string,
  byDefault: string,
  reading: string,
  excludes?: string[],
): Choice<I> {
  return { id, domain: 'data-api', source: { doc: DOC, section, sentence }, byDefault, reading, ...(excludes ? { excludes } : {}) };
}

export const DATA_API_CHOICES = [
  choice(
    'replay-to-date-exclusive',
    'Replay request body (JSON)',
    'to_date: end of the window; its description repeats that of from_date, so whether the end is inclusive: not shown',
    'to_date includes its whole minute: events up to to_date + 60 s are re-delivered',
    'to_date is exclusive: events from the start of the to_date minute on are not re-delivered',
  ),
  choice(
    'replay-future-to-date-refused',
    'Replay request body (JSON)',
    'to_date: same format and pattern; end of the window (nothing says whether it may lie in the future)',
    'a to_date later than now is accepted',
    'a to_date later than now is refused as an invalid request (400, naming to_date)',
  ),
] as const satisfies readonly Choice[];

export type DataApiChoiceId = (typeof DATA_API_CHOICES)[number]['id'];
