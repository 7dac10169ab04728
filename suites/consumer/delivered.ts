// The events the suite delivered in this run, by their event id, and what else their bodies carry:
// to tell the probe's entries that are the suite's events from those that are not.
//
// The probe lists "every event the app acted on, by the event id it read, with how many times"
// (TARGET-CONTRACT §6), and "Event payloads follow the real payloads in ../fixtures/real/ (event id
// and kind where those put them)": the suite puts each event's id in data.event_uuid, as the real
// payloads do. An entry whose id is no event id the suite sent is either another event the app
// acted on (other traffic) or one of the suite's read under another id. In both cases the absence
// of one of the suite's ids no longer shows that the app left that event alone. When the id is a
// value the suite's own events carry elsewhere (data.payload.id, the filter's user id), or an event
// id of the suite's read as a number, the app read the event id elsewhere than where it is: it does
// not "deduplicate by event id" (Events, Delivery rules 4).

export interface Foreign {
  id: string;
  kind: string;
  count: number;
  /** where in an event the suite delivered the id comes from, when it does */
  from?: string;
  /** the event id of that event */
  of?: string;
}

interface Origin {
  eventId: string;
  kind: string;
  path: string;
}

export class Delivered {
  private readonly ids = new Set<string>();
  /** every other value of the bodies delivered (strings, numbers), with the first place it was seen */
  private readonly values = new Map<string, Origin>();
  /**
   * the event ids read as the wrong thing: without their sign, as a binary floating-point number (by
   * JavaScript's form of that number; a probe entry in another language's form is read back to it)
   */
  private readonly misread = new Map<string, { eventId: string; kind: string; how: string }>();

  /** records a body the suite is about to POST (a body that is no JSON event records nothing) */
  record(body: string): void {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return;
    }
    const data = (value as { data?: { event_uuid?: unknown; event_type?: unknown } } | null)?.data;
    if (!data || typeof data.event_uuid !== 'string') return;
    const eventId = data.event_uuid;
    const kind = typeof data.event_type === 'string' ? data.event_type : '?';
    this.ids.add(eventId);
    const unsigned = eventId.replace(/^-/, '');
    if (unsigned !== eventId) this.misread.set(unsigned, { eventId, kind, how: 'without its sign' });
    const asNumber = Number(eventId);
    if (Number.isFinite(asNumber) && String(asNumber) !== eventId)
      this.misread.set(String(asNumber), { eventId, kind, how: 'read as a floating-point number (its last digits lost)' });
    const walk = (v: unknown, path: string): void => {
      if (typeof v === 'string' || typeof v === 'number') {
        if (path !== 'data.event_uuid' && !this.values.has(String(v))) this.values.set(String(v), { eventId, kind, path });
      } else if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    };
    walk(value, '');
  }

  /** whether `id` is the event id of an event the suite delivered */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** the probe's entries that are no event the suite delivered, each with where it comes from in one that it did, when it does */
  foreign(events: readonly { id: string; kind: string; count: number }[]): Foreign[] {
    return events
      .filter((e) => !this.ids.has(e.id))
      .map((e) => {
        const at = this.values.get(e.id);
        const mis = this.misread.get(e.id) ?? this.misread.get(asDouble(e.id));
        const from = at
          ? `the value of ${at.path} in the ${at.kind} event ${at.eventId} the suite delivered`
          : mis
            ? `the event id ${mis.eventId} of the ${mis.kind} event the suite delivered, ${mis.how}`
            : undefined;
        const of = at?.eventId ?? mis?.eventId;
        return { id: e.id, kind: e.kind, count: e.count, ...(from ? { from, of } : {}) };
      });
  }
}

/** a decimal number as JavaScript prints its double ("9.313131988557044e+18", as Python prints it, is "9313131988557044000"); else '' */
const asDouble = (id: string): string => (/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(id) ? String(Number(id)) : '');

/** a short list of foreign entries for a reason: the first few, each with its kind */
export function listForeign(foreign: readonly Foreign[], most = 3): string {
  const shown = foreign.slice(0, most).map((f) => `${f.id} (${f.kind}${f.from ? `: ${f.from}` : ''})`);
  return `${shown.join('; ')}${foreign.length > most ? `; and ${foreign.length - most} more` : ''}`;
}

/**
 * Why "not acted on" cannot be judged from an event's absence in the probe: it also lists ids the
 * suite never sent. The probe lists events "by the event id it read" (TARGET-CONTRACT §6): the app
 * may have acted on the suite's event under another id.
 */
export function foreignReason(foreign: readonly Foreign[], what: string): string {
  return (
    `${what}, but the probe also lists ${foreign.length} event id(s) the suite never sent: ${listForeign(foreign)}. ` +
    'The probe lists "every event the app acted on, by the event id it read" (TARGET-CONTRACT §6) and the suite sends the event id ' +
    "where the real payloads put it (data.event_uuid): the app acted on other events, or read the ids of the suite's elsewhere " +
    "(CON-EVT-001), so whether it acted on one of the suite's cannot be told from its id's absence"
  );
}
