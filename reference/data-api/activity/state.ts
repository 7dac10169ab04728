// What an app keeps of its users' activity (TARGET-CONTRACT §3b): the subscriptions that make the
// service deliver a user's activity to the app (made by the subscribe action or by POST
// /2/activity/subscriptions), the streaming connections the app opened, the spaces and posts its
// users made. Dropped with the rest of the app's state by POST /__control/reset.
import { randomUUID } from 'node:crypto';

export type Direction = 'sent' | 'received' | 'both';

export const DIRECTIONS: readonly Direction[] = ['sent', 'received', 'both'];

export interface Subscription {
  id: string;
  /** made by the subscribe action (the harness's) or by POST /2/activity/subscriptions (the API's) */
  via: 'action' | 'api';
  /** the user whose activity it delivers */
  userId: string;
  direction: Direction;
  /** only activity whose text contains it (case-insensitive) */
  keyword?: string;
  /** the webhook it delivers to; every valid webhook of the app when absent */
  webhookId?: string;
  tag?: string;
  createdAt: number;
}

export interface Connection {
  id: string;
  endpointId: string;
  connectedAt: number;
  /** when it was terminated: a historical connection */
  endedAt?: number;
  endReason?: string;
}

export interface Space {
  id: string;
  userId: string;
  startedAt: number;
  endedAt?: number;
}

/** the streaming endpoints a connection may be opened on (the real service's endpoint ids) */
export const STREAM_ENDPOINTS = ['filtered_stream', 'sample_stream', 'sample10_stream'] as const;

export class ActivityState {
  subscriptions: Subscription[] = [];
  connections: Connection[] = [];
  spaces: Space[] = [];
  /** post id → author */
  posts = new Map<string, string>();
  #next = 1_990_000_000_000_000_001n;

  /** a fresh id of 19 digits (posts, spaces, messages, subscriptions) */
  newId(): string {
    return String(this.#next++);
  }

  subscribe(s: Omit<Subscription, 'id'>): Subscription {
    const sub = { id: this.newId(), ...s };
    this.subscriptions.push(sub);
    return sub;
  }

  connect(endpointId: string, now: number): Connection {
    const c: Connection = { id: randomUUID(), endpointId, connectedAt: now };
    this.connections.push(c);
    return c;
  }

  active(): Connection[] {
    return this.connections.filter((c) => c.endedAt === undefined);
  }

  reset(): void {
    this.subscriptions = [];
    this.connections = [];
    this.spaces = [];
    this.posts.clear();
  }
}
