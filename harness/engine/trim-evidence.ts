// What a rule's evidence keeps when it is long: the first and the last of it, the exchange its
// failure is about, and every note (what the rule could not try, what it left out: a reader needs
// them to know what a verdict rests on); the exchanges between are counted, not kept.
import { type Evidence, type HttpExchange, omittedNote } from '../model/result.ts';

const MAX_EVIDENCE = 40;
const HEAD = 10;

export function trimEvidence(e: Evidence[], keep?: HttpExchange): Evidence[] {
  if (e.length <= MAX_EVIDENCE) return e;
  const tail = e.slice(e.length - (MAX_EVIDENCE - HEAD - 1));
  const out = e.slice(0, HEAD);
  let omitted = 0;
  const count = () => {
    if (omitted > 0) out.push(omittedNote(omitted));
    omitted = 0;
  };
  for (const x of e.slice(HEAD, e.length - tail.length)) {
    if (x === keep || 'note' in x) {
      count();
      out.push(x);
    } else omitted++;
  }
  count();
  return [...out, ...tail];
}
