// Reading an event delivery: {"data": {"event_uuid": "…", "event_type": "post.create", "payload": {…}, …}}.

export interface EventHead {
  /** data.event_uuid; undefined when the delivery carries none (the quickstart example has none). */
  id: string | undefined;
  /** data.event_type */
  kind: string | undefined;
  payload: Record<string, unknown> | undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The id and kind of a parsed body, or undefined when it is not an event envelope. */
export function readEvent(body: unknown): EventHead | undefined {
  if (!isObject(body) || !isObject(body.data)) return undefined;
  const { event_uuid, event_type, payload } = body.data;
  return {
    id: typeof event_uuid === 'string' ? event_uuid : typeof event_uuid === 'number' ? String(event_uuid) : undefined,
    kind: typeof event_type === 'string' ? event_type : undefined,
    payload: isObject(payload) ? payload : undefined,
  };
}

const ISO_FIELDS = ['created_at', 'date_time', 'updated_at'];
const MS_FIELDS = ['timestamp_ms', 'created_at_msec', 'created_timestamp', 'created_timestamp_ms', 'event_timestamp_ms'];

/** A timestamp (ms since the epoch) found at the top of the payload, if any; used by the 'replay-dropped' fault only. */
export function payloadTime(payload: Record<string, unknown> | undefined): number | undefined {
  if (!payload) return undefined;
  for (const f of ISO_FIELDS) {
    const v = payload[f];
    if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return Date.parse(v);
  }
  for (const f of MS_FIELDS) {
    const v = payload[f];
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : Number.NaN;
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}
