// What consumer checks get as ctx.api: the service's two calls on the app's callback URL, the
// event builder, and how to tell what the app did with an event (the probe, else the statuses
// the team promised in rejectStatus).
import type { ConsumerTarget } from '../../config/consumer/index.ts';
import type { RuleContext } from '../../harness/engine/context.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { type Event, eventOf } from './events.ts';
import type { ProbeClient } from './probe.ts';
import type { Service } from './service.ts';
import { signed } from './signing.ts';

export type ConsumerCtx = RuleContext<ConsumerApi>;

export class ConsumerApi {
  readonly service: Service;
  readonly target: ConsumerTarget;
  readonly probe?: ProbeClient;
  constructor(service: Service, target: ConsumerTarget, probe?: ProbeClient) {
    this.service = service;
    this.target = target;
    this.probe = probe;
  }

  get secret(): string {
    return this.target.consumerSecret;
  }

  event(kind: string, opts?: Parameters<typeof eventOf>[1]): Event {
    return eventOf(kind, opts);
  }

  /** delivers an event as the service does: its JSON bytes, signed with the consumer secret */
  deliver(e: Event, body = JSON.stringify(e.value)): Promise<HttpResult> {
    return this.service.deliver({ body, signature: signed(this.secret, body) });
  }

  /** how many times the app processed the event (probe only) */
  async count(ctx: ConsumerCtx, id: string): Promise<number> {
    if (!this.probe) ctx.notCheckable('needs consumer.probe: the app shows what it processed only through its probe');
    return this.probe.countOf(id);
  }

  /** whether the app acted on the event: by the probe, else by its answer against rejectStatus */
  async processed(ctx: ConsumerCtx, e: Event, res: HttpResult): Promise<boolean> {
    if (this.probe) return (await this.probe.countOf(e.id)) > 0;
    const reject = this.target.rejectStatus;
    if (!reject) ctx.notCheckable('needs consumer.probe or consumer.rejectStatus to see what the app did with an event');
    // accepted: a 2xx answer the team did not name as its refusal
    return res.status >= 200 && res.status < 300 && !reject.includes(res.status);
  }

  /** a readable account of what the app did, for failure messages */
  async said(e: Event, res: HttpResult): Promise<string> {
    const count = this.probe ? ` and the probe lists it ${await this.probe.countOf(e.id)} time(s)` : '';
    return `event ${e.id} (${e.kind}) was answered ${res.status}${count}`;
  }
}
