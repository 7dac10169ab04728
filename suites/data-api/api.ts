// What the Data API checks get as ctx.api: the Data API client, its control endpoints, callbacks
// on the receiver, and what the run knows of the target (its webhook limit, its posts, the
// record of the run's calls).
import type { DataApiFixtures, DataApiTarget } from '../../config/data-api/index.ts';
import type { Check } from '../../harness/domain/types.ts';
import type { RuleContext } from '../../harness/engine/context.ts';
import { NotCheckable } from '../../harness/engine/outcome.ts';
import type { Receiver } from '../../harness/receiver/types.ts';
import type { ControlClient } from '../../harness/target/control.ts';
import { CallRecord } from './call-record.ts';
import { type CrcBehaviour, type DataHook, dataHook, type EventBehaviour } from './callbacks/index.ts';
import { DataControl } from './client/control.ts';
import type { DataApiClient } from './client/data-api.ts';

export class DataApi {
  readonly data: DataApiClient;
  readonly target: DataApiTarget;
  readonly fixtures: DataApiFixtures;
  /** the run's record of its Data API calls (every failed call, every replay job), for the rules that judge the whole run */
  readonly record: CallRecord;
  /** the app's maximum number of webhooks, from config or control capabilities (webhookLimit in grants.ts; known once the run has asked for the grants) */
  maxWebhooks?: number;
  /** posts are seeded through the control API (their values are known), not only named by fixtures (postsSeeded in grants.ts) */
  postsSeeded = false;
  private readonly controlClient?: DataControl;

  constructor(o: { data: DataApiClient; target: DataApiTarget; fixtures: DataApiFixtures; control?: ControlClient; record?: CallRecord }) {
    this.data = o.data;
    this.record = o.record ?? new CallRecord();
    this.target = o.target;
    this.fixtures = o.fixtures;
    this.controlClient = o.control && new DataControl(o.control);
  }

  /** The control API's Data API endpoints, or not checkable when the target has none. */
  get control(): DataControl {
    if (!this.controlClient) throw new NotCheckable('the target offers no test-control API');
    return this.controlClient;
  }

  /** A fresh callback on the receiver answering CRCs and events as told, signatures checked with the consumer secret. */
  hook(receiver: Receiver, opts: { crc?: CrcBehaviour; events?: EventBehaviour; pathSuffix?: string } = {}): DataHook {
    return dataHook(receiver, { consumerSecret: this.target.consumerSecret, bearerToken: this.target.bearerToken }, opts);
  }
}

export type DataCtx = RuleContext<DataApi>;
export type DataCheck = Check<DataApi>;
