// Writing a part's choices: one maker per document, so that each entry of a choices.ts names only
// what differs (id, section, sentence, the default reading and its own).
import type { Choice } from './host/types.ts';

export type ChoiceMaker = <I extends string>(
  id: I,
  section: string,
  sentence: string,
  byDefault: string,
  reading: string,
  excludes?: string[],
) => Choice<I>;

/** the maker of one document's choices, for a part (and, when the part has several documents, a suite) */
export function choicesOf(doc: string, domain: string, suite?: string): ChoiceMaker {
  return (id, section, sentence, byDefault, reading, excludes) => ({
    id,
    domain,
    ...(suite ? { suite } : {}),
    source: { doc, section, sentence },
    byDefault,
    reading,
    ...(excludes ? { excludes } : {}),
  });
}
