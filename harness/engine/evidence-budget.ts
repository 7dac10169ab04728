// Bounds on what a run keeps as evidence, so that a report stays small whatever the target sends:
// each body is already cut at 64 KiB (harness/target/evidence-body.ts); a rule keeps bodies up to
// RULE_CHARS in all, and the run up to RUN_CHARS; past either, exchanges are kept without bodies.
import type { Evidence, HttpExchange } from '../model/result.ts';
import { cutText } from '../target/evidence-body.ts';

export const RULE_CHARS = 256 * 1024;
export const RUN_CHARS = 8 * 1024 * 1024;
/** the most characters of a reason, an observation or a counterexample */
export const TEXT_CHARS = 4000;

const isExchange = (e: Evidence): e is HttpExchange => 'request' in e;

function withoutBodies(x: HttpExchange): HttpExchange {
  const { body: _b, ...request } = x.request;
  const out: HttpExchange = { ...x, request };
  if (x.response) {
    const { body: _rb, text: _t, ...response } = x.response;
    out.response = response;
  }
  return out;
}

const size = (e: Evidence): number => JSON.stringify(e)?.length ?? 0;

export class EvidenceBudget {
  private leftRun = RUN_CHARS;

  /** A rule's evidence within the rule's and the run's bounds, with a note where bodies were dropped. */
  bound(evidence: Evidence[]): Evidence[] {
    let leftRule = Math.min(RULE_CHARS, this.leftRun);
    let dropped = 0;
    const out = evidence.map((e) => {
      const n = size(e);
      if (n <= leftRule) {
        leftRule -= n;
        this.leftRun -= n;
        return e;
      }
      if (!isExchange(e)) return 'note' in e ? { note: cutText(e.note, 200) } : e;
      dropped++;
      const bare = withoutBodies(e);
      const m = Math.min(size(bare), Math.max(leftRule, 0));
      leftRule -= m;
      this.leftRun -= m;
      return bare;
    });
    if (dropped)
      out.push({
        note: `${dropped} exchange(s) kept without their bodies: the evidence of a rule is kept up to ${RULE_CHARS / 1024} KiB, of a run up to ${RUN_CHARS / 1024 / 1024} MiB`,
      });
    return out;
  }
}
