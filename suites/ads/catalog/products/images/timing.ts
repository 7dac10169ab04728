// Whether a target judged an image while it wrote the product: the receiver answers each image of
// the image rules only after a delay, so a target whose answer waits for the image answers after
// the receiver began to send it, and has read it whole; one that fetches it after answering (or in
// the background) gets it only after its answer came. The document does not say when images are
// checked; only a judgement made while writing shows in the write's answer.
//
// The receiver began to send before the answer came, and every byte went: that is what a target
// that waits for the image shows. The moment the receiver sees its last byte handed over is no
// measure: a target in a thread or process of its own can read the image and answer before the
// receiver's own thread hears that its write ended.
import type { MediaFile } from '../../../../../harness/receiver/index.ts';

/** how long the receiver waits before it answers a judged image */
export const JUDGED_DELAY_MS = 1000;

/** how long after a write's answer an image being sent then is waited for to end */
const SETTLE_MS = 2000;

export interface Seen {
  /** some request for the file began to be answered before the write was answered, and was answered whole */
  atWrite: boolean;
  /** what the target did with the file, for a reason */
  story: string;
}

const before = (at: string | undefined, t: number) => at !== undefined && Date.parse(at) <= t;

/** Waits (at most SETTLE_MS) until every answer to `files` that began by `answeredAt` has ended. */
export async function settled(files: readonly MediaFile[], answeredAt: number): Promise<void> {
  const until = Date.now() + SETTLE_MS;
  const sending = () => files.some((f) => f.requests().some((r) => before(r.sendingAt, answeredAt) && !r.delivered));
  while (sending() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

/** what the target did with `file` by the time its answer to the write arrived (`answeredAt`, ms); after `settled` */
export function seenAtWrite(file: MediaFile, answeredAt: number): Seen {
  const all = file.requests();
  const sent = all.filter((r) => before(r.sendingAt, answeredAt));
  if (sent.some((r) => r.delivered?.complete)) return { atWrite: true, story: 'fetched while writing' };
  if (all.length === 0) return { atWrite: false, story: 'not fetched by the time the write was answered' };
  if (all.some((r) => r.delivered && !r.delivered.complete && before(r.delivered.at, answeredAt)))
    return {
      atWrite: false,
      story: `fetched, but the target hung up before the receiver answered (it answers a judged image after ${JUDGED_DELAY_MS} ms)`,
    };
  if (sent.length > 0)
    return { atWrite: false, story: `fetched, but not read whole by the write's answer (nor within ${SETTLE_MS} ms of it)` };
  return { atWrite: false, story: 'fetched, but the write was answered before the image was delivered' };
}
