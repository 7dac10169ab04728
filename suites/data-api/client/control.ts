// The Data API's control endpoints (TARGET-CONTRACT §3): the hourly CRC sweep, events, replay
// holds, seeded posts and the users' actions (§3b), on top of the engine's control client
// (capabilities, reset, clock, users).
import type { ControlAction, ControlClient, PerformedAction } from '../../../harness/target/control.ts';

export interface ControlEvent {
  id: string;
  kind: string;
  payload: unknown;
}

export interface Delivery {
  event_id: string;
  webhook_id: string;
  status: number | string;
}

export class DataControl {
  private readonly control: ControlClient;

  constructor(control: ControlClient) {
    this.control = control;
  }

  now(): Promise<Date> {
    return this.control.now();
  }

  /** `orLater`: on the shared clock, any later time will do (harness/engine/shared-clock.ts) */
  advance(seconds: number, o: { orLater?: boolean } = {}): Promise<Date> {
    return this.control.advance(seconds, o);
  }

  async crcSweep(): Promise<{ webhook_id: string; valid: boolean }[]> {
    const b = (await this.control.call('POST', '/crc-sweep')).body as { checked?: { webhook_id: string; valid: boolean }[] };
    return b?.checked ?? [];
  }

  async events(events: ControlEvent[]): Promise<Delivery[]> {
    const b = (await this.control.call('POST', '/events', { events })).body as { deliveries?: Delivery[] };
    return b?.deliveries ?? [];
  }

  /** whether replay jobs are held, as the last POST /replay-hold this client sent set it (undefined: none answered yet) */
  replayHeld?: boolean;

  async replayHold(hold: boolean): Promise<void> {
    await this.control.call('POST', '/replay-hold', { hold });
    this.replayHeld = hold;
  }

  async posts(world: { posts: unknown[]; users: unknown[]; media: unknown[] }): Promise<void> {
    await this.control.call('POST', '/posts', world);
  }

  /** POST /actions (TARGET-CONTRACT §3b): what the app's users do; what the target performed */
  actions(actions: ControlAction[]): Promise<PerformedAction[]> {
    return this.control.actions(actions);
  }
}
