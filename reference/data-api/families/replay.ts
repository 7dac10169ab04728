// Family faults of replay requests (Replay job; Replay request body): a member of the replay job
// left out or mistyped, every request refused, and to_date not read (the window open to now).
import { dropMember, mapBodyMember, mapMember } from '../../host/mutations.ts';
import type { Fault } from '../../host/types.ts';
import { dataApiMutation } from './fault.ts';

const REPLAY = 'POST /2/webhooks/replay';

export const REPLAY_FAMILY_FAULTS: readonly Fault[] = [
  ...(['job_id', 'created_at'] as const).flatMap((field) => [
    dataApiMutation(`replay-job-${field.replace('_', '-')}-dropped`, `a replay job answer leaves out ${field}`, ['RP-REQ-001'], [REPLAY], {
      reply: dropMember(field),
    }),
    dataApiMutation(
      `replay-job-${field.replace('_', '-')}-mistyped`,
      `a replay job answer gives ${field} as a JSON number`,
      ['RP-REQ-001'],
      [REPLAY],
      { reply: mapMember(field, (v) => (field === 'created_at' ? Date.parse(String(v)) : Number(v))) },
    ),
  ]),
  dataApiMutation(
    'replay-always-refused',
    'POST /2/webhooks/replay refuses every request, valid ones too (400, an about:blank Problem)',
    ['RP-REQ-001', 'RP-WIN-001'],
    [REPLAY],
    {
      reply: () => ({
        status: 400,
        contentType: 'application/problem+json',
        body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'replay is not available' },
      }),
    },
  ),
  dataApiMutation('replay-to-date-ignored', "to_date is not read: a job's window runs from from_date to now", ['RP-DEL-003'], [REPLAY], {
    request: mapBodyMember('to_date', () => '999912312359'),
  }),
];
