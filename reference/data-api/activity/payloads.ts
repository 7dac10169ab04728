// The payloads of the events the service emits, in the form of the real payloads
// (../shared/fixtures/real/events/xaa/): {data: {event_uuid, filter: {user_id}, event_type, tag,
// payload}}, the payload of each kind shaped as the real one of its kind (direct-message payloads
// as the legacy direct_message_*_events). The document shows no payload structure.
import { isoMillis } from '../../host/clock.ts';
import type { JsonObject } from '../state.ts';

/** event ids as the real payloads' event_uuid: decimal, 19 digits, never reused within a process */
let nextEventId = 2_080_000_000_000_000_001n;

export function newEventId(): string {
  return String(nextEventId++);
}

export function envelope(eventId: string, kind: string, userId: string, tag: string, payload: JsonObject): JsonObject {
  return { data: { event_uuid: eventId, filter: { user_id: userId }, event_type: kind, tag, payload } };
}

export function postPayload(id: string, authorId: string, text: string, at: number): JsonObject {
  return { id, text, author_id: authorId, created_at: isoMillis(at), edit_history_tweet_ids: [id], lang: 'en' };
}

export function messagePayload(messageId: string, senderId: string, recipientId: string, text: string, at: number): JsonObject {
  return {
    direct_message_events: [
      {
        type: 'message_create',
        id: messageId,
        created_timestamp: String(at),
        message_create: { target: { recipient_id: recipientId }, sender_id: senderId, message_data: { text } },
      },
    ],
  };
}

/** dm.read and dm.indicate_typing: the legacy mark-read and typing events */
export function markPayload(kind: 'read' | 'typing', senderId: string, recipientId: string | undefined, at: number): JsonObject {
  const event = { created_timestamp: String(at), sender_id: senderId, target: { recipient_id: recipientId ?? '' } };
  return kind === 'read' ? { direct_message_mark_read_events: [event] } : { direct_message_indicate_typing_events: [event] };
}

export function profilePayload(before: unknown, after: unknown): JsonObject {
  return { before, after };
}

export function spacePayload(spaceId: string, userId: string, username: string, kind: 'start' | 'end'): JsonObject {
  return { user: { data: { id: userId, username } }, broadcast_id: spaceId, event_type: `spaces_${kind}` };
}
