// What ads checks get as ctx.api: the client, the fixtures of the run (fetched from the control
// API once per reset, else read from the config), names that carry the run id, and the limits.
import { type AdsApiTarget, type AdsFixtures, adsFixtures } from '../../config/ads/index.ts';
import type { RunConfig } from '../../harness/config-loader/types.ts';
import type { RuleContext } from '../../harness/engine/context.ts';
import type { ControlClient } from '../../harness/target/control.ts';
import type { AdsApiClient } from './client/ads-api.ts';
import type { BatchFormFound } from './batch/form-found.ts';
import { DEFAULT_TOTAL_COUNT_PER_WINDOW } from './client/total-count-budget.ts';

/** the document's default active-campaign limit (Limits table) */
export const DEFAULT_ACTIVE_CAMPAIGNS = 200;

export class AdsApi {
  readonly ads: AdsApiClient;
  readonly target: AdsApiTarget;
  /** a short id of this run, carried by every name the run gives a record */
  readonly runId: string;
  private readonly config: RunConfig;
  private readonly control?: ControlClient;
  private readonly useControl: () => boolean;
  private fetched?: Promise<AdsFixtures>;
  private named = 0;

  constructor(o: {
    ads: AdsApiClient;
    target: AdsApiTarget;
    config: RunConfig;
    control?: ControlClient;
    runId: string;
    useControl: () => boolean;
  }) {
    this.ads = o.ads;
    this.target = o.target;
    this.config = o.config;
    this.control = o.control;
    this.runId = o.runId;
    this.useControl = o.useControl;
  }

  /** what exists on the target for the rules: the control API's fresh fixtures, else the config's */
  fixtures(): Promise<AdsFixtures> {
    if (this.control && this.useControl()) {
      const control = this.control;
      this.fetched ??= this.freshFixtures(control);
      return this.fetched;
    }
    return Promise.resolve(adsFixtures(this.config.fixtures));
  }

  /**
   * the fixtures, with scheduled posts still ahead of the target's clock: when rules moved the clock
   * past the run's fixtures (there is one reset per run side by side), fresh ones from the control
   * API for this caller, the run's own left as they are
   */
  async fixturesAhead(): Promise<AdsFixtures> {
    const f = await this.fixtures();
    if (!this.control || !this.useControl()) return f;
    const now = (await this.control.now()).getTime();
    if ((f.scheduledTweets ?? []).every((p) => Date.parse(p.scheduled_at) > now)) return f;
    return this.freshFixtures(this.control);
  }

  /** fixtures the control API makes anew (a fresh account of the authenticated user) */
  private async freshFixtures(control: ControlClient): Promise<AdsFixtures> {
    return fromControl((await control.call('POST', '/ads/fixtures')).body);
  }

  /**
   * a second account of the app's user, fresh from the control API's fixtures (a user holding a role
   * there holds none on the run's account); undefined when the run reads its fixtures from the config
   */
  async anotherAccount(): Promise<string | undefined> {
    if (!this.control || !this.useControl()) return undefined;
    const id = (await this.freshFixtures(this.control)).accountId;
    return id && id !== (await this.accountId()) ? id : undefined;
  }

  /** the account the run works in */
  async accountId(): Promise<string> {
    const id = (await this.fixtures()).accountId;
    if (!id) throw new Error('no ads account: neither the control API nor fixtures.ads.accountId gave one');
    return id;
  }

  /** a fresh name that carries the run id, so that `conform sweep` finds what a run left */
  name(label: string): string {
    this.named++;
    return `${this.namePrefix}${label}-${this.named}`;
  }

  private get namePrefix(): string {
    return `conform-${this.runId}-`;
  }

  /** whether a record's name is one this run gave (name) */
  madeByRun(name: unknown): boolean {
    return typeof name === 'string' && name.startsWith(this.namePrefix);
  }

  /** the control API's capabilities limits (set when the run learns them) */
  controlLimits: Record<string, unknown> = {};

  /** the active-campaign limit: config limits.activeCampaignsPerAccount, else the control API's capabilities, else the document's 200 */
  get activeCampaignLimit(): number {
    return this.activeCampaignLimitFrom().limit;
  }

  /** the limit and where it comes from, for messages */
  activeCampaignLimitFrom(): { limit: number; source: string } {
    const configured = this.config.limits.activeCampaignsPerAccount;
    if (typeof configured === 'number') return { limit: configured, source: 'config limits.activeCampaignsPerAccount' };
    const reported = this.controlLimits.activeCampaignsPerAccount;
    if (typeof reported === 'number' && Number.isInteger(reported) && reported >= 1)
      return { limit: reported, source: 'control capabilities limits.activeCampaignsPerAccount' };
    return { limit: DEFAULT_ACTIVE_CAMPAIGNS, source: "the document's default" };
  }

  /** the with_total_count limit per 15 minutes: config limits.totalCountPer15Min, else the document's 200 */
  get totalCountLimit(): { limit: number; source: string } {
    const configured = this.config.limits.totalCountPer15Min;
    if (typeof configured === 'number') return { limit: configured, source: 'config limits.totalCountPer15Min' };
    return { limit: DEFAULT_TOTAL_COUNT_PER_WINDOW, source: "the document's 'currently 200 per 15 minutes'" };
  }

  /** the batch request container (Batch rules item 6: not shown): found once per run, kept across resets (batch/form.ts) */
  batchForm?: Promise<BatchFormFound>;

  /** the target was reset: fixtures are fetched again when next needed */
  forgetFixtures(): void {
    this.fetched = undefined;
  }
}

function fromControl(body: unknown): AdsFixtures {
  const b = (body ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
  return {
    accountId: str(b.account_id),
    fundingInstrumentId: str(b.funding_instrument_id),
    promotableUserIds: strs(b.promotable_user_ids),
    tweetIds: strs(b.tweet_ids),
    scheduledTweets: Array.isArray(b.scheduled_tweets) ? (b.scheduled_tweets as AdsFixtures['scheduledTweets']) : undefined,
    accountMedia: Array.isArray(b.account_media) ? (b.account_media as AdsFixtures['accountMedia']) : undefined,
    draftMedia: b.draft_media && typeof b.draft_media === 'object' ? (b.draft_media as AdsFixtures['draftMedia']) : undefined,
    spareAccountMedia:
      b.spare_account_media && typeof b.spare_account_media === 'object'
        ? (b.spare_account_media as AdsFixtures['spareAccountMedia'])
        : undefined,
    videoConversationCardIds: strs(b.video_conversation_card_ids),
    unlockImageMediaKey: str(b.unlock_image_media_key),
    curatedCategoryIds: strs(b.curated_category_ids),
    ineligibleUserId: str(b.ineligible_user_id),
    // an extension of TARGET-CONTRACT §3 (docs/contract-extensions.md): an ads account of another user
    otherUserAccountId: str(b.other_user_account_id),
  };
}

export type AdsCtx = RuleContext<AdsApi>;
export type AdsCheck = (ctx: AdsCtx) => Promise<void>;
