// Whether a target judged an image while it wrote the product: the receiver answers each image of
// the image rules only after a delay, so a target whose answer waits for the image answers after
// the image was delivered whole, and one that fetches it after answering (or in the background)
// gets it only after its answer came. The document does not say when images are checked; only a
// judgement made while writing shows in the write's answer.
import type { MediaFile } from '../../../../../harness/receiver/index.ts';

/** how long the receiver waits before it answers a judged image */
export const JUDGED_DELAY_MS = 1000;

export interface Seen {
  /** some request for the file was answered whole before the write was answered */
  atWrite: boolean;
  /** what the target did with the file, for a reason */
  story: string;
}

/** what the target did with `file` by the time its answer to the write arrived (`answeredAt`, ms) */
export function seenAtWrite(file: MediaFile, answeredAt: number): Seen {
  const reqs = file.requests();
  const done = (at: string | undefined) => at !== undefined && Date.parse(at) <= answeredAt;
  if (reqs.some((r) => r.delivered?.complete && done(r.delivered.at))) return { atWrite: true, story: 'fetched while writing' };
  if (reqs.length === 0) return { atWrite: false, story: 'not fetched by the time the write was answered' };
  if (reqs.some((r) => r.delivered && !r.delivered.complete && done(r.delivered.at)))
    return {
      atWrite: false,
      story: `fetched, but the target hung up before the receiver answered (it answers a judged image after ${JUDGED_DELAY_MS} ms)`,
    };
  return { atWrite: false, story: 'fetched, but the write was answered before the image was delivered' };
}
