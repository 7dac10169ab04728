// The rules that judge what a user's actions give (EVT-*, SUB-*) run beside the rules that make
// events through the control API (WH-EVT-*, WH-SIG-*, the replay rules): those events reach every
// valid webhook of the app too, so what arrives after an action holds them as well. actAndSee leaves
// out every event the run made through the control API (known by id), and keeps the action's own.
import { describe, expect, test } from 'vitest';
import type { InboundRequest } from '../../../harness/receiver/types.ts';
import type { DataCtx } from '../../../suites/data-api/api.ts';
import { actAndSee } from '../../../suites/data-api/setup/activity.ts';
import { makeEvent, sendEvents } from '../../../suites/data-api/setup/events.ts';

function post(seq: number, data: Record<string, unknown>): InboundRequest {
  return {
    at: new Date().toISOString(),
    seq,
    method: 'POST',
    url: '/hook',
    path: '/hook',
    query: {},
    headers: {},
    rawBody: Buffer.from(JSON.stringify({ data })),
    answered: 200,
  };
}

describe('what an action gives, beside events made through the control API', () => {
  test("another rule's control event that arrives after the action is left out; the action's own events are kept", async () => {
    const arrived: InboundRequest[] = [];
    const receiver = { lastSeq: () => arrived.length };
    const ctx = {
      receiver,
      api: {
        control: {
          // the control API delivers before it answers: each event reaches the webhook
          events: async (events: { id: string; kind: string }[]) => {
            for (const e of events) arrived.push(post(arrived.length + 1, { event_uuid: e.id, event_type: e.kind }));
          },
          // the action gives its own event, and meanwhile another rule's control event arrives
          actions: async () => {
            arrived.push(post(arrived.length + 1, { event_uuid: 'a1b2c3', event_type: 'profile.update.geo' }));
            await sendEvents(ctx, makeEvent('beside'));
            return [{}];
          },
        },
      },
    } as unknown as DataCtx;
    const { events } = await actAndSee(ctx, () => arrived, { kind: 'profile.update', user_id: '1', field: 'geo', value: 'Lisbon' });
    expect(events.map((e) => [e.id, e.kind])).toEqual([['a1b2c3', 'profile.update.geo']]);
    expect(arrived).toHaveLength(2);
  });
});
