// Work whose outcome several rules read (one scenario on the target, judged by several rules):
// done once per run, by the first rule that asks, as that rule (its owner, its evidence, its
// cleanup). The rules that ask later get the same value, or the same failure, with a note naming
// the rule that did it and a copy of its evidence of the work (or, with `exchanges: false`, of its
// notes only: the exchanges stay once in the report, in that rule's evidence); a rule gets that
// copy once, however often it asks. Their chain of round trips stays their own. Rules that share
// work must hold what the work needs: the scheduler keeps them apart as it would keep the work's own
// rule. Run alone (a reproducer), a rule does the work itself.
import type { Evidence } from '../model/result.ts';

interface Done {
  outcome: Promise<unknown>;
  by: string;
  evidence: Evidence[];
  /** the evidence lists that hold the work's evidence already (its own rule's, and each copy) */
  holders: WeakSet<Evidence[]>;
}

export interface SharedOptions {
  /** whether later rules get a copy of the work's exchanges too (default), or its notes only */
  exchanges?: boolean;
}

export class SharedWork {
  private readonly done = new Map<string, Done>();

  /**
   * `fn`'s outcome for `key`: `fn` runs when no rule of the run has asked for `key` yet;
   * `evidence` is the asking rule's, which the work's evidence is copied to (or from).
   */
  get<T>(key: string, rule: string, evidence: Evidence[], fn: () => Promise<T>, opts: SharedOptions = {}): Promise<T> {
    const earlier = this.done.get(key);
    if (earlier) {
      const copy = async () => {
        await earlier.outcome.catch(() => undefined);
        if (earlier.holders.has(evidence)) return;
        earlier.holders.add(evidence);
        if (opts.exchanges === false) {
          const exchanges = earlier.evidence.filter((e) => 'request' in e).length;
          evidence.push(
            {
              note: `${key}: done once in this run, by ${earlier.by}; its ${exchanges} exchange(s) are in the evidence of ${earlier.by}, its notes follow`,
            },
            ...earlier.evidence.filter((e) => !('request' in e)),
          );
        } else evidence.push({ note: `${key}: done once in this run, by ${earlier.by}; its evidence follows` }, ...earlier.evidence);
      };
      return copy().then(() => earlier.outcome as Promise<T>);
    }
    const from = evidence.length;
    const entry: Done = { outcome: Promise.resolve(), by: rule, evidence: [], holders: new WeakSet([evidence]) };
    entry.outcome = fn().finally(() => {
      entry.evidence = evidence.slice(from);
    });
    this.done.set(key, entry);
    return entry.outcome as Promise<T>;
  }
}
