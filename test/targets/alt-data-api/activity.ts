// Events as the service makes them happen: recorded at its now and delivered to every valid
// webhook. Besides the ones the control API asks for, a test can have the service show activity
// of its own (its users' posts), as a live service does: beside each event made through the
// control API, or every so many milliseconds.
import type { Ctx } from './context.ts';
import { deliver, type DeliveryStatus } from './delivery.ts';
import { type EventRecord, nowMs } from './store.ts';

let eventSeq = 0;

/** the next event's sequence number */
export const nextEventSeq = (): number => ++eventSeq;

/** one event's delivery to one webhook, as POST /events answers it */
export interface Delivery {
  event_id: string;
  webhook_id: string;
  status: DeliveryStatus;
}

/** records an event and delivers it to every valid webhook; each delivery's outcome */
export async function happen(ctx: Ctx, ev: EventRecord): Promise<Delivery[]> {
  const st = ctx.st;
  st.events.push(ev);
  const hooks = [...st.webhooks.values()].filter((w) => w.valid);
  return Promise.all(
    hooks.map(async (w) => {
      st.attempts.push({ event: ev, webhookId: w.id });
      return { event_id: ev.id, webhook_id: w.id, status: await deliver(ctx, w.url, ev.payload) };
    }),
  );
}

/** an event of the service's own activity (another user's post), in the shape of the real payloads */
export function ownEvent(ctx: Ctx): EventRecord {
  const seq = nextEventSeq();
  const id = `alt-own-${seq}`;
  const payload = { data: { event_uuid: id, event_type: 'post.create', tag: 'alt', payload: { text: "another user's post" } } };
  return { id, kind: 'post.create', payload, atMs: nowMs(ctx.st), seq };
}
