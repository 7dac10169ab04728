// A rule is data: an id, a title, where the documents state it, a level, what it needs.
// Its check lives in the suite folder and is looked up by id.

/** MUST: the document states it; a target that breaks it fails.
 *  OBSERVE: the document marks it "not shown"; the harness records what it sees and never fails. */
export type Level = 'MUST' | 'OBSERVE';

export type SuiteName = 'data-api';

/** What a target must offer for a rule to be checkable.
 *  control.*: a capability of the test-control API (TARGET-CONTRACT §3).
 *  limit.*: a value the documents leave open, from control capabilities or config `limits`.
 *  fixture.*: ids that exist on a target without control (TARGET-CONTRACT §4). */
export type Capability =
  | 'control.reset'
  | 'control.clock'
  | 'control.events'
  | 'control.crcSweep'
  /** the hourly CRC can be made to happen: control.clock or control.crcSweep */
  | 'control.hourlyCrc'
  | 'control.replayHold'
  /** posts whose ids are known: seeded through control posts, or fixtures.postIds / fixtures.posts */
  | 'posts'
  /** posts whose fields are known: control posts, or fixtures.posts[].fields */
  | 'posts.fields'
  /** posts with media whose keys are known: control posts, or fixtures.posts[].mediaKeys */
  | 'posts.media'
  | 'limit.maxWebhooks';

export interface SpecSource {
  /** file name under shared/spec */
  doc: string;
  /** section heading in that document */
  section: string;
  /** item within the section: a numbered rule, a table row, a field */
  item: string;
}

export interface RuleMeta {
  id: string;
  title: string;
  suite: SuiteName;
  /** area inside the suite, the sub-folder of its check */
  area: string;
  level: Level;
  source: SpecSource;
  needs: Capability[];
}

export function sourceText(s: SpecSource): string {
  return `${s.doc} § ${s.section} ${s.item}`;
}
